// The catalogue at scale: N products (100,000 by default, bench/seed-products.mjs) in the demo business, then,
// against the bare hello-world in the same run and alternated round by round (bench/api.mjs's servers and load
// generator): the product list's first page, a search by SKU prefix and a search by name, at 50 connections on
// PostgreSQL and at 1 connection on both databases; the plans of the three list queries (EXPLAIN); and a CSV
// import of 1,000 then 10,000 rows through the API (upload, confirm, the job), timed, with the app process's peak
// memory (VmHWM) after each, to show it stays flat as the file grows.
// The section of docs/benchmarks.md between the products markers is rewritten.
// Needs a build first (npm run build).
// Run: node bench/products.mjs  (BENCH_PRODUCTS=5000 BENCH_IMPORT_ROWS=500 for a smoke test; BENCH_IMPORTS, BENCH_ROUNDS,
// BENCH_SECONDS as for bench/api.mjs; BENCH_DATABASES=pglite or postgres for one of them; BENCH_NOTE is printed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { median, pgWhere, pinned, settings, startBenchPostgres, startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';
import { Agent, fetch as undiciFetch } from 'undici';
import { seedProducts } from './seed-products.mjs';
import { writeDocSection } from './doc-section.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
// The imports, one after another in the same app process (BENCH_IMPORTS=10000,10000,10000: is its memory bounded?).
const IMPORTS = (process.env.BENCH_IMPORTS ?? `${Math.round(IMPORT_ROWS / 10)},${IMPORT_ROWS}`).split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function startApp(database) {
  const port = await freePort();
  const env = { ...database, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', DEMO_HISTORY: 'off', LOG_LEVEL: 'warn' };
  // BENCH_APP_NODE_ARGS: Node's options for the app (for instance `--cpu-prof --cpu-prof-dir=<dir>`).
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const app = startServer('apps/server/dist/server.mjs', env, undefined, { nodeArgs });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 600_000);
  return { app, base };
}

/** One round of load at `connections` from its own process on core 1 (bench/load.mjs). */
function loadAt(url, connections, cookie) {
  const [cmd, args] = pinned(1, ['bench/load.mjs', url, String(connections), String(settings.seconds), ...(cookie ? [cookie] : [])]);
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`load generator failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) throw new Error(`${result.failed} of ${result.requests} requests to ${url} failed`);
  return result;
}

/** The list's three queries as the products repository writes them (docs/catalogue.md, "List"), for EXPLAIN. */
const LIST_SQL = {
  'first page': `SELECT * FROM products WHERE business_id = $1 AND status = 'active' ORDER BY created_at DESC, id DESC LIMIT 26`,
  'SKU prefix BN-0421': `SELECT * FROM products WHERE business_id = $1 AND status = 'active' AND (name ILIKE '%BN-0421%' OR codes LIKE '% bn-0421%')
    ORDER BY created_at DESC, id DESC LIMIT 26`,
  // A query with a space is a name only: codes hold none.
  'name "kenya mug"': `SELECT * FROM products WHERE business_id = $1 AND status = 'active' AND name ILIKE '%kenya mug%'
    ORDER BY created_at DESC, id DESC LIMIT 26`,
};

async function explain(db, businessId) {
  const plans = {};
  for (const [name, text] of Object.entries(LIST_SQL)) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`, [businessId]);
    plans[name] = rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  return plans;
}

/** Peak and current resident memory of a process, in MB, from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

/**
 * A CSV of `rows` products: new SKUs, and every tenth row an update of a seeded product's price and name. The
 * barcodes carry the import's ordinal, so that each import of a run adds products of its own.
 */
