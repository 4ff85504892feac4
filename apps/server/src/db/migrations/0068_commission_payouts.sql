ALTER TABLE "partner_commissions" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD COLUMN "ledger_transaction_id" uuid;--> statement-breakpoint
CREATE INDEX "partner_commissions_open_idx" ON "partner_commissions" USING btree ("status","partner_business_id") WHERE status <> 'paid';--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_status_check" CHECK ((status = 'accrued') = (approved_at is null) and (status = 'paid') = (paid_at is not null) and (status = 'paid') = (ledger_transaction_id is not null));