-- The storefront's products on sale by id with when each changed: the sitemap's files by keyset, read from the index alone.
CREATE INDEX "products_on_sale_id_idx" ON "products" USING btree ("business_id","id","updated_at") WHERE "products"."status" = 'active' and "products"."channels" @> '{online_store}';--> statement-breakpoint
-- The storefront's search (every word in the name or the description): a trigram index of both, pg_trgm (migration 0009).
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("name" || ' ' || coalesce("description", '')) gin_trgm_ops);
