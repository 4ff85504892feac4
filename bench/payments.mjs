// Payments at scale: N benchmark payments (bench/seed-payments.mjs, 1,000,000 by default) in the demo
// business, then, against the bare hello-world in the same run and alternated round by round (bench/api.mjs's
// servers and load generator): the first page of Transactions, a filtered page (succeeded card payments by
// amount, largest first), a search, and the 90-day overview; then the CSV export of every payment with the
// app process's resident memory sampled every 50 ms during it; then customers paying a static QR code by card
// (bench/checkout-load.mjs), alternated with pgbench's TPC-B on the same PostgreSQL server. Both databases
// (the embedded one has no pgbench: its checkout figure stands alone). The section of
// docs/benchmarks.md between the payments markers is rewritten (bench/run.mjs keeps it as it stands).
// Needs a build first (npm run build) and a quiet machine.
// Run: node bench/payments.mjs  (BENCH_PAYMENTS=20000 for a smoke test; BENCH_ROUNDS, BENCH_SECONDS,
// BENCH_CONNECTIONS as for bench/api.mjs; BENCH_DATABASES=pglite or postgres for one of them; BENCH_PG_URL a
// PostgreSQL server to use instead of a new one; BENCH_CHECKOUT_CUSTOMERS, BENCH_TPCB_SCALE for the checkout
// load and pgbench; BENCH_LOG where the app's log goes; BENCH_APP another build's server.mjs; BENCH_NO_WRITE=1 prints the
// section without rewriting docs/benchmarks.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { alternate, checkoutRounds, median, settings, startServer, stop } from './api.mjs';
import { pgbenchRound, tpcbDatabase } from './pgbench.mjs';
import { connect, seedPayments } from './seed-payments.mjs';
import { writeDocSection } from './doc-section.mjs';
import { explainPlan } from './explain.mjs';

const COUNT = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
// BENCH_APP: another build of the app (a copy of apps/server/dist kept to compare with), measured the same way.
const APP = process.env.BENCH_APP ?? 'apps/server/dist/server.mjs';
// The app's log of the run (warnings and errors): read it when a figure is missing.
const LOG = process.env.BENCH_LOG ?? join(tmpdir(), 'md-bench-payments-app.log');
// TRUST_PROXY: the checkout load stands where the app's reverse proxy would, naming each customer's address.
const appEnv = (port, database) => ({
  ...database,
  PORT: String(port),
  BIND_HOST: '127.0.0.1',
  DEMO_DATA: 'on',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
});
/** Customers paying at once in the checkout load, and pgbench's clients against it. */
const CUSTOMERS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 16);
/** pgbench's scale (100,000 accounts each; at least one branch per client, as pgbench advises). */
const TPCB_SCALE = Number(process.env.BENCH_TPCB_SCALE ?? Math.max(20, CUSTOMERS));

async function startApp(database) {
  const port = await freePort();
  const app = startServer(APP, appEnv(port, database), LOG);
  const base = `http://127.0.0.1:${port}`;
  // The first start migrates and seeds the demo data (its payment history included): allow for a busy machine.
  await waitFor(`${base}/healthz`, app, 900_000);
  return { app, base };
}

/** Resident memory (MiB) of a process, from /proc. */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Streams the CSV export of every payment, sampling the app's memory; answers rows, seconds and memory. */
async function exportCsv(base, businessId, cookie, pid, expected) {
  const before = rssMiB(pid);
  let peak = before;
  // The peak of each quarter of the rows: memory that grows with the rows keeps rising, bounded memory levels off.
  const quarters = [before, before, before, before];
  let total = 0;
  let rows = -1;
  const sampler = setInterval(() => {
    const rss = rssMiB(pid);
    peak = Math.max(peak, rss);
    const q = total > 0 ? Math.min(3, Math.floor((4 * Math.max(0, rows)) / total)) : 0;
    quarters[q] = Math.max(quarters[q], rss);
  }, 50);
  total = expected;
  const started = performance.now();
  let bytes = 0;
  const dispatcher = new Agent();
  try {
    // On a connection of its own, closed when the export ends.
    const res = await request(`${base}/v1/business/${businessId}/transactions/export`, { headers: { cookie }, dispatcher });
    if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    }
  } catch (error) {
    throw new Error(`the export stopped after ${rows} rows (${bytes} bytes): ${error.message}`);
  } finally {
    clearInterval(sampler);
    await dispatcher.close();
  }
  return { rows, mb: bytes / 1e6, seconds: (performance.now() - started) / 1000, before, peak: Math.max(peak, rssMiB(pid)), quarters };
}

