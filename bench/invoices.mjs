// Invoices at scale: N invoices (100,000 by default) in the demo business, written by set-based SQL, then,
// against the bare hello-world in the same run and alternated round by round (bench/api.mjs's servers and
// load generator): the first page of the invoice list, a status-filtered page and a search. Both databases.
// The section of docs/benchmarks.md between the invoices markers is rewritten.
// Needs a build first (npm run build).
// Run: node bench/invoices.mjs  (BENCH_INVOICES=5000 for a smoke test; BENCH_ROUNDS, BENCH_SECONDS,
// BENCH_CONNECTIONS as for bench/api.mjs; BENCH_DATABASES=pglite or postgres for one of them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { alternate, alternatedTable, pgWhere, settings, startBenchPostgres, startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';
import { writeDocSection } from './doc-section.mjs';

const COUNT = Number(process.env.BENCH_INVOICES ?? 100_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const CUSTOMERS = 2_000;
const CHUNK = 25_000;

/** The app on a database: demo logins and businesses only (the payment history is not what this measures). */
async function startApp(database) {
  const port = await freePort();
  const env = { ...database, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', DEMO_HISTORY: 'off', LOG_LEVEL: 'warn' };
  const app = startServer('apps/server/dist/server.mjs', env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 600_000);
  return { app, base };
}

// Issued over the last year, newest with the highest number; every status; two lines and a tax each.
const insertInvoices = `
WITH src AS (
  SELECT g, now() - ((g - 1)::float8 / $2) * interval '365 days' AS at, 1000 + (g * 7919) % 99000 AS net
  FROM generate_series($3::bigint, $4::bigint) AS g
)
INSERT INTO invoices (business_id, id, public_id, number, status, customer_id, currency, issue_date, due_date, lines, taxes,
                      subtotal, tax_total, total, amount_paid, allow_partial, created_at, updated_at)
SELECT $1, gen_random_uuid(), 'inv_bench' || g, $2 - g + 1,
       (ARRAY['draft','sent','partially_paid','paid','overdue','void','paid','paid'])[1 + g % 8],
       (SELECT id FROM customers WHERE business_id = $1 AND email = 'invoice-customer' || (g % ${CUSTOMERS}) || '@example.com'),
       'sgd', at::date, at::date + 30,
       jsonb_build_array(
         jsonb_build_object('product_id', null, 'description', 'Consulting', 'quantity', 1, 'unit_price', net, 'discount_bps', 0, 'gross', net, 'discount', 0, 'net', net),
         jsonb_build_object('product_id', null, 'description', 'Hosting', 'quantity', 1, 'unit_price', 500, 'discount_bps', 0, 'gross', 500, 'discount', 0, 'net', 500)),
       jsonb_build_array(jsonb_build_object('name', 'GST', 'rate_bps', 900, 'amount', round((net + 500) * 0.09)::int)),
       net + 500, round((net + 500) * 0.09)::int, net + 500 + round((net + 500) * 0.09)::int,
       CASE 1 + g % 8 WHEN 3 THEN 1000 WHEN 4 THEN net + 500 + round((net + 500) * 0.09)::int WHEN 7 THEN net + 500 + round((net + 500) * 0.09)::int
                      WHEN 8 THEN net + 500 + round((net + 500) * 0.09)::int ELSE 0 END,
       g % 8 = 2, at, at
FROM src`;

/** Writes the customers and N invoices for the business; answers its id and the seconds it took. */
export async function seedInvoices(db, count) {
  const started = performance.now();
  const { rows } = await db.query(`SELECT id FROM businesses WHERE identifier = 'demo-coffee'`);
  const businessId = rows[0].id;
  await db.query(
    `INSERT INTO customers (business_id, id, name, email, created_at, updated_at)
     SELECT $1, gen_random_uuid(), 'Invoice customer ' || g, 'invoice-customer' || g || '@example.com', now(), now()
     FROM generate_series(0, ${CUSTOMERS - 1}) AS g`,
    [businessId],
  );
  for (let from = 1; from <= count; from += CHUNK) {
    await db.query(insertInvoices, [businessId, count, from, Math.min(count, from + CHUNK - 1)]);
    console.error(`invoices: ${Math.min(count, from + CHUNK - 1).toLocaleString('en')} of ${count.toLocaleString('en')}`);
  }
  await db.query('ANALYZE invoices');
  await db.query('ANALYZE customers');
  return { businessId, seconds: (performance.now() - started) / 1000 };
}

/** One database: seed, then alternate the hello-world and each invoice list. */
async function measure(helloUrl, database, target) {
  const first = await startApp(database);
  await stop(first.app); // the embedded database has one owner: the app stops while the invoices are written
  const db = await connect(target);
  let seeded;
  try {
    seeded = await seedInvoices(db, COUNT);
  } finally {
    await db.close();
  }
  const { app, base } = await startApp(database);
  try {
    const { cookie } = await signInDemoOwner(base);
    const api = `${base}/v1/business/${seeded.businessId}/invoices`;
    const targets = {
      'first page of the invoice list': `${api}?limit=25`,
      'filtered page (overdue)': `${api}?status=overdue&limit=25`,
      'search by customer email': `${api}?search=invoice-customer42%40&limit=25`,
    };
    return { seedSeconds: seeded.seconds, results: alternate(helloUrl, targets, cookie) };
  } finally {
    await stop(app);
  }
}

function table(m) {
  const lines = alternatedTable(m.results);
  lines.push('', `Seeding ${COUNT.toLocaleString('en')} invoices and ${CUSTOMERS.toLocaleString('en')} customers took ${m.seedSeconds.toFixed(0)} s.`);
  return lines.join('\n');
}

const writeSection = (section) => writeDocSection('invoices', section);

async function main() {
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-invoices-'));
  const pg = DATABASES.includes('postgres') ? await startBenchPostgres() : null;
  const measured = {};
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    if (DATABASES.includes('pglite')) measured.pglite = await measure(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir);
    if (pg) measured.postgres = await measure(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: pg.url }, pg.url);
  } finally {
    await stop(hello);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `## Invoices at scale: ${COUNT.toLocaleString('en')} invoices (${date})`,
    '',
    `Measured by \`node bench/invoices.mjs\`: ${settings.rounds} alternating rounds of ${settings.seconds} s, ${settings.connections} keep-alive ` +
      `connections, servers on core 0 and the load generator on core 1, ${pgWhere()}. ${process.env.BENCH_NOTE ?? ''}`,
    '',
    ...(measured.pglite ? ['Embedded database (PGlite):', '', table(measured.pglite), ''] : []),
    ...(measured.postgres ? ['A PostgreSQL server on the same machine (scripts/postgres.mjs):', '', table(measured.postgres), ''] : []),
  ].join('\n');
  writeSection(section);
  console.log(section);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
