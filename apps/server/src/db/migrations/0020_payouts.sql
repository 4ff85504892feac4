CREATE TABLE "payout_lines" (
	"business_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"entry_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_lines_business_id_payout_id_entry_id_pk" PRIMARY KEY("business_id","payout_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"schedule" text NOT NULL,
	"weekly_day" smallint,
	"monthly_day" smallint,
	"minimum_amount" bigint DEFAULT 0 NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_minimum_check" CHECK ("payout_settings"."minimum_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" date,
	"bank_account_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"failure_reason" text,
	"lines_count" integer DEFAULT 0 NOT NULL,
	"gross_amount" bigint DEFAULT 0 NOT NULL,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrives_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_lines_order_idx" ON "payout_lines" USING btree ("business_id","payout_id","entry_created_at","entry_id");--> statement-breakpoint
CREATE INDEX "payout_lines_entry_idx" ON "payout_lines" USING btree ("business_id","entry_id");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_scheduled_key" ON "payouts" USING btree ("business_id","currency","scheduled_for") WHERE "payouts"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "payouts_in_transit_idx" ON "payouts" USING btree ("arrives_at") WHERE "payouts"."status" = 'in_transit';