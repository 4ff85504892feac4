DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_category_name_idx" ON "products" USING btree ("business_id","category_id","name","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("business_id","category_id","created_at","id");