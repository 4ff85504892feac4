// Search at scale: N benchmark payments (bench/seed-payments.mjs, 1,000,000 by default) in the demo business and
// the customers of as many names, then each kind of search of Transactions and of the customer list under load
// (bench/api.mjs's servers and autocannon load generator, 50 connections), alternated round by round with the bare
// hello-world; and EXPLAIN ANALYZE of each statement as the app sends it (docs/payments.md, "Search").
// The section of docs/benchmarks.md between the search markers is rewritten.
// Needs a build first (npm run build).
// Run: node bench/search.mjs  (BENCH_PAYMENTS=20000 for a smoke test; BENCH_ROUNDS, BENCH_SECONDS,
// BENCH_CONNECTIONS as for bench/api.mjs; BENCH_DATABASES=pglite or postgres for one of them; BENCH_PG_URL a
// PostgreSQL server to use instead of a new one, whose seeded payments are measured again as they are).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { alternate, alternatedTable, pgWhere, settings, startBenchPostgres, startServer, stop } from './api.mjs';
import { connect, seedPayments } from './seed-payments.mjs';
import { writeDocSection } from './doc-section.mjs';
import { explainPlan } from './explain.mjs';

const COUNT = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const CUSTOMERS = 50_000;
const GOAL_P99 = 100;

/**
 * The searches (seed-payments.mjs: references INV-0000001..., names "Customer N" and emails customerN@example.com
 * with N = the payment's number modulo 50,000, so each customer has 20 payments). What each one exercises:
 */
const SEARCHES = {
  'a whole reference (INV-0012345)': { q: 'INV-0012345', how: 'words: one row' },
  "a reference's start (INV-00123)": { q: 'INV-00123', how: 'words: 100 rows' },
  "a reference's middle (012345)": { q: '012345', how: "no word starts with it: the reference's trigrams" },
  'a whole email (customer4242@example.com)': { q: 'customer4242@example.com', how: 'words: 20 rows' },
  "a name's start (customer 424)": { q: 'customer 424', how: 'words: 2,220 rows, newest 25' },
  'a common word (example)': { q: 'example', how: 'every row: the date order, a page' },
};

// The customers of the business: as many as the payments name, with a phone each (the customer list's search).
const insertCustomers = `
  INSERT INTO customers (business_id, id, name, email, phone, created_at, updated_at)
  SELECT $1, gen_random_uuid(), 'Customer ' || g, 'customer' || g || '@example.com', '+65 8' || lpad(g::text, 7, '0'),
         now() - g * interval '1 minute', now()
  FROM generate_series(0, ${CUSTOMERS - 1}) AS g`;

