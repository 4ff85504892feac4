CREATE TABLE "bank_accounts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"bank_code" text,
	"branch_code" text,
	"swift_code" text,
	"account_number" text NOT NULL,
	"is_iban" boolean NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_currency_idx" ON "bank_accounts" USING btree ("business_id","currency","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_key" ON "bank_accounts" USING btree ("business_id","currency") WHERE "bank_accounts"."is_default";