function importCsv(rows, tag, ordinal) {
  const lines = ['sku,name,description,price,cost,barcode,channels'];
  for (let i = 1; i <= rows; i++) {
    if (i % 10 === 0) lines.push(`BN-${String(i * 7).padStart(6, '0')},Renamed ${tag} ${i},,${(i % 90) + 10}.25,,,`);
    else
      lines.push(
        `IMP-${tag}-${String(i).padStart(6, '0')},Imported ${tag} ${i},Bench import,${(i % 90) + 10}.50,3.00,9${String(ordinal).padStart(2, '0')}${String(i).padStart(10, '0')},pos online_store`,
      );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Uploads, confirms and waits for one import; answers the seconds of each step and the app's memory. */
export async function runImport(base, cookie, businessId, pid, rows, tag, ordinal = 1) {
  // Connections of its own: in runs of 2026-11-29 and 2026-11-30 the first upload after the load rounds was cut
  // ("other side closed", EPIPE). The rounds run in spawnSync, which blocks this process's event loop, so a kept
  // connection the app closed meanwhile (its keep-alive timeout) was still pooled and reused (bench/store.mjs met
  // the same; not seen after a short flood).
  const dispatcher = new Agent();
  const fetch = (url, init = {}) => undiciFetch(url, { ...init, dispatcher });
  const csrf = await fetch(`${base}/csrf-token`, { method: 'POST', headers: { ...XHR, cookie } });
  const { token } = await csrf.json();
  const headers = { ...XHR, cookie, 'x-csrf-token': token };
  const before = memoryOf(pid);
  // The multipart body built whole, with its length (as a browser sends a chosen file).
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${tag}.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(importCsv(rows, tag, ordinal)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t0 = performance.now();
  const uploaded = await fetch(`${base}/v1/business/${businessId}/product-imports`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
    body,
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const imported = await uploaded.json();
  const t1 = performance.now();
  const afterUpload = memoryOf(pid);
  const confirm = await fetch(`${base}/v1/business/${businessId}/product-imports/${imported.id}/confirm`, { method: 'POST', headers });
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
  let state = await confirm.json();
  while (state.status !== 'completed') {
    await new Promise((r) => setTimeout(r, 500));
    state = await (await fetch(`${base}/v1/business/${businessId}/product-imports/${imported.id}`, { headers })).json();
  }
  const t2 = performance.now();
  const result = {
    rows,
    counts: state.counts,
    uploadSeconds: (t1 - t0) / 1000,
    applySeconds: (t2 - t1) / 1000,
    memory: { before, afterUpload, after: memoryOf(pid) },
  };
  await dispatcher.close();
  return result;
}

/** One database: seed, EXPLAIN, then alternate the hello-world and each list at each connection count; then the imports. */
async function measure(helloUrl, database, target, connectionCounts) {
  const first = await startApp(database);
  await stop(first.app); // the embedded database has one owner: the app stops while the products are written
  const db = await connect(target);
  let seeded;
  let plans;
  try {
    seeded = await seedProducts(db, COUNT, 'demo-coffee', (line) => console.error(line));
    plans = await explain(db, seeded.businessId);
  } finally {
    await db.close();
  }
  const { app, base } = await startApp(database);
  try {
    const { cookie } = await signInDemoOwner(base);
    const api = `${base}/v1/business/${seeded.businessId}/products`;
    const targets = {
      'first page of the product list': `${api}?limit=25`,
      'search by SKU prefix (BN-0421)': `${api}?q=BN-0421&limit=25`,
      'search by name (kenya mug)': `${api}?q=kenya%20mug&limit=25`,
    };
    const results = {};
    for (const connections of connectionCounts) {
      loadAt(helloUrl, connections);
      for (const url of Object.values(targets)) loadAt(url, connections, cookie);
      const rounds = { hello: [], ...Object.fromEntries(Object.keys(targets).map((k) => [k, []])) };
      for (let i = 0; i < settings.rounds; i++) {
        rounds.hello.push(loadAt(helloUrl, connections));
        for (const [name, url] of Object.entries(targets)) rounds[name].push(loadAt(url, connections, cookie));
      }
      const summary = (xs) => ({ rps: median(xs.map((x) => x.rps)), p99: median(xs.map((x) => x.p99)), rounds: xs });
      results[connections] = Object.fromEntries(Object.entries(rounds).map(([k, xs]) => [k, summary(xs)]));
    }
    const imports = [];
    for (const [n, rows] of IMPORTS.entries()) {
      try {
        imports.push(await runImport(base, cookie, seeded.businessId, app.pid, rows, `R${n + 1}-${rows}`, n + 1));
      } catch (error) {
        imports.push({ rows, error: String(error?.cause?.message ?? error?.message ?? error) });
      }
      console.error(`import of ${rows} rows: ${JSON.stringify(imports.at(-1))}`);
    }
    return { seedSeconds: seeded.ms / 1000, plans, results, imports };
  } finally {
    await stop(app);
  }
}

function tables(m) {
  const lines = [];
  for (const [connections, results] of Object.entries(m.results)) {
    const hello = results.hello;
    lines.push(`At ${connections} connection${connections === '1' ? '' : 's'}:`, '');
    lines.push('| target | median req/s | ratio to hello-world | median p99 (ms) | rounds (req/s) |', '|---|---|---|---|---|');
    for (const [name, s] of Object.entries(results)) {
      const label = name === 'hello' ? 'bare Fastify hello-world' : name;
      lines.push(
        `| ${label} | ${s.rps.toFixed(0)} | ${(s.rps / hello.rps).toFixed(3)}x | ${s.p99.toFixed(1)} | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`,
      );
    }
    lines.push('');
  }
  lines.push('CSV import through the API (upload and check, then the job applying a page of 50 rows per transaction, each row in a savepoint):', '');
  lines.push('| rows | created + updated | upload (s) | apply (s) | app RSS before (MB) | peak RSS after (MB) |', '|---|---|---|---|---|---|');
  for (const i of m.imports) {
    if (i.error) {
      lines.push(`| ${i.rows.toLocaleString('en')} | failed: ${i.error} | | | | |`);
      continue;
    }
    lines.push(
      `| ${i.rows.toLocaleString('en')} | ${i.counts.done.toLocaleString('en')} (${i.counts.failed} failed) | ${i.uploadSeconds.toFixed(1)} | ${i.applySeconds.toFixed(1)} | ${i.memory.before.rss.toFixed(0)} | ${i.memory.after.peak.toFixed(0)} |`,
    );
  }
  lines.push('', `Seeding ${COUNT.toLocaleString('en')} products took ${m.seedSeconds.toFixed(0)} s.`, '');
  lines.push('Plans of the list queries (EXPLAIN ANALYZE on the seeded data):', '');
  for (const [name, plan] of Object.entries(m.plans)) lines.push(`${name}:`, '', '```', plan, '```', '');
  return lines.join('\n');
}

const writeSection = (section) => writeDocSection('products', section);

async function main() {
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-products-'));
  const pg = DATABASES.includes('postgres') ? await startBenchPostgres() : null;
  const measured = {};
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    if (DATABASES.includes('pglite')) measured.pglite = await measure(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir, [1]);
    if (pg) {
      const pgDir = mkdtempSync(join(tmpdir(), 'md-bench-products-pg-'));
      try {
        measured.postgres = await measure(helloUrl, { DATA_DIR: pgDir, DATABASE_URL: pg.url }, pg.url, [50, 1]);
      } finally {
        rmSync(pgDir, { recursive: true, force: true });
      }
    }
  } finally {
    await stop(hello);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `## The catalogue at scale: ${COUNT.toLocaleString('en')} products (${date})`,
    '',
    `Measured by \`node bench/products.mjs\` (data: \`bench/seed-products.mjs\`): ${settings.rounds} alternating rounds of ${settings.seconds} s per ` +
      `connection count, servers on core 0 and the load generator on core 1, ${pgWhere()}. ${process.env.BENCH_NOTE ?? ''}`,
    '',
    ...(measured.pglite ? ['### Embedded database (PGlite)', '', tables(measured.pglite), ''] : []),
    ...(measured.postgres ? ['### A PostgreSQL server on the same machine (scripts/postgres.mjs)', '', tables(measured.postgres), ''] : []),
  ].join('\n');
  writeSection(section);
  console.log(section);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