async function startApp(database) {
  const port = await freePort();
  const env = { ...database, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', LOG_LEVEL: 'warn' };
  const app = startServer('apps/server/dist/server.mjs', env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 900_000);
  return { app, base };
}

/** The payments of an earlier run on a given server are measured again as they are. */
async function seed(db) {
  const { rows } = await db.query(
    `SELECT b.id, count(p.id)::int AS n FROM businesses b LEFT JOIN payments p ON p.business_id = b.id AND p.public_id LIKE 'pay\\_bench%'
     WHERE b.identifier = 'demo-coffee' GROUP BY b.id`,
  );
  const businessId = rows[0]?.id;
  const seeded = rows[0] && rows[0].n >= COUNT ? { businessId, ms: null } : await seedPayments(db, COUNT, 'demo-coffee', (l) => console.error(l));
  const bench = await db.query(`SELECT count(*)::int AS n FROM customers WHERE business_id = $1 AND email LIKE 'customer%@example.com'`, [seeded.businessId]);
  if (bench.rows[0].n < CUSTOMERS) await db.query(insertCustomers, [seeded.businessId]);
  await db.query('ANALYZE payments');
  await db.query('ANALYZE customers');
  return seeded;
}

/** The statements as the app sends them (transactions.read-model.ts, customers.repository.ts), with their plans. */
async function explain(db, businessId) {
  const shown = `status NOT IN ('requires_payment_method', 'expired')`;
  const words = `search @@ search_query($2)`;
  const statements = Object.entries(SEARCHES).map(([name, { q }]) => [
    name,
    `SELECT * FROM payments WHERE business_id = $1 AND ${shown} AND ${name.includes('middle') ? 'reference ILIKE $2' : words} ORDER BY created_at DESC, id DESC LIMIT 26`,
    name.includes('middle') ? `%${q}%` : q,
  ]);
  statements.push([
    "customers: a name's start (customer 424)",
    'SELECT * FROM customers WHERE business_id = $1 AND search @@ search_query($2) ORDER BY created_at DESC, id DESC LIMIT 26',
    'customer 424',
  ]);
  const out = [];
  for (const [name, text, q] of statements) {
    out.push({ name, ...(await explainPlan(db, text, [businessId, q])) });
  }
  return out;
}

async function measure(helloUrl, database, target) {
  const first = await startApp(database);
  await stop(first.app); // the embedded database has one owner: the app stops while the rows are written
  const db = await connect(target);
  let seeded;
  let plans;
  try {
    seeded = await seed(db);
    plans = await explain(db, seeded.businessId);
  } finally {
    await db.close();
  }
  const { app, base } = await startApp(database);
  try {
    const { cookie } = await signInDemoOwner(base);
    const api = `${base}/v1/business/${seeded.businessId}`;
    const targets = Object.fromEntries(Object.entries(SEARCHES).map(([name, { q }]) => [name, `${api}/transactions?q=${encodeURIComponent(q)}`]));
    targets["customer list: a name's start (customer 424)"] = `${api}/customers?q=${encodeURIComponent('customer 424')}`;
    // The same page with no search: what a page of 25 payments costs whatever found them.
    targets['no search: the first page of Transactions'] = `${api}/transactions`;
    return { seedSeconds: seeded.ms === null ? null : seeded.ms / 1000, plans, results: alternate(helloUrl, targets, cookie) };
  } finally {
    await stop(app);
  }
}

function table(m) {
  const lines = alternatedTable(m.results, 'search');
  lines.push('', '| statement (EXPLAIN ANALYZE) | plan | planning (ms) | execution (ms) |', '|---|---|---|---|');
  for (const p of m.plans) lines.push(`| ${p.name} | ${p.plan} | ${p.planning.toFixed(1)} | ${p.ms.toFixed(1)} |`);
  const searches = Object.entries(m.results).filter(([k]) => k !== 'hello' && !k.startsWith('no search'));
  const worst = Math.max(...searches.map(([, s]) => s.p99));
  lines.push(
    '',
    `${m.seedSeconds === null ? 'The payments were seeded by an earlier run.' : `Seeding the payments took ${m.seedSeconds.toFixed(0)} s.`} ` +
      `Goal: every search p99 under ${GOAL_P99} ms at ${settings.connections} connections: the slowest ${worst.toFixed(0)} ms, ${worst < GOAL_P99 ? '**met**' : '**not met**'}.`,
  );
  return lines.join('\n');
}

async function main() {
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-search-'));
  const given = process.env.BENCH_PG_URL;
  const pg = DATABASES.includes('postgres') ? (given ? { url: given, stop: () => undefined } : await startBenchPostgres()) : null;
  const measured = {};
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    if (pg) measured.postgres = await measure(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: pg.url }, pg.url);
    if (DATABASES.includes('pglite')) {
      const pgliteDir = mkdtempSync(join(tmpdir(), 'md-bench-search-pglite-'));
      try {
        measured.pglite = await measure(helloUrl, { DATA_DIR: pgliteDir, DATABASE_URL: '' }, pgliteDir);
      } finally {
        rmSync(pgliteDir, { recursive: true, force: true });
      }
    }
  } finally {
    await stop(hello);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const day = new Date().toISOString().slice(0, 10);
  const parts = [
    `## Search at scale: ${COUNT.toLocaleString('en')} payments (${day})`,
    '',
    `Measured by \`node bench/search.mjs\`: ${settings.rounds} alternating rounds of ${settings.seconds} s, ${settings.connections} keep-alive connections (autocannon), servers on core 0 and the load generator on core 1, ${pgWhere()}. ` +
      `Each search is a first page of Transactions (\`q\`) or of the customer list, newest first, in the demo business holding every payment (docs/payments.md, "Search"). What each one reads: ` +
      Object.entries(SEARCHES)
        .map(([name, { how }]) => `${name}: ${how}`)
        .join('; ') +
      '.',
  ];
  for (const [db, m] of Object.entries(measured)) parts.push('', `### ${db === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'}`, '', table(m));
  const section = parts.join('\n');
  console.log(section);
  if (!process.env.BENCH_NO_WRITE) writeDocSection('search', section, '(written by node bench/search.mjs)');
}

await main();
