ALTER TABLE "payments" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_last4" text;--> statement-breakpoint
CREATE INDEX "payments_bank_last4_idx" ON "payments" USING btree ("business_id","bank_last4") WHERE "payments"."bank_last4" is not null;