/** The first active static QR code of the business whose amount the customer types: the checkout load pays it. */
async function staticQr(api, cookie) {
  const res = await request(`${api}/static-qr-codes?status=active`, { headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`the static QR codes answered ${res.statusCode}`);
  const qr = (await res.body.json()).data.find((q) => q.amount === null);
  if (!qr) throw new Error('the business has no active static QR code with an open amount');
  return qr.public_id;
}

/** One round of the checkout load, from its own process on core 1. */
const checkoutRound = checkoutRounds(CUSTOMERS);

/** TPC-B at the checkout load's concurrency. */
const tpcbRound = (url) => pgbenchRound(url, { clients: CUSTOMERS, seconds: settings.seconds });

/** Confirmed checkout payments per second, alternated round by round with TPC-B when there is a server. */
async function checkoutVsTpcb(base, api, cookie, serverUrl) {
  const qr = await staticQr(api, cookie);
  const tpcbUrl = serverUrl ? await tpcbDatabase(serverUrl, TPCB_SCALE) : null;
  checkoutRound(base, qr); // warm-up
  if (tpcbUrl) tpcbRound(tpcbUrl);
  const rounds = { checkout: [], tpcb: [] };
  for (let i = 0; i < settings.rounds; i++) {
    rounds.checkout.push(checkoutRound(base, qr));
    if (tpcbUrl) rounds.tpcb.push(tpcbRound(tpcbUrl));
  }
  return {
    checkout: {
      rps: median(rounds.checkout.map((x) => x.rps)),
      p99: median(rounds.checkout.map((x) => x.p99)),
      confirmP99: median(rounds.checkout.map((x) => x.confirmP99)),
      rounds: rounds.checkout,
    },
    tpcb: tpcbUrl ? { rps: median(rounds.tpcb.map((x) => x.rps)), latency: median(rounds.tpcb.map((x) => x.latency)), rounds: rounds.tpcb } : null,
  };
}

const PAGE = 26; // the screen's page (25) and one more, as the repository reads it
/** Word-prefix search (db/search.ts); a reference's middle is bench/search.mjs's to measure. */
const SEARCH = `search @@ search_query($2)`;
/** Without a status filter the list leaves out payments started and never paid (charges/transactions.read-model.ts). */
const SHOWN = `status NOT IN ('requires_payment_method', 'expired')`;
/** The statements behind the screens, as the repositories write them (docs/payments.md, "## transactions", "## overview"). */
const PLANS = {
  'first page (newest)': [`SELECT * FROM payments WHERE business_id = $1 AND ${SHOWN} ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`],
  'filtered (succeeded, card, amount largest first)': [
    `SELECT * FROM payments WHERE business_id = $1 AND status = 'succeeded' AND method = 'card' ORDER BY amount DESC, id DESC LIMIT ${PAGE}`,
  ],
  'date range, newest': [
    `SELECT * FROM payments WHERE business_id = $1 AND ${SHOWN} AND created_at >= now() - interval '30 days' AND created_at < now() - interval '20 days' ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`,
  ],
  'search by reference, newest': [
    `SELECT * FROM payments WHERE business_id = $1 AND ${SHOWN} AND ${SEARCH} ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`,
    'INV-0012345',
  ],
  'search by email, amount sort': [
    `SELECT * FROM payments WHERE business_id = $1 AND ${SHOWN} AND ${SEARCH} ORDER BY amount DESC, id DESC LIMIT ${PAGE}`,
    'customer4242@',
  ],
  '90-day overview figures (payments_daily)': [
    `SELECT currency, sum(gross) FILTER (WHERE day >= current_date - 89), sum(failed) FILTER (WHERE day < current_date - 89)
     FROM payments_daily WHERE business_id = $1 AND day >= current_date - 179 AND day <= current_date GROUP BY currency`,
  ],
  'balances (ledger_balances)': [`SELECT account, currency, amount FROM ledger_balances WHERE business_id = $1`],
  'the same figures from the raw rows (before)': [
    `SELECT currency, sum(amount) FILTER (WHERE created_at >= now() - interval '90 days'), count(*) FILTER (WHERE status = 'failed')
     FROM payments WHERE business_id = $1 AND created_at >= now() - interval '180 days' AND created_at < now() GROUP BY currency`,
  ],
  'the balances from the raw entries (before)': [
    `SELECT account, currency, sum(amount) FROM ledger_entries WHERE business_id = $1 AND account IN ('merchant_pending', 'merchant_available') GROUP BY 1, 2`,
  ],
};

/** EXPLAIN ANALYZE of each statement: the indexes its plan reads and its execution time. */
export async function explain(db, businessId) {
  const out = [];
  for (const [name, [text, ...params]] of Object.entries(PLANS)) {
    const { plan, ms } = await explainPlan(db, text, [businessId, ...params]);
    out.push({ name, plan, ms });
  }
  return out;
}

/** A server given by BENCH_PG_URL may hold the payments of an earlier run: they are measured again as they are. */
async function seededAlready(db) {
  const { rows } = await db.query(
    `SELECT b.id, count(p.id)::int AS n FROM businesses b LEFT JOIN payments p ON p.business_id = b.id AND p.public_id LIKE 'pay\\_bench%'
     WHERE b.identifier = 'demo-coffee' GROUP BY b.id`,
  );
  return rows[0] && rows[0].n >= COUNT ? { businessId: rows[0].id, ms: null } : null;
}

/** One database: seed, then alternate the hello-world and each payments screen; then the export. */
async function measure(helloUrl, database, target, serverUrl) {
  let { app } = await startApp(database);
  await stop(app); // the embedded database has one owner: the app stops while the payments are written
  const db = await connect(target);
  let businessId;
  let seedSeconds;
  let plans;
  try {
    const seeded = (await seededAlready(db)) ?? (await seedPayments(db, COUNT, 'demo-coffee', (line) => console.error(line)));
    businessId = seeded.businessId;
    seedSeconds = seeded.ms === null ? null : seeded.ms / 1000;
    plans = await explain(db, businessId);
  } finally {
    await db.close();
  }
  const started = await startApp(database);
  app = started.app;
  try {
    const { cookie } = await signInDemoOwner(started.base);
    const api = `${started.base}/v1/business/${businessId}`;
    const targets = {
      'first page of Transactions': `${api}/transactions`,
      'filtered page (succeeded, card, amount largest first)': `${api}/transactions?status=succeeded&method=card&sort=amount_desc`,
      'search by reference': `${api}/transactions?q=INV-0012345`,
      '90-day overview': `${api}/payments/overview?period=90d`,
    };
    const results = alternate(helloUrl, targets, cookie);
    // A failed export is reported with the figures rather than losing them.
    const csv = await exportCsv(started.base, businessId, cookie, app.pid, COUNT).catch((error) => ({ error: error.message }));
    // Customers paying by card, against TPC-B on the same PostgreSQL server (when there is one); reported failed rather than lost.
    const checkout = await checkoutVsTpcb(started.base, api, cookie, serverUrl).catch((error) => ({ error: error.message }));
    return { seedSeconds, plans, csv, checkout, results };
  } finally {
    await stop(app);
  }
}

const seeding = (m) => (m.seedSeconds === null ? 'The payments were seeded by an earlier run.' : `Seeding the payments took ${m.seedSeconds.toFixed(0)} s.`);

function table(m) {
  const hello = m.results.hello;
  const lines = ['| target | median req/s | ratio to hello-world | median p99 (ms) | rounds (req/s) |', '|---|---|---|---|---|'];
  for (const [name, s] of Object.entries(m.results)) {
    const label = name === 'hello' ? 'bare Fastify hello-world' : name;
    lines.push(
      `| ${label} | ${s.rps.toFixed(0)} | ${(s.rps / hello.rps).toFixed(3)}x | ${s.p99.toFixed(1)} | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`,
    );
  }
  const c = m.csv;
  if (c.error) lines.push('', `CSV export of all payments: **failed**: ${c.error}. ${seeding(m)}`);
  else
    lines.push(
      '',
      `CSV export of all ${c.rows.toLocaleString('en')} payments: ${c.mb.toFixed(0)} MB in ${c.seconds.toFixed(1)} s; ` +
        `the app's resident memory ${c.before.toFixed(0)} MiB before, at most ${c.peak.toFixed(0)} MiB during it ` +
        `(the peak of each quarter of the rows: ${c.quarters.map((q) => q.toFixed(0)).join(', ')} MiB). ` +
        seeding(m),
    );
  const k = m.checkout;
  if (k.error) lines.push('', `Checkout load: **failed**: ${k.error}.`);
  else {
    lines.push(
      '',
      `Checkout (${CUSTOMERS} customers at once, each a new browser at an address of its own: token, page, start, confirm with 4242 4242 4242 4242)` +
        (k.tpcb ? ` against pgbench's TPC-B (${CUSTOMERS} clients, scale ${TPCB_SCALE}) on the same server, alternated:` : ':'),
      '',
      '| target | median per second | median p99 (ms) | rounds (per second) |',
      '|---|---|---|---|',
      `| confirmed card payments | ${k.checkout.rps.toFixed(1)} | ${k.checkout.p99.toFixed(0)} (the whole flow), ${k.checkout.confirmP99.toFixed(0)} (the confirm) | ${k.checkout.rounds.map((x) => x.rps.toFixed(1)).join(', ')} |`,
    );
    if (k.tpcb)
      lines.push(
        `| pgbench TPC-B transactions | ${k.tpcb.rps.toFixed(0)} | latency average ${k.tpcb.latency.toFixed(1)} | ${k.tpcb.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`,
      );
  }
  lines.push('', '| statement (EXPLAIN ANALYZE) | plan | execution (ms) |', '|---|---|---|');
  for (const p of m.plans) lines.push(`| ${p.name} | ${p.plan} | ${p.ms.toFixed(1)} |`);
  return lines.join('\n');
}

/** Each goal of issue 8 this run measures, met or not. */
function goals(m) {
  const r = m.results;
  const verdict = (ok) => (ok ? '**met**' : '**not met**');
  const page = (name, label) => {
    const s = r[name];
    return `${label} ${(s.rps / r.hello.rps).toFixed(3)}x and p99 ${s.p99.toFixed(0)} ms (goal at least 0.05x, p99 under 100 ms): ${verdict(s.rps / r.hello.rps >= 0.05 && s.p99 < 100)}`;
  };
  const overview = r['90-day overview'];
  const growth = m.csv.error ? Infinity : m.csv.peak - m.csv.before;
  return (
    [
      page('first page of Transactions', 'first page'),
      page('filtered page (succeeded, card, amount largest first)', 'filtered page'),
      `90-day overview p99 ${overview.p99.toFixed(0)} ms (goal under 200 ms): ${verdict(overview.p99 < 200)}`,
      m.csv.error
        ? 'the export failed (see above): **not met**'
        : `export memory grew ${growth.toFixed(0)} MiB over ${m.csv.rows.toLocaleString('en')} rows (goal flat, under 50 MiB): ${verdict(growth < 50)}`,
      ...(m.checkout.error
        ? ['the checkout load failed (see above): **not met**']
        : m.checkout.tpcb
          ? [
              `confirmed payments ${(m.checkout.checkout.rps / m.checkout.tpcb.rps).toFixed(3)}x pgbench's TPC-B (goal at least 0.2x): ${verdict(m.checkout.checkout.rps / m.checkout.tpcb.rps >= 0.2)}`,
            ]
          : []),
    ].join('; ') + '.'
  );
}

const writeSection = (section) => writeDocSection('payments', section);

async function main() {
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-payments-'));
  // BENCH_PG_URL: a server of one's own (left running), to measure its seeded payments again after a change.
  const given = process.env.BENCH_PG_URL;
  const pg = DATABASES.includes('postgres') ? (given ? { url: given, stop: () => undefined } : await startPostgres()) : null;
  const measured = {};
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    if (DATABASES.includes('pglite')) measured.pglite = await measure(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir);
    if (pg) measured.postgres = await measure(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: pg.url }, pg.url, pg.url);
  } finally {
    await stop(hello);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `## Payments at scale: ${COUNT.toLocaleString('en')} payments (${date})`,
    '',
    `Measured by \`node bench/payments.mjs\` (data from \`bench/seed-payments.mjs\`): ${settings.rounds} alternating rounds of ${settings.seconds} s, ` +
      `${settings.connections} keep-alive connections, servers on core 0 and the load generator on core 1. ` +
      (process.env.BENCH_NOTE ?? ''),
    '',
    ...(measured.pglite ? ['Embedded database (PGlite):', '', table(measured.pglite), ''] : []),
    ...(measured.postgres ? ['A PostgreSQL server on the same machine (scripts/postgres.mjs):', '', table(measured.postgres), ''] : []),
    ...Object.entries(measured).map(([name, m]) => `Goals (issue 8), ${name === 'pglite' ? 'embedded database' : 'PostgreSQL'}: ${goals(m)}`),
  ].join('\n');
  if (!process.env.BENCH_NO_WRITE) writeSection(section);
  console.log(section);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
