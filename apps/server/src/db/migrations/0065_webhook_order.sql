ALTER TABLE "webhook_deliveries" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("business_id","endpoint_id","seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_events_object_idx" ON "webhook_events" USING btree ("business_id","object_type","object_id");