CREATE TABLE "ledger_daily" (
	"business_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"balance" text NOT NULL,
	"day" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_business_id_account_currency_balance_day_slot_pk" PRIMARY KEY("business_id","account","currency","balance","day","slot")
);
--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "balance" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_balances" DROP CONSTRAINT "ledger_balances_business_id_account_currency_slot_pk";--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_business_id_account_currency_balance_slot_pk" PRIMARY KEY("business_id","account","currency","balance","slot");--> statement-breakpoint
ALTER TABLE "ledger_daily" ADD CONSTRAINT "ledger_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_statement_idx" ON "ledger_entries" USING btree ("business_id","account","currency","balance","created_at","id");--> statement-breakpoint
-- hand-written
-- Balances and the statement from rollups (docs/payments.md, "balances and bank accounts" Performance). The
-- balance an entry counts in (wallet, card, xendit) was found by joining its transaction's payment on every
-- read; it is now kept on the entry at posting, and ledger_balances is keyed by it, so a balance page reads a
-- few rollup rows. ledger_daily keeps each account's sum per balance and UTC day for the statement's running
-- balance. The entries already posted get their balance here, with the append-only trigger off for this one
-- statement only, and both rollups are rebuilt from the entries.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_change;--> statement-breakpoint
UPDATE ledger_entries e SET balance = CASE p.provider WHEN 'stripe' THEN 'card' WHEN 'xendit' THEN 'xendit' ELSE 'wallet' END
FROM ledger_transactions t JOIN payments p ON p.business_id = t.business_id AND p.id = t.payment_id
WHERE t.business_id = e.business_id AND t.id = e.transaction_id AND p.provider IN ('stripe', 'xendit');--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_change;--> statement-breakpoint
DELETE FROM ledger_balances;--> statement-breakpoint
INSERT INTO ledger_balances (business_id, account, currency, balance, slot, amount)
SELECT business_id, account, currency, balance, 0, sum(amount) FROM ledger_entries GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO ledger_daily (business_id, account, currency, balance, day, slot, amount)
SELECT business_id, account, currency, balance, (created_at AT TIME ZONE 'UTC')::date, 0, sum(amount) FROM ledger_entries GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_balances_apply() RETURNS trigger AS $$
DECLARE
  s smallint := (txid_current() % 16)::smallint;
BEGIN
  INSERT INTO ledger_balances AS b (business_id, account, currency, balance, slot, amount)
  VALUES (NEW.business_id, NEW.account, NEW.currency, NEW.balance, s, NEW.amount)
  ON CONFLICT (business_id, account, currency, balance, slot) DO UPDATE SET amount = b.amount + excluded.amount;
  INSERT INTO ledger_daily AS d (business_id, account, currency, balance, day, slot, amount)
  VALUES (NEW.business_id, NEW.account, NEW.currency, NEW.balance, (NEW.created_at AT TIME ZONE 'UTC')::date, s, NEW.amount)
  ON CONFLICT (business_id, account, currency, balance, day, slot) DO UPDATE SET amount = d.amount + excluded.amount;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
