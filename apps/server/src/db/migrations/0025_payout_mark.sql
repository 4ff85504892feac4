CREATE TABLE "payout_marks" (
	"business_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"entry_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_marks_business_id_currency_pk" PRIMARY KEY("business_id","currency")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_marks" ADD CONSTRAINT "payout_marks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_beneficiary_fk" FOREIGN KEY ("business_id","beneficiary_id") REFERENCES "public"."beneficiaries"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("business_id","currency","seq") WHERE "ledger_entries"."account" = 'merchant_available' and "ledger_entries"."balance" = 'wallet';