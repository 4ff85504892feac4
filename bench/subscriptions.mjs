// One scheduler run charging N due subscriptions (100,000 by default) on a PostgreSQL server: the subscriptions are
// written by set-based SQL (active, a saved test card, due a minute ago), then the built server starts and its
// schedule (subscriptions.charge-due) charges them; the charges per second come from the first and last charge
// the database recorded. The section of docs/benchmarks.md between the subscriptions markers is rewritten.
// Needs a build first (npm run build).
// Run: node bench/subscriptions.mjs  (BENCH_SUBSCRIPTIONS=5000 for a smoke test).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, waitFor } from '../scripts/server-process.mjs';
import { startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const CUSTOMERS = 2_000;
const CHUNK = 25_000;

async function startApp(env) {
  const port = await freePort();
  const app = startServer('apps/server/dist/server.mjs', {
    ...env,
    PORT: String(port),
    BIND_HOST: '127.0.0.1',
    DEMO_DATA: 'on',
    DEMO_HISTORY: 'off',
    LOG_LEVEL: 'warn',
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`, app, 600_000);
  return app;
}

const insertSubscriptions = `
INSERT INTO subscriptions (business_id, id, customer_id, name, amount, currency, interval, status, anchor_at, anchor_period, period,
                           cycles_done, current_period_start, current_period_end, next_charge_at, method_kind, method_token,
                           method_brand, method_last4, method_exp_month, method_exp_year, created_at, updated_at)
SELECT $1, gen_random_uuid(),
       (SELECT id FROM customers WHERE business_id = $1 AND email = 'bench-subscriber' || (g % ${CUSTOMERS}) || '@example.com'),
       'Bench plan', 1000 + g % 5000, 'sgd', 'monthly', 'active', now() - interval '1 month' - interval '1 minute', 1, 2,
       1, now() - interval '1 month' - interval '1 minute', now() - interval '1 minute', now() - interval '1 minute', 'card',
       'tok_ok_bench' || g, 'visa', '4242', 12, 2030, now(), now()
FROM generate_series($2::bigint, $3::bigint) AS g`;

async function seed(db) {
  const started = performance.now();
  const { rows } = await db.query(`SELECT id FROM businesses WHERE identifier = 'demo-coffee'`);
  const businessId = rows[0].id;
  await db.query(
    `INSERT INTO customers (business_id, id, name, email, created_at, updated_at)
     SELECT $1, gen_random_uuid(), 'Subscriber ' || g, 'bench-subscriber' || g || '@example.com', now(), now()
     FROM generate_series(0, ${CUSTOMERS - 1}) AS g`,
    [businessId],
  );
  for (let from = 1; from <= COUNT; from += CHUNK) {
    await db.query(insertSubscriptions, [businessId, from, Math.min(COUNT, from + CHUNK - 1)]);
  }
  await db.query('ANALYZE subscriptions');
  return { businessId, seconds: (performance.now() - started) / 1000 };
}

function writeSection(section) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- subscriptions:start -->';
  const end = '<!-- subscriptions:end -->';
  const block = `${start}\n${section}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return writeFileSync(file, doc.slice(0, from) + block + doc.slice(to + end.length));
  const web = doc.indexOf('<!-- web:start');
  writeFileSync(file, web >= 0 ? `${doc.slice(0, web)}${block}\n\n${doc.slice(web)}` : `${doc.trimEnd()}\n\n${block}\n`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-subscriptions-'));
  const pg = await startPostgres();
  const env = { DATA_DIR: dataDir, DATABASE_URL: pg.url };
  let app;
  try {
    // The first start migrates and writes the demo business; the subscriptions are written while no server runs.
    await stop(await startApp(env));
    const db = await connect(pg.url);
    try {
      const seeded = await seed(db);
      console.error(`${COUNT.toLocaleString('en')} due subscriptions written in ${seeded.seconds.toFixed(0)} s`);
      app = await startApp(env);
      const loads = [loadavg()[0]];
      const deadline = Date.now() + 60 * 60_000;
      let done = 0;
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 2_000));
        done = Number((await db.query('SELECT count(*) AS n FROM subscription_charges')).rows[0].n);
        console.error(`charged ${done.toLocaleString('en')} of ${COUNT.toLocaleString('en')}`);
        loads.push(loadavg()[0]);
        if (done >= COUNT) break;
      }
      const { rows } = await db.query(
        `SELECT count(*) AS n, count(DISTINCT (subscription_id, period)) AS periods, extract(epoch FROM max(created_at) - min(created_at)) AS seconds,
                (SELECT count(*) FROM payments WHERE source_type = 'subscription' AND status = 'succeeded') AS payments
         FROM subscription_charges`,
      );
      const r = rows[0];
      const seconds = Number(r.seconds);
      const date = new Date().toISOString().slice(0, 10);
      const section = [
        `## Subscriptions: one scheduler run charging ${COUNT.toLocaleString('en')} due subscriptions (${date})`,
        '',
        `Measured by \`node bench/subscriptions.mjs\` on a PostgreSQL server on the same machine (scripts/postgres.mjs), the built server ` +
          `with one scheduler: ${COUNT.toLocaleString('en')} active subscriptions with a saved test card, all due, written by SQL in ` +
          `${seeded.seconds.toFixed(0)} s. The machine's one-minute load average during the run (two cores, shared with other ` +
          `engineers' work): ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}, ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)} on average. ` +
          `${process.env.BENCH_NOTE ?? ''}`,
        '',
        '| charges | distinct periods | payments succeeded | first to last charge (s) | charges per second |',
        '|---|---|---|---|---|',
        `| ${Number(r.n).toLocaleString('en')} | ${Number(r.periods).toLocaleString('en')} | ${Number(r.payments).toLocaleString('en')} | ${seconds.toFixed(0)} | ${(Number(r.n) / seconds).toFixed(0)} |`,
        '',
        'Each charge is nine statements: a transaction of eight (lock the subscription (SKIP LOCKED) with its customer, the payment written once ' +
          "in processing and once with its outcome and fee, its four events in one insert, the ledger's charge and fee postings (two statements), " +
          "the attempt, the subscription advanced), then the receipt kept in the outbox (its delivery job enqueued by pg-boss); the business's name, settlement delay and receipt switch are read once per business per pass. Charges in flight: the connection pool's size less two.",
      ].join('\n');
      writeSection(section);
      console.log(section);
    } finally {
      await db.close();
    }
  } finally {
    if (app) await stop(app);
    pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
