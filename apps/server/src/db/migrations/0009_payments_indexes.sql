-- Search over reference, customer name and email uses trigram indexes (docs/payments.md, "## transactions").
-- pg_trgm is a trusted extension: the database owner may create it; PGlite loads it from its contrib build.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "payments_created_idx";--> statement-breakpoint
DROP INDEX "payments_status_idx";--> statement-breakpoint
DROP INDEX "payments_source_idx";--> statement-breakpoint
DROP INDEX "payments_customer_idx";--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("business_id","amount","id");--> statement-breakpoint
CREATE INDEX "payments_reference_trgm_idx" ON "payments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_customer_name_trgm_idx" ON "payments" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_customer_email_trgm_idx" ON "payments" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_card_last4_idx" ON "payments" USING btree ("business_id","card_last4");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_source_idx" ON "payments" USING btree ("business_id","source_type","source_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("business_id","customer_id","created_at");