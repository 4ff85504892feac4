ALTER TABLE "pos_draft_orders" ADD COLUMN "paid_order_id" uuid;--> statement-breakpoint
ALTER TABLE "pos_draft_orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_draft_orders_paid_order_key" ON "pos_draft_orders" USING btree ("business_id","paid_order_id");