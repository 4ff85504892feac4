ALTER TABLE "products" ADD COLUMN "codes" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "codes" = coalesce((SELECT string_agg(' ' || concat_ws(' ', lower(v."sku"), v."barcode"), '' ORDER BY v."position") FROM "product_variants" v WHERE v."business_id" = p."business_id" AND v."product_id" = p."id" AND (v."sku" IS NOT NULL OR v."barcode" IS NOT NULL)), '');--> statement-breakpoint
CREATE INDEX "products_codes_trgm_idx" ON "products" USING gin ("codes" gin_trgm_ops);
