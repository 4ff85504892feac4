ALTER TABLE "pos_refunds" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "app_version" text;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD COLUMN "offline_device_id" uuid;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD COLUMN "offline_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD COLUMN "offline_allowed" boolean;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD COLUMN "refund_started_at" timestamp with time zone;