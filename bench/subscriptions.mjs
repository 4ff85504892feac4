// One scheduler run charging N due subscriptions (100,000 by default) on a PostgreSQL server or the embedded database
// (BENCH_DATABASE=postgres, the default, or pglite): the subscriptions are written by set-based SQL (active, a saved
// test card, due a minute ago), then the built server starts and its schedule (subscriptions.charge-due) charges
// them; the charges per second come from the first and last charge the database recorded for them. The section of
// docs/benchmarks.md between the subscriptions markers (postgres) or the subscriptions-pglite markers is rewritten.
// Needs a build first (npm run build).
// Run: node bench/subscriptions.mjs  (BENCH_SUBSCRIPTIONS=5000 for a smoke test; BENCH_DATABASE=pglite).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const CUSTOMERS = 2_000;
const CHUNK = 25_000;
const DATABASE = process.env.BENCH_DATABASE ?? 'postgres';
if (!['postgres', 'pglite'].includes(DATABASE)) throw new Error(`BENCH_DATABASE is postgres or pglite, not ${DATABASE}`);
const EMBEDDED = DATABASE === 'pglite';

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
  // On the embedded database the first answer may wait for the scheduler's pass (one handle for everything).
  await waitFor(`http://127.0.0.1:${port}/healthz`, app, EMBEDDED ? 90 * 60_000 : 600_000);
  return { app, base: `http://127.0.0.1:${port}` };
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
  // The embedded database writes in smaller statements (its memory is the WebAssembly heap's).
  const chunk = EMBEDDED ? 5_000 : CHUNK;
  for (let from = 1; from <= COUNT; from += chunk) {
    await db.query(insertSubscriptions, [businessId, from, Math.min(COUNT, from + chunk - 1)]);
  }
  await db.query('ANALYZE subscriptions');
  if (EMBEDDED) await db.query('CHECKPOINT');
  return { businessId, seconds: (performance.now() - started) / 1000 };
}

/** The bench subscriptions' charges and their succeeded payments, from the database. */
const CHARGED = `SELECT count(*) AS n, count(DISTINCT (c.subscription_id, c.period)) AS periods,
         extract(epoch FROM max(c.created_at) - min(c.created_at)) AS seconds,
         count(*) FILTER (WHERE c.outcome = 'succeeded') AS succeeded
  FROM subscription_charges c JOIN subscriptions s ON s.business_id = c.business_id AND s.id = c.subscription_id
  WHERE s.name = 'Bench plan'`;

/**
 * Waits until the scheduler has charged every bench subscription. On PostgreSQL the database is asked directly;
 * the embedded database has one owner (the server), so there the business's overview (last 7 days, payments by
 * source) is read through the API until its subscription payments have grown by the count and stop growing.
 */
async function waitForCharges(db, base, loads) {
  const deadline = Date.now() + 60 * 60_000;
  let progress;
  if (EMBEDDED) {
    const { cookie, user } = await signInDemoOwner(base);
    const business = user.businesses.owned.find((b) => b.identifier === 'demo-coffee');
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    progress = async () => {
      const res = await fetch(`${base}/v1/business/${business.id}/payments/overview?period=7d`, { headers });
      const body = await res.json();
      const sgd = body.currencies.find((c) => c.currency === 'sgd');
      return sgd?.by_source.find((s) => s.source === 'subscription')?.count ?? 0;
    };
  } else {
    progress = async () => Number((await db.query(CHARGED)).rows[0].n);
  }
  const first = EMBEDDED ? await progress() : 0;
  let last = -1;
  let still = 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, EMBEDDED ? 5_000 : 2_000));
    const now = await progress();
    const done = now - first;
    console.error(`charged ${done.toLocaleString('en')} of ${COUNT.toLocaleString('en')}${EMBEDDED ? ' (or more: counted from the overview)' : ''}`);
    loads.push(loadavg()[0]);
    if (!EMBEDDED && done >= COUNT) return;
    // The overview's first read may already count some; the run is over once the count stops moving.
    still = now === last ? still + 1 : 0;
    last = now;
    if (EMBEDDED && still >= 3 && (done > 0 || now >= COUNT)) return;
  }
}

