ALTER TABLE "businesses" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_postal_code" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;