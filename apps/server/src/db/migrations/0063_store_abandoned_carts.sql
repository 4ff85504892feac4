ALTER TABLE "store_carts" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "store_carts" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "store_carts" ADD COLUMN "recovery_mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_carts" ADD COLUMN "recovery_token_hash" text;--> statement-breakpoint
ALTER TABLE "store_carts" ADD COLUMN "recovered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "recovery_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "store_carts_recovery_token_key" ON "store_carts" USING btree ("recovery_token_hash");--> statement-breakpoint
CREATE INDEX "store_carts_email_idx" ON "store_carts" USING btree ("business_id","updated_at","id") WHERE "store_carts"."customer_email" is not null;--> statement-breakpoint
CREATE INDEX "store_carts_unmailed_idx" ON "store_carts" USING btree ("updated_at") WHERE "store_carts"."customer_email" is not null and "store_carts"."recovery_mail_sent_at" is null;