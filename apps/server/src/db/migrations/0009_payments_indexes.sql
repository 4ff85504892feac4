-- Search over reference, customer name and email uses trigram indexes (docs/payments.md, "## transactions").
-- pg_trgm is a trusted extension: the database owner may create it; PGlite loads it from its contrib build.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("business_id","amount","id");--> statement-breakpoint
CREATE INDEX "payments_reference_trgm_idx" ON "payments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_customer_name_trgm_idx" ON "payments" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_customer_email_trgm_idx" ON "payments" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_card_last4_idx" ON "payments" USING btree ("business_id","card_last4");