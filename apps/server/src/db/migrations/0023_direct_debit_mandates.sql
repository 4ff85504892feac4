CREATE TABLE "direct_debit_mandates" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"account_holder" text,
	"bank_name" text,
	"account_last4" text,
	"provider_ref" text,
	"bank_decision" text,
	"provider_token" text,
	"return_url" text NOT NULL,
	"setup_public_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "direct_debit_mandates_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_business_id_customer_id_customers_business_id_id_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_mandates_public_id_key" ON "direct_debit_mandates" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_customer_idx" ON "direct_debit_mandates" USING btree ("business_id","customer_id","created_at");--> statement-breakpoint
-- hand-written
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_last4_check" CHECK ("account_last4" IS NULL OR "account_last4" ~ '^[0-9]{4}$');
