CREATE TABLE "store_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"store_name" text,
	"logo_url" text,
	"currency_display" text DEFAULT 'code' NOT NULL,
	"phone_field" text DEFAULT 'hidden' NOT NULL,
	"note_field" boolean DEFAULT false NOT NULL,
	"refund_policy" text DEFAULT '' NOT NULL,
	"privacy_policy" text DEFAULT '' NOT NULL,
	"terms_policy" text DEFAULT '' NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"closed_message" text,
	"customer_mails" jsonb DEFAULT '["order_placed","shipped","ready_for_pickup","cancelled","refunded"]'::jsonb NOT NULL,
	"merchant_mails" jsonb DEFAULT '["order_placed"]'::jsonb NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "custom_domain_token" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "custom_domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "custom_domain_problem" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_custom_domain_key" ON "businesses" USING btree (lower("custom_domain"));