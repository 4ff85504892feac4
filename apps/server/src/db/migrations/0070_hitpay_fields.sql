ALTER TABLE "recurring_plans" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "nickname" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "remark" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "is_favourite" boolean DEFAULT false NOT NULL;