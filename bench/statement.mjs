// The wallet statement and a payout at scale: N ledger transactions (1,000,000 by default) moving money into
// the demo business's available balance (settlement-shaped: merchant_pending -> merchant_available, two
// entries each, written by set-based SQL with the ledger's triggers skipped as bench/seed-payments.mjs does, the
// balances rebuilt after), then one payout of everything through the API (its lines: every one of those
// entries). Against the bare hello-world in the same run, alternated round by round (bench/api.mjs): the
// statement's first page (available account), the payout's detail and the first page of its lines; then the
// statement's CSV export of every entry, timed. PostgreSQL only (a server scripts/postgres.mjs starts, or
// BENCH_PG_URL). The section of docs/benchmarks.md between the statement markers is rewritten.
// Needs a build first (npm run build) and a quiet machine.
// Run: node bench/statement.mjs  (BENCH_ENTRIES=20000 for a smoke test; BENCH_ROUNDS, BENCH_SECONDS,
// BENCH_CONNECTIONS as for bench/api.mjs; BENCH_SERVER: the built server to run, apps/server/dist/server.mjs by
// default, to compare a build kept from before a change).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { alternate, settings, startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const COUNT = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const MORE = Number(process.env.BENCH_MORE ?? 1_000);
const CHUNK = 100_000;
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/server.mjs';
const LOG = process.env.BENCH_LOG ?? join(tmpdir(), 'md-bench-statement-app.log');

/** `CHUNK` settlement-shaped ledger transactions at a time, spread over the last year, oldest first by number. */
const insertChunk = `
WITH src AS (
  SELECT g, gen_random_uuid() AS tx, now() - interval '3 days' - ((($3 - g)::float8 / $3) * interval '365 days') AS at,
         100 + (g * 7919) % 49900 AS amount
  FROM generate_series($2::bigint, $4::bigint) AS g
), t AS (
  INSERT INTO ledger_transactions (business_id, id, kind, description, created_at)
  SELECT $1, tx, 'settlement', 'Benchmark settlement ' || g, at FROM src
)
INSERT INTO ledger_entries (business_id, id, transaction_id, account, currency, amount, created_at)
SELECT $1, gen_random_uuid(), tx, 'merchant_pending', 'sgd', -amount, at FROM src
UNION ALL
SELECT $1, gen_random_uuid(), tx, 'merchant_available', 'sgd', amount, at FROM src`;

/** `$2` more settlement-shaped transactions, two days old: what arrives between two payouts. */
const insertMore = `
WITH src AS (
  SELECT g, gen_random_uuid() AS tx, now() - interval '2 days' + g * interval '1 millisecond' AS at, 100 + (g * 7919) % 49900 AS amount
  FROM generate_series(1, $2::bigint) AS g
), t AS (
  INSERT INTO ledger_transactions (business_id, id, kind, description, created_at)
  SELECT $1, tx, 'settlement', 'Benchmark settlement, later ' || g, at FROM src
)
INSERT INTO ledger_entries (business_id, id, transaction_id, account, currency, amount, created_at)
SELECT $1, gen_random_uuid(), tx, 'merchant_pending', 'sgd', -amount, at FROM src
UNION ALL
SELECT $1, gen_random_uuid(), tx, 'merchant_available', 'sgd', amount, at FROM src`;

/** The rollups of the business rebuilt from its entries (the seed skips the ledger's triggers). */
async function rebuildRollups(db, businessId) {
  await db.query('DELETE FROM ledger_balances WHERE business_id = $1', [businessId]);
  await db.query(
    `INSERT INTO ledger_balances (business_id, account, currency, balance, amount)
     SELECT business_id, account, currency, balance, sum(amount) FROM ledger_entries WHERE business_id = $1 GROUP BY 1, 2, 3, 4`,
    [businessId],
  );
  await db.query('DELETE FROM ledger_daily WHERE business_id = $1', [businessId]);
  await db.query(
    `INSERT INTO ledger_daily (business_id, account, currency, balance, day, amount)
     SELECT business_id, account, currency, balance, (created_at AT TIME ZONE 'UTC')::date, sum(amount)
     FROM ledger_entries WHERE business_id = $1 GROUP BY 1, 2, 3, 4, 5`,
    [businessId],
  );
  for (const table of ['ledger_transactions', 'ledger_entries', 'ledger_balances', 'ledger_daily']) await db.query(`ANALYZE ${table}`);
}

