ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
-- hand-written
-- Keys claimed before leases existed keep the rule they were claimed under: a key without an answer stays
-- busy until it expires (its request may still be running in a process of the previous version).
UPDATE "idempotency_keys" SET "owner" = '', "lease_expires_at" = "expires_at";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "owner" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "lease_expires_at" SET NOT NULL;
