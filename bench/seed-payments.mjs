// Benchmark data: N payments for one business (the demo business by default), spread over the last 365
// days, newest first by number: 90% succeeded, 10% failed; a quarter of them with a card, the rest PayNow
// or e-wallet; links and static QR; customer names, emails and references to search. Each payment gets
// its `created` and final events, and a succeeded one its charge and fee ledger transactions (two entries
// each) as the charges service posts them; funds older than two days are settled, the settlement posted
// as one ledger transaction per day (the balances are right; per-payment `settled` events are left out).
// Written by set-based SQL (generate_series, data-modifying CTEs) in chunks, never one insert per row.
// The ledger's deferred balance trigger is skipped for the load (session_replication_role = replica: the
// rows are balanced by construction), so the connection must be a superuser's (PGlite is; so is the
// server scripts/postgres.mjs starts). That skips the rollup triggers too (payments_daily, ledger_balances:
// migration 0011), so the business's rollup rows are rebuilt from its rows at the end, as the migration
// builds them for existing data.
//
// Usage: node bench/seed-payments.mjs <count> <postgres-url | pglite-data-dir> [business identifier]
// (the database must be migrated and hold the business: start the app on it once with DEMO_DATA=on).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

const CHUNK = 50_000;

/** A connection to a PostgreSQL URL or an embedded data directory: `query(text, params)` and `close()`. */
export async function connect(target) {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir: target, extensions: { pg_trgm } });
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

const insertChunk = `
WITH src AS (
  SELECT g,
         now() - ((g - 1)::float8 / $3) * interval '365 days' AS at,
         500 + (g * 7919) % 49500 AS amount,
         CASE g % 4 WHEN 0 THEN 'card' WHEN 1 THEN 'paynow' WHEN 2 THEN 'ewallet' ELSE 'paynow' END AS method,
         g % 10 = 7 AS failed
  FROM generate_series($2::bigint, $4::bigint) AS g
), shaped AS (
  SELECT src.*,
         CASE WHEN failed THEN 0 WHEN method = 'card' THEN round(amount * 0.034)::int + 50
              WHEN method = 'paynow' THEN round(amount * 0.01)::int ELSE round(amount * 0.025)::int END AS fee
  FROM src
), p AS (
  INSERT INTO payments (business_id, id, public_id, source_type, status, amount, currency, fee, net, method, provider,
                        card_brand, card_last4, failure_code, customer_name, customer_email, reference,
                        created_at, updated_at, succeeded_at, available_on, settled_at)
  SELECT $1, gen_random_uuid(), 'pay_bench' || g, CASE WHEN g % 3 = 0 THEN 'static_qr' ELSE 'payment_link' END,
         CASE WHEN failed THEN 'failed' ELSE 'succeeded' END, amount, 'sgd', fee, CASE WHEN failed THEN 0 ELSE amount - fee END,
         method, 'test',
         CASE WHEN method = 'card' THEN 'visa' END, CASE WHEN method = 'card' THEN lpad(((g * 31) % 10000)::text, 4, '0') END,
         CASE WHEN failed THEN CASE WHEN method = 'card' THEN 'card_declined' ELSE 'wallet_cancelled' END END,
         'Customer ' || (g % 50000), 'customer' || (g % 50000) || '@example.com', 'INV-' || lpad(g::text, 7, '0'),
         at, at, CASE WHEN NOT failed THEN at END, CASE WHEN NOT failed THEN at + interval '2 days' END,
         CASE WHEN NOT failed AND at + interval '2 days' < now() THEN at + interval '2 days' END
  FROM shaped
  RETURNING business_id, id, status, amount, fee, created_at
), created AS (
  INSERT INTO payment_events (business_id, id, payment_id, type, data, created_at)
  SELECT business_id, gen_random_uuid(), id, 'created', jsonb_build_object('amount', amount, 'currency', 'sgd'), created_at FROM p
), final AS (
  INSERT INTO payment_events (business_id, id, payment_id, type, data, created_at)
  SELECT business_id, gen_random_uuid(), id, status, jsonb_build_object('amount', amount, 'fee', fee), created_at + interval '30 seconds' FROM p
), tx AS (
  INSERT INTO ledger_transactions (business_id, id, kind, payment_id, description, created_at)
  SELECT p.business_id, gen_random_uuid(), k.kind, p.id, k.kind || ' of a benchmark payment', p.created_at + interval '30 seconds'
  FROM p CROSS JOIN (VALUES ('charge'), ('fee')) AS k(kind)
  WHERE p.status = 'succeeded' AND (k.kind = 'charge' OR p.fee > 0)
  RETURNING business_id, id, kind, payment_id, created_at
)
INSERT INTO ledger_entries (business_id, id, transaction_id, account, currency, amount, created_at)
SELECT tx.business_id, gen_random_uuid(), tx.id, e.account, 'sgd', e.amount, tx.created_at
FROM tx JOIN p ON p.id = tx.payment_id
CROSS JOIN LATERAL (VALUES
  (CASE tx.kind WHEN 'charge' THEN 'customer_funds' ELSE 'merchant_pending' END, CASE tx.kind WHEN 'charge' THEN -p.amount ELSE -p.fee END),
  (CASE tx.kind WHEN 'charge' THEN 'merchant_pending' ELSE 'platform_fees' END, CASE tx.kind WHEN 'charge' THEN p.amount ELSE p.fee END)
) AS e(account, amount)`;

