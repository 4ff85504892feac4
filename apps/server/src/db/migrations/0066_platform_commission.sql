CREATE TABLE "platform_settings" (
	"business_id" uuid NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_settings_business_id_pk" PRIMARY KEY("business_id"),
	CONSTRAINT "platform_settings_commission_check" CHECK (commission_bps >= 0 and commission_bps <= 5000)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;