ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;