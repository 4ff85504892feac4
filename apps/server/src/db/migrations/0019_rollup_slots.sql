ALTER TABLE "ledger_balances" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments_daily" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments_daily" DROP CONSTRAINT "payments_daily_key";--> statement-breakpoint
ALTER TABLE "ledger_balances" DROP CONSTRAINT "ledger_balances_business_id_account_currency_pk";--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_business_id_account_currency_slot_pk" PRIMARY KEY("business_id","account","currency","slot");--> statement-breakpoint
ALTER TABLE "payments_daily" ADD CONSTRAINT "payments_daily_key" UNIQUE NULLS NOT DISTINCT("business_id","day","currency","source_type","method","slot");--> statement-breakpoint
-- hand-written
-- The rollups off the hot path (docs/payments.md, "## overview" Performance): every payment of a business and
-- day used to update the same payments_daily row, and every charge the same ledger_balances merchant_pending
-- row, each locked until its transaction ended, so concurrent payments queued one behind the other. Each key
-- now has up to 16 rows (`slot`), and a transaction writes all its rollup changes to the slot of its own
-- transaction id: concurrent transactions mostly write different rows, and one transaction's rows are still
-- locked in the same order as before (no new deadlock). Readers sum over the slots; the rows already there
-- are slot 0, so the figures do not move.
CREATE OR REPLACE FUNCTION payments_daily_apply() RETURNS trigger AS $$
DECLARE
  sign integer;
  r payments%ROWTYPE;
  s smallint := (txid_current() % 16)::smallint;
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
    INSERT INTO payments_daily AS d (business_id, day, currency, method, source_type, slot, captured, gross, fee, net, failed)
    VALUES (r.business_id, (r.created_at AT TIME ZONE 'UTC')::date, r.currency, r.method, r.source_type, s,
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
CREATE OR REPLACE FUNCTION ledger_balances_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_balances AS b (business_id, account, currency, slot, amount)
  VALUES (NEW.business_id, NEW.account, NEW.currency, (txid_current() % 16)::smallint, NEW.amount)
  ON CONFLICT (business_id, account, currency, slot) DO UPDATE SET amount = b.amount + excluded.amount;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
