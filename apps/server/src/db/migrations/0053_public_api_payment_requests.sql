ALTER TABLE "payment_links" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "webhook_url" text;