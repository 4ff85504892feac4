CREATE TABLE "beneficiaries" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"bank_code" text,
	"branch_code" text,
	"swift_code" text,
	"account_number" text NOT NULL,
	"is_iban" boolean NOT NULL,
	"email" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "transfer_events" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_events_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "transfer_quotes" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"send_amount" bigint NOT NULL,
	"receive_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"rate_micros" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_quotes_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "transfer_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"approval_threshold" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"quote_id" uuid,
	"status" text NOT NULL,
	"source_currency" text NOT NULL,
	"send_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"target_currency" text NOT NULL,
	"receive_amount" bigint NOT NULL,
	"rate_micros" bigint NOT NULL,
	"reference" text,
	"beneficiary_name" text NOT NULL,
	"beneficiary_bank" text NOT NULL,
	"account_number" text NOT NULL,
	"needs_approval" boolean NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text,
	"reviewed_by" uuid,
	"reviewed_by_name" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transfers_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "transfers_amounts_check" CHECK ("transfers"."send_amount" > 0 and "transfers"."fee" >= 0 and "transfers"."receive_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_quotes" ADD CONSTRAINT "transfer_quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_settings" ADD CONSTRAINT "transfer_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiaries_created_idx" ON "beneficiaries" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_events_transfer_idx" ON "transfer_events" USING btree ("business_id","transfer_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_created_idx" ON "transfers" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfers_beneficiary_idx" ON "transfers" USING btree ("business_id","beneficiary_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_awaiting_idx" ON "transfers" USING btree ("business_id") WHERE "transfers"."status" = 'awaiting_review';--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_quote_key" ON "transfers" USING btree ("business_id","quote_id") WHERE "transfers"."quote_id" is not null;