/** Adds `MORE` newer transactions to the business's available balance. */
async function seedMore(pgUrl, businessId) {
  const db = await connect(pgUrl);
  try {
    await db.query('SET session_replication_role = replica');
    await db.query(insertMore, [businessId, MORE]);
    await db.query('SET session_replication_role = origin');
    await rebuildRollups(db, businessId);
  } finally {
    await db.close();
  }
}

async function seed(db) {
  const { rows } = await db.query(`SELECT id FROM businesses WHERE identifier = 'demo-coffee'`);
  const businessId = rows[0]?.id;
  if (!businessId) throw new Error('No demo business: the app seeds it on its first start with DEMO_DATA=on');
  const started = performance.now();
  await db.query('SET session_replication_role = replica');
  for (let from = 1; from <= COUNT; from += CHUNK) {
    await db.query(insertChunk, [businessId, from, COUNT, Math.min(COUNT, from + CHUNK - 1)]);
    console.error(`seeded ${Math.min(COUNT, from + CHUNK - 1)} of ${COUNT}`);
  }
  await db.query('SET session_replication_role = origin');
  await rebuildRollups(db, businessId);
  return { businessId, seconds: (performance.now() - started) / 1000 };
}

/** POST with the session and a fresh anti-forgery token; answers the parsed body. */
async function post(base, cookie, path, body) {
  const csrf = await request(`${base}/csrf-token`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
  const { token } = await csrf.body.json();
  const res = await request(`${base}${path}`, {
    method: 'POST',
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': token,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
    headersTimeout: 900_000,
    bodyTimeout: 900_000,
  });
  const answer = await res.body.json();
  if (res.statusCode >= 300) throw new Error(`${path} answered ${res.statusCode}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Streams the statement's CSV of every available entry: rows and seconds. */
async function exportCsv(base, api, cookie) {
  const started = performance.now();
  let rows = -1;
  const dispatcher = new Agent({ headersTimeout: 900_000, bodyTimeout: 900_000 });
  try {
    const res = await request(`${api}/balances/wallet/statement/export?account=available`, { headers: { cookie }, dispatcher });
    if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}`);
    for await (const chunk of res.body) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  } finally {
    await dispatcher.close();
  }
  return { rows, seconds: (performance.now() - started) / 1000 };
}

async function measure(helloUrl, pgUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-statement-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, DATABASE_URL: pgUrl, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', LOG_LEVEL: 'warn' };
  const base = `http://127.0.0.1:${port}`;
  const app = startServer(SERVER, env, LOG);
  try {
    await waitFor(`${base}/healthz`, app, 900_000);
    const db = await connect(pgUrl);
    let seeded;
    try {
      seeded = await seed(db);
    } finally {
      await db.close();
    }
    const { cookie } = await signInDemoOwner(base);
    const api = `${base}/v1/business/${seeded.businessId}`;
    const payoutStarted = performance.now();
    const payout = await post(base, cookie, `/v1/business/${seeded.businessId}/payouts`, { currency: 'sgd' });
    const payoutSeconds = (performance.now() - payoutStarted) / 1000;
    console.error(`payout of everything: ${payoutSeconds.toFixed(1)} s`);
    await seedMore(pgUrl, seeded.businessId);
    const nextStarted = performance.now();
    const next = await post(base, cookie, `/v1/business/${seeded.businessId}/payouts`, { currency: 'sgd' });
    const nextSeconds = (performance.now() - nextStarted) / 1000;
    console.error(`next payout (${MORE} newer entries): ${nextSeconds.toFixed(2)} s`);
    const halfYearAgo = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
    const targets = {
      'wallet balance (pending, available, in transit)': `${api}/balances/wallet`,
      'statement, first page (available)': `${api}/balances/wallet/statement?account=available`,
      'statement, half a year back (available, to a date)': `${api}/balances/wallet/statement?account=available&to=${halfYearAgo}`,
      'payout detail (summary of its lines)': `${api}/payouts/${payout.id}`,
      "payout's lines, first page": `${api}/payouts/${payout.id}/lines`,
    };
    const results = alternate(helloUrl, targets, cookie);
    const csv = await exportCsv(base, api, cookie).catch((error) => ({ error: error.message }));
    return {
      seeded,
      payout: { seconds: payoutSeconds, amount: payout.amount.amount },
      next: { seconds: nextSeconds, amount: next.amount.amount },
      csv,
      results,
    };
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function section(m) {
  const date = new Date().toISOString().slice(0, 10);
  const hello = m.results.hello;
  const lines = [
    `## The statement and a payout at ${COUNT.toLocaleString('en')} ledger transactions (${date})`,
    '',
    `Measured by \`node bench/statement.mjs\` on PostgreSQL: ${COUNT.toLocaleString('en')} settlement-shaped ledger transactions ` +
      `(${(2 * COUNT).toLocaleString('en')} entries, ${COUNT.toLocaleString('en')} of them on the available account) in the demo business ` +
      `(seeded in ${m.seeded.seconds.toFixed(0)} s), then one payout of everything through the API, which took ` +
      `**${m.payout.seconds.toFixed(1)} s** (one line per entry); ${MORE.toLocaleString('en')} newer transactions were then added and ` +
      `paid out by a second payout in **${m.next.seconds.toFixed(2)} s**. ` +
      `${settings.rounds} alternating rounds of ${settings.seconds} s, ${settings.connections} keep-alive connections, ` +
      `servers on core 0 and the load generator on core 1.`,
    '',
    '| target | median req/s | ratio to hello-world | median p99 (ms) | rounds (req/s) |',
    '|---|---|---|---|---|',
  ];
  for (const [name, s] of Object.entries(m.results)) {
    const label = name === 'hello' ? 'bare Fastify hello-world' : name;
    lines.push(
      `| ${label} | ${s.rps.toFixed(1)} | ${(s.rps / hello.rps).toFixed(4)}x | ${s.p99.toFixed(0)} | ${s.rounds.map((x) => x.rps.toFixed(1)).join(', ')} |`,
    );
  }
  const c = m.csv;
  lines.push(
    '',
    c.error
      ? `Statement CSV of the available account: **failed**: ${c.error}.`
      : `Statement CSV of the available account: ${c.rows.toLocaleString('en')} rows in ${c.seconds.toFixed(1)} s.`,
  );
  return lines.join('\n');
}

function writeSection(text) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- statement:start (written by node bench/statement.mjs) -->';
  const end = '<!-- statement:end -->';
  const block = `${start}\n${text}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return writeFileSync(file, doc.slice(0, from) + block + doc.slice(to + end.length));
  const web = doc.indexOf('<!-- web:start');
  writeFileSync(file, web >= 0 ? `${doc.slice(0, web)}${block}\n\n${doc.slice(web)}` : `${doc.trimEnd()}\n\n${block}\n`);
}

const helloPort = await freePort();
const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
const given = process.env.BENCH_PG_URL;
const pg = given ? { url: given, stop: () => undefined } : await startPostgres();
try {
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  await waitFor(helloUrl);
  const m = await measure(helloUrl, pg.url);
  const text = section(m);
  console.log(text);
  writeSection(text);
} finally {
  await stop(hello);
  pg.stop();
}
