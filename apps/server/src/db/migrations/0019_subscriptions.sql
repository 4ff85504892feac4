CREATE TABLE "subscription_charges" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"attempt" integer NOT NULL,
	"payment_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"failure_code" text,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"retry_days" jsonb NOT NULL,
	"final_action" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_setups" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text DEFAULT 'card' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_setups_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"plan_id" uuid,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"interval_days" integer,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"cycles_total" integer,
	"cycles_done" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"trial_end_at" timestamp with time zone,
	"anchor_at" timestamp with time zone,
	"anchor_period" integer DEFAULT 1 NOT NULL,
	"period" integer DEFAULT 1 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"next_charge_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_plan_id" uuid,
	"method_kind" text,
	"method_token" text,
	"method_brand" text,
	"method_last4" text,
	"method_exp_month" integer,
	"method_exp_year" integer,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_business_id_subscription_id_subscriptions_business_id_id_fk" FOREIGN KEY ("business_id","subscription_id") REFERENCES "public"."subscriptions"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_settings" ADD CONSTRAINT "subscription_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_setups" ADD CONSTRAINT "subscription_setups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_setups" ADD CONSTRAINT "subscription_setups_business_id_subscription_id_subscriptions_business_id_id_fk" FOREIGN KEY ("business_id","subscription_id") REFERENCES "public"."subscriptions"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_customer_id_customers_business_id_id_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_plan_id_recurring_plans_business_id_id_fk" FOREIGN KEY ("business_id","plan_id") REFERENCES "public"."recurring_plans"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_attempt_key" ON "subscription_charges" USING btree ("business_id","subscription_id","period","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_paid_key" ON "subscription_charges" USING btree ("business_id","subscription_id","period") WHERE "subscription_charges"."outcome" = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_setups_public_id_key" ON "subscription_setups" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("business_id","customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("business_id","plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due');