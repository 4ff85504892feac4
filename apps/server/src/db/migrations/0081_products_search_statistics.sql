-- The product list's search (`name ilike '%q%'`, `codes like '% q%'`) is planned for its words (db/prepared.ts): the
-- planner estimates how many products a pattern matches from the columns' sampled histograms. With the default 100
-- entries one sampled product holding the pattern made a rare SKU look like 1 % of the catalogue, and the planner
-- walked 57,806 products by date instead of the trigram indexes' 100 (p99 1.6 s at 50 connections in a benchmark run;
-- docs/benchmarks.md, "The catalogue at scale"). 1,000 entries make one sampled match 0.1 %.
ALTER TABLE "products" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "codes" SET STATISTICS 1000;