function writeSection(section) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const marker = EMBEDDED ? 'subscriptions-pglite' : 'subscriptions';
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const block = `${start}\n${section}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return writeFileSync(file, doc.slice(0, from) + block + doc.slice(to + end.length));
  // The embedded database's section follows the PostgreSQL one.
  const after = EMBEDDED ? doc.indexOf('<!-- subscriptions:end -->') : -1;
  if (after >= 0) {
    const cut = after + '<!-- subscriptions:end -->'.length;
    return writeFileSync(file, `${doc.slice(0, cut)}\n\n${block}${doc.slice(cut)}`);
  }
  const web = doc.indexOf('<!-- web:start');
  writeFileSync(file, web >= 0 ? `${doc.slice(0, web)}${block}\n\n${doc.slice(web)}` : `${doc.trimEnd()}\n\n${block}\n`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-subscriptions-'));
  const pg = EMBEDDED ? null : await startPostgres();
  const env = { DATA_DIR: dataDir, DATABASE_URL: pg ? pg.url : '' };
  const target = pg ? pg.url : dataDir;
  let app;
  try {
    // The first start migrates and writes the demo business; the subscriptions are written while no server runs.
    await stop((await startApp(env)).app);
    let db = await connect(target);
    let seeded;
    try {
      seeded = await seed(db);
      console.error(`${COUNT.toLocaleString('en')} due subscriptions written in ${seeded.seconds.toFixed(0)} s`);
    } finally {
      // The embedded database has one owner: the server opens it next.
      if (EMBEDDED) {
        await db.close();
        db = null;
      }
    }
    try {
      const started = await startApp(env);
      app = started.app;
      const loads = [loadavg()[0]];
      await waitForCharges(EMBEDDED ? null : db, started.base, loads);
      if (EMBEDDED) {
        await stop(app);
        app = undefined;
        db = await connect(target);
      }
      const { rows } = await db.query(CHARGED);
      const r = rows[0];
      const seconds = Number(r.seconds);
      const date = new Date().toISOString().slice(0, 10);
      const where = EMBEDDED
        ? 'on the embedded database (PGlite, in a data directory; one connection, so one charge at a time)'
        : 'on a PostgreSQL server on the same machine (scripts/postgres.mjs)';
      const section = [
        `## Subscriptions${EMBEDDED ? ', embedded database' : ''}: one scheduler run charging ${COUNT.toLocaleString('en')} due subscriptions (${date})`,
        '',
        `Measured by \`${EMBEDDED ? 'BENCH_DATABASE=pglite ' : ''}${COUNT === 100_000 ? '' : `BENCH_SUBSCRIPTIONS=${COUNT} `}node bench/subscriptions.mjs\` ${where}, the built server ` +
          `with one scheduler: ${COUNT.toLocaleString('en')} active subscriptions with a saved test card, all due, written by SQL in ` +
          `${seeded.seconds.toFixed(0)} s. The machine's one-minute load average during the run (two cores, shared with other ` +
          `engineers' work): ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}, ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)} on average. ` +
          `${process.env.BENCH_NOTE ?? ''}`,
        '',
        '| charges | distinct periods | charges succeeded | first to last charge (s) | charges per second |',
        '|---|---|---|---|---|',
        `| ${Number(r.n).toLocaleString('en')} | ${Number(r.periods).toLocaleString('en')} | ${Number(r.succeeded).toLocaleString('en')} | ${seconds.toFixed(0)} | ${(Number(r.n) / seconds).toFixed(0)} |`,
        '',
        'Each charge is nine statements: a transaction of eight (lock the subscription (SKIP LOCKED) with its customer, the payment written once ' +
          "in processing and once with its outcome and fee, its four events in one insert, the ledger's charge and fee postings (two statements), " +
          "the attempt, the subscription advanced), then the receipt kept in the outbox (its delivery job enqueued by pg-boss); the business's name, settlement delay and receipt switch are read once per business per pass. " +
          (EMBEDDED
            ? "On the embedded database every statement, the jobs' included, goes through the one PGlite handle."
            : "Charges in flight: the connection pool's size less two."),
      ].join('\n');
      writeSection(section);
      console.log(section);
    } finally {
      await db?.close();
    }
  } finally {
    if (app) await stop(app);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
