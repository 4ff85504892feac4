DROP INDEX "invoices_created_idx";--> statement-breakpoint
DROP INDEX "invoices_status_idx";--> statement-breakpoint
DROP INDEX "repeating_invoices_created_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_currency_idx";--> statement-breakpoint
DROP INDEX "invoice_imports_created_idx";--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("business_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "repeating_invoices_created_idx" ON "repeating_invoices" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_currency_idx" ON "bank_accounts" USING btree ("business_id","currency","created_at");--> statement-breakpoint
CREATE INDEX "invoice_imports_created_idx" ON "invoice_imports" USING btree ("business_id","created_at","id");