CREATE TABLE "checkout_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"brand_color" text DEFAULT '#1c7ed6' NOT NULL,
	"settlement_delay_days" smallint DEFAULT 2 NOT NULL,
	"send_receipts" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "ledger_entries_nonzero_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"reference_type" text,
	"reference_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"amount" bigint,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"reference" text,
	"product_id" uuid,
	"customer_id" uuid,
	"customer_email" text,
	"customer_phone" text,
	"collect_email" boolean DEFAULT true NOT NULL,
	"collect_phone" boolean DEFAULT false NOT NULL,
	"collect_note" boolean DEFAULT false NOT NULL,
	"single_use" boolean DEFAULT true NOT NULL,
	"redirect_url" text,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_method_settings" (
	"business_id" uuid NOT NULL,
	"method" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"pass_fee_to_customer" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_settings_business_id_method_pk" PRIMARY KEY("business_id","method")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"customer_id" uuid,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"customer_fee" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"provider" text DEFAULT 'test' NOT NULL,
	"provider_ref" text,
	"card_token" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"failure_code" text,
	"customer_name" text,
	"customer_email" text,
	"customer_phone" text,
	"customer_note" text,
	"reference" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"available_on" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount" >= 0 and "payments"."fee" >= 0 and "payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "provider_connections" (
	"business_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_connections_business_id_provider_pk" PRIMARY KEY("business_id","provider")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"provider_ref" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "static_qr_codes" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"amount" bigint,
	"currency" text NOT NULL,
	"location_label" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_qr_codes_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD CONSTRAINT "checkout_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_settings" ADD CONSTRAINT "payment_method_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_connections" ADD CONSTRAINT "provider_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_qr_codes" ADD CONSTRAINT "static_qr_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("business_id",lower("email"));--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("business_id","transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("business_id","account","currency","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("business_id","payment_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("business_id","payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_public_key" ON "payment_links" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_public_key" ON "payments" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("business_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_source_idx" ON "payments" USING btree ("business_id","source_type","source_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("business_id","customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_settle_idx" ON "payments" USING btree ("available_on") WHERE "payments"."settled_at" is null and "payments"."available_on" is not null;--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("business_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_qr_codes_public_key" ON "static_qr_codes" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "static_qr_codes_created_idx" ON "static_qr_codes" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Money history is append-only: payment events, refunds and the ledger refuse UPDATE, DELETE and TRUNCATE.
CREATE OR REPLACE FUNCTION money_history_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_events_no_change BEFORE UPDATE OR DELETE ON payment_events FOR EACH ROW EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER payment_events_no_truncate BEFORE TRUNCATE ON payment_events FOR EACH STATEMENT EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER refunds_no_change BEFORE UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER refunds_no_truncate BEFORE TRUNCATE ON refunds FOR EACH STATEMENT EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_change BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION money_history_append_only();
--> statement-breakpoint
-- A ledger transaction balances: at commit, its entries sum to zero in each currency.
CREATE OR REPLACE FUNCTION ledger_transaction_balances() RETURNS trigger AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT currency INTO unbalanced FROM ledger_entries
    WHERE business_id = NEW.business_id AND transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, unbalanced;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