const settleDaily = `
WITH d AS (
  SELECT date_trunc('day', settled_at) AS day, sum(net)::bigint AS net FROM payments
  WHERE business_id = $1 AND public_id LIKE 'pay\\_bench%' AND settled_at IS NOT NULL AND net > 0 GROUP BY 1
), t AS (
  INSERT INTO ledger_transactions (business_id, id, kind, description, created_at)
  SELECT $1, gen_random_uuid(), 'settlement', 'Settlement of benchmark payments, ' || to_char(day, 'YYYY-MM-DD'), day FROM d
  RETURNING id, created_at
)
INSERT INTO ledger_entries (business_id, id, transaction_id, account, currency, amount, created_at)
SELECT $1, gen_random_uuid(), t.id, e.account, 'sgd', e.amount, t.created_at
FROM t JOIN d ON d.day = t.created_at CROSS JOIN LATERAL (VALUES ('merchant_pending', -d.net), ('merchant_available', d.net)) AS e(account, amount)`;

const rebuildRollups = [
  'DELETE FROM payments_daily WHERE business_id = $1',
  `INSERT INTO payments_daily (business_id, day, currency, method, source_type, captured, gross, fee, net, failed)
   SELECT business_id, (created_at AT TIME ZONE 'UTC')::date, currency, method, source_type,
          count(*) FILTER (WHERE status <> 'failed'), coalesce(sum(amount) FILTER (WHERE status <> 'failed'), 0),
          coalesce(sum(fee) FILTER (WHERE status <> 'failed'), 0), coalesce(sum(net) FILTER (WHERE status <> 'failed'), 0),
          count(*) FILTER (WHERE status = 'failed')
   FROM payments WHERE business_id = $1 AND status IN ('succeeded', 'partially_refunded', 'refunded', 'failed')
   GROUP BY 1, 2, 3, 4, 5`,
  'DELETE FROM ledger_balances WHERE business_id = $1',
  `INSERT INTO ledger_balances (business_id, account, currency, balance, amount)
   SELECT business_id, account, currency, balance, sum(amount) FROM ledger_entries WHERE business_id = $1 GROUP BY 1, 2, 3, 4`,
  'DELETE FROM ledger_daily WHERE business_id = $1',
  `INSERT INTO ledger_daily (business_id, account, currency, balance, day, amount)
   SELECT business_id, account, currency, balance, (created_at AT TIME ZONE 'UTC')::date, sum(amount)
   FROM ledger_entries WHERE business_id = $1 GROUP BY 1, 2, 3, 4, 5`,
];

/** Inserts `count` benchmark payments for the business; answers its id and how long it took (ms). */
export async function seedPayments(db, count, identifier = 'demo-coffee', log = () => undefined) {
  const { rows } = await db.query('SELECT id FROM businesses WHERE identifier = $1', [identifier]);
  const businessId = rows[0]?.id;
  if (!businessId) throw new Error(`No business ${identifier}: start the app on this database once with DEMO_DATA=on`);
  const started = performance.now();
  await db.query('SET session_replication_role = replica');
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.query('BEGIN');
    await db.query(insertChunk, [businessId, from, count, to]);
    await db.query('COMMIT');
    log(`${to} of ${count} payments`);
  }
  await db.query(settleDaily, [businessId]);
  await db.query('BEGIN');
  for (const statement of rebuildRollups) await db.query(statement, [businessId]);
  await db.query('COMMIT');
  await db.query('SET session_replication_role = origin');
  for (const table of ['payments', 'payment_events', 'ledger_transactions', 'ledger_entries', 'payments_daily', 'ledger_balances'])
    await db.query(`ANALYZE ${table}`);
  return { businessId, ms: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count, target, identifier] = process.argv.slice(2);
  if (!count || !target) {
    console.error('Usage: node bench/seed-payments.mjs <count> <postgres-url | pglite-data-dir> [business identifier]');
    process.exit(2);
  }
  const db = await connect(target);
  try {
    const { ms } = await seedPayments(db, Number(count), identifier, (line) => console.error(line));
    console.log(`${count} payments in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}
