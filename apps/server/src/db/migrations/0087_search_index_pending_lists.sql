-- The search indexes' pending lists at 64 kB (db/search.ts, SEARCH_INDEX_STORAGE): set in place, no index is rebuilt.
-- Each ALTER locks its index (not its table) until the migrations commit, and queries of the table wait for that
-- lock: behind a long query (an export) it gives up after 10 s rather than hold every later query of the table.
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
ALTER INDEX "customers_search_idx" SET (gin_pending_list_limit=64);--> statement-breakpoint
ALTER INDEX "payments_search_idx" SET (gin_pending_list_limit=64);--> statement-breakpoint
ALTER INDEX "payments_reference_trgm_idx" SET (gin_pending_list_limit=64);--> statement-breakpoint
ALTER INDEX "products_name_trgm_idx" SET (gin_pending_list_limit=64);--> statement-breakpoint
ALTER INDEX "products_codes_trgm_idx" SET (gin_pending_list_limit=64);--> statement-breakpoint
ALTER INDEX "products_search_trgm_idx" SET (gin_pending_list_limit=64);
