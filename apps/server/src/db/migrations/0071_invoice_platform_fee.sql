ALTER TABLE "invoices" ADD COLUMN "platform_link_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "platform_fee" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_platform_check" CHECK ((platform_link_id is null) = (platform_fee is null));