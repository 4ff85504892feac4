CREATE TABLE "integrations" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"callback_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "integrations_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "integration_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "integration_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "integration_id" uuid;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integrations_business_created_idx" ON "integrations" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_integration_idx" ON "payments" USING btree ("business_id","integration_id","created_at","id") WHERE "payments"."integration_id" is not null;