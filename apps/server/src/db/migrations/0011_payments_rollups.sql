CREATE TABLE "ledger_balances" (
	"business_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_business_id_account_currency_pk" PRIMARY KEY("business_id","account","currency")
);
--> statement-breakpoint
CREATE TABLE "payments_daily" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"method" text,
	"source_type" text NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payments_daily_key" UNIQUE NULLS NOT DISTINCT("business_id","day","currency","source_type","method")
);
--> statement-breakpoint
DROP INDEX "customers_created_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_created_idx";--> statement-breakpoint
DROP INDEX "payment_links_created_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "static_qr_codes_created_idx";--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments_daily" ADD CONSTRAINT "payments_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "static_qr_codes_created_idx" ON "static_qr_codes" USING btree ("business_id","created_at","id");--> statement-breakpoint
-- The Overview's daily figures and the ledger's balances (docs/payments.md, "## overview" Performance): each
-- payment row's share of its UTC day is moved by a trigger in the same transaction as the row's insert or
-- state change; each ledger entry (append-only) is added to its account's sum as it is posted. Payments and
-- entries are never deleted but with their business, whose rollup rows the cascade deletes too.
CREATE OR REPLACE FUNCTION payments_daily_apply() RETURNS trigger AS $$
DECLARE
  sign integer;
  r payments%ROWTYPE;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.amount, OLD.fee, OLD.net, OLD.currency, OLD.method, OLD.source_type, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.status, NEW.amount, NEW.fee, NEW.net, NEW.currency, NEW.method, NEW.source_type, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  FOR step IN 1..2 LOOP
    IF step = 1 THEN
      CONTINUE WHEN TG_OP <> 'UPDATE';
      r := OLD;
      sign := -1;
    ELSE
      r := NEW;
      sign := 1;
    END IF;
    CONTINUE WHEN r.status NOT IN ('succeeded', 'partially_refunded', 'refunded', 'failed');
    INSERT INTO payments_daily AS d (business_id, day, currency, method, source_type, captured, gross, fee, net, failed)
    VALUES (r.business_id, (r.created_at AT TIME ZONE 'UTC')::date, r.currency, r.method, r.source_type,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign END,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign * r.amount END,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign * r.fee END,
            CASE WHEN r.status = 'failed' THEN 0 ELSE sign * r.net END,
            CASE WHEN r.status = 'failed' THEN sign ELSE 0 END)
    ON CONFLICT ON CONSTRAINT payments_daily_key DO UPDATE SET
      captured = d.captured + excluded.captured, gross = d.gross + excluded.gross, fee = d.fee + excluded.fee,
      net = d.net + excluded.net, failed = d.failed + excluded.failed;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER payments_daily_rollup AFTER INSERT OR UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION payments_daily_apply();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_balances_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_balances AS b (business_id, account, currency, amount) VALUES (NEW.business_id, NEW.account, NEW.currency, NEW.amount)
  ON CONFLICT (business_id, account, currency) DO UPDATE SET amount = b.amount + excluded.amount;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER ledger_balances_rollup AFTER INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_balances_apply();--> statement-breakpoint
INSERT INTO payments_daily (business_id, day, currency, method, source_type, captured, gross, fee, net, failed)
SELECT business_id, (created_at AT TIME ZONE 'UTC')::date, currency, method, source_type,
       count(*) FILTER (WHERE status <> 'failed'), coalesce(sum(amount) FILTER (WHERE status <> 'failed'), 0),
       coalesce(sum(fee) FILTER (WHERE status <> 'failed'), 0), coalesce(sum(net) FILTER (WHERE status <> 'failed'), 0),
       count(*) FILTER (WHERE status = 'failed')
FROM payments WHERE status IN ('succeeded', 'partially_refunded', 'refunded', 'failed')
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO ledger_balances (business_id, account, currency, amount)
SELECT business_id, account, currency, sum(amount) FROM ledger_entries GROUP BY 1, 2, 3;
