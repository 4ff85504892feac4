// The database's ceiling for the checkout: what PostgreSQL alone does with the statements of one paid payment,
// with no app at all, against pgbench's TPC-B on the same server (issue 8's goal: confirmed payments per
// second at least 0.2x of TPC-B). If the database alone stays under the goal, no app sending these statements
// can reach it on this machine; only less work per payment can.
//
// 1. A new PostgreSQL server (or BENCH_PG_URL with BENCH_PG_LOG, its log file readable here), the app on it
//    with the demo data, a few warm-up payments through bench/checkout-load.mjs.
// 2. PostgreSQL logs every statement (log_statement = all) while one customer pays the demo business's static
//    QR code by card a few times, exactly as in bench/payments.mjs: the page, start, confirm, the receipt
//    mailed (the outbox row, its delivery job, the delivery's claim). pg-boss's own polling is left out.
// 3. One complete payment's statements become a pgbench script, parameters inlined, every value that must be
//    new per payment (ids, public ids, idempotency keys and scopes, the customer's email and address) made
//    unique per transaction; the business and its code stay. A second script sends each request's
//    statements in one round trip (pgbench's `\;`), the most a request could save by talking less; a third
//    keeps only the writes no design of the issue's payment can leave out (CORE below).
// 4. Each script is run once and checked: it must have made succeeded payments with balanced ledger
//    postings, else the figures would be of something else.
// 5. TPC-B, the payment script and the one-round-trip script alternated round by round at the checkout
//    load's concurrency, pgbench on core 1 (as every load generator).
//
// Usage: npm run build, then node bench/checkout-ceiling.mjs  (BENCH_ROUNDS, BENCH_SECONDS as for
// bench/api.mjs; BENCH_CHECKOUT_CUSTOMERS clients, default 16; BENCH_TPCB_SCALE, default 20; BENCH_APP
// another build's server.mjs; BENCH_KEEP_SCRIPTS=<dir> keeps the two scripts there.) Prints a Markdown table.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { median, settings, startServer, stop } from './api.mjs';
import { pgbench, pgbenchRound, tpcbDatabase } from './pgbench.mjs';
import { connect } from './seed-payments.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const APP = process.env.BENCH_APP ?? 'apps/server/dist/server.mjs';
const CLIENTS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 16);
const TPCB_SCALE = Number(process.env.BENCH_TPCB_SCALE ?? Math.max(20, CLIENTS));

/** The log's lines: `<date> <time> UTC [<pid>] <LEVEL>:  <text>`, continued on lines that start with a tab. */
const LINE = /^\S+ \S+ \S+ \[(\d+)\] ([A-Z]+): {2}(.*)$/;

/** `$1 = 'a', $2 = NULL, ...` as PostgreSQL logs a statement's parameters: SQL literals by number. */
function parseParameters(text) {
  const values = [];
  let i = 0;
  while (i < text.length) {
    const head = /^\$(\d+) = /.exec(text.slice(i));
    if (!head) break;
    i += head[0].length;
    if (text.startsWith('NULL', i)) {
      values[Number(head[1])] = 'NULL';
      i += 4;
    } else {
      // A quoted literal, quotes inside doubled: keep it as SQL.
      let j = i + 1;
      while (!(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
      values[Number(head[1])] = text.slice(i, j + 1);
      i = j + 1;
    }
    if (text.startsWith(', ', i)) i += 2;
  }
  return values;
}

/** Every statement the log holds, in order, with its parameters inlined. */
function statementsOf(log) {
  const entries = [];
  for (const line of log.split('\n')) {
    const m = LINE.exec(line);
    if (m) entries.push({ pid: m[1], level: m[2], text: m[3] });
    else if (entries.length && line.startsWith('\t')) entries.at(-1).text += `\n${line.slice(1)}`;
  }
  const statements = [];
  entries.forEach((entry, i) => {
    const m = entry.level === 'LOG' && /^(?:execute [^:]+|statement): ([\s\S]*)$/.exec(entry.text);
    if (!m) return;
    const next = entries[i + 1];
    const values = next?.level === 'DETAIL' && next.pid === entry.pid && next.text.startsWith('parameters: ') ? parseParameters(next.text.slice(12)) : [];
    const sql = m[1].trim().replace(/\$(\d+)/g, (p, n) => values[Number(n)] ?? p);
    statements.push(sql.replace(/\s+/g, ' '));
  });
  return statements;
}

/** pg-boss's own work (polling, completing, maintenance) is not the payment's; its job insert is. */
const isQueuePolling = (sql) => /pgboss\./i.test(sql) && !/^INSERT INTO pgboss\.job\b/i.test(sql);
/** Where a request's statements begin: the page's session read, a POST's idempotency claim. */
const REQUEST_START = /^(select "sessions"|with purged as)/;
/** Statements that are a round trip of their own: the delivery job's insert, the delivery's claim. */
const OWN_ROUND_TRIP = /^(INSERT INTO pgboss\.job|update "mail_outbox")/;

/**
 * What no design of the issue's payment can leave out: the payment row made and moved to succeeded, its
 * events, its ledger transactions and entries, in their two transactions. No reads, idempotency, rate
 * limits, customer, audit or receipt.
 */
const CORE = /^(begin$|commit$|(insert into|update) "(payments|payment_events|ledger_transactions|ledger_entries)" )/;

/** One complete payment: from a page's session read to the next, with the payment, its ledger and its receipt. */
function onePayment(statements) {
  const flow = statements.filter((s) => !isQueuePolling(s));
  const starts = flow.flatMap((s, i) => (/^select "sessions"/.test(s) ? [i] : []));
  // The first payments of the log may have started before it; take one in the middle.
  for (let k = 1; k < starts.length - 1; k++) {
    const payment = flow.slice(starts[k], starts[k + 1]);
    const has = (re) => payment.some((s) => re.test(s));
    const paid = has(/^insert into "payments"/) && has(/^update "payments"/) && has(/^insert into "ledger_entries"/);
    if (paid && has(/^insert into "customers"/) && has(OWN_ROUND_TRIP)) return payment;
  }
  throw new Error(`no complete payment among ${flow.length} logged statements`);
}

/** The payment's statements as a pgbench script whose every run is a new payment (see the head of this file). */
function scriptOf(payment, keep, { oneRoundTripPerRequest }) {
  const ids = new Map();
  const n = (value) => {
    if (!ids.has(value)) ids.set(value, ids.size + 1);
    return String(ids.get(value)).padStart(3, '0');
  };
  const unique = (sql) =>
    sql
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => (keep.has(u) ? u : `a00${n(u)}00-0000-4000-8000-:r`))
      .replace(/\b([a-z]+)_[A-Za-z0-9]{16,}\b/g, (id, prefix) => (keep.has(id) ? id : `${prefix}_${n(id)}x:r`))
      .replace(/\b[0-9a-f]{64}\b/g, (hash) => `h${n(hash)}x:r`)
      .replace(/customer\d+@bench\.example\.com/g, 'c:r@bench.example.com')
      .replace(/\b10\.\d+\.\d+\.\d+\b/g, '10.:r');
  const groups = [];
  for (const sql of payment.map(unique)) {
    const alone = OWN_ROUND_TRIP.test(sql);
    if (!oneRoundTripPerRequest || !groups.length || alone || REQUEST_START.test(sql) || groups.at(-1).alone) groups.push({ alone, sql: [sql] });
    else groups.at(-1).sql.push(sql);
  }
  // :r is one random 12-digit number per run; pgbench substitutes it wherever it appears.
  return `\\set r random(100000000000, 999999999999)\n${groups.map((g) => `${g.sql.join(' \\;\n')};`).join('\n')}\n`;
}

async function businessCounts(url, businessId) {
  const db = await connect(url);
  try {
    const { rows } = await db.query(
      `select (select count(*) from payments where business_id = $1 and status = 'succeeded')::int as succeeded,
              (select count(*) from (select transaction_id from ledger_entries where business_id = $1
                 group by transaction_id, currency having sum(amount) <> 0) t)::int as unbalanced`,
      [businessId],
    );
    return rows[0];
  } finally {
    await db.close();
  }
}

const given = process.env.BENCH_PG_URL;
if (given && !process.env.BENCH_PG_LOG) throw new Error('BENCH_PG_URL needs BENCH_PG_LOG: the server log file, readable here');
const pg = given ? { url: given, logFile: process.env.BENCH_PG_LOG, stop: () => undefined } : await startPostgres();
const work = mkdtempSync(join(tmpdir(), 'md-ceiling-'));
const port = await freePort();
const app = startServer(APP, { DATABASE_URL: pg.url, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 900_000);
  const { cookie, user } = await signInDemoOwner(base);
  const businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee').id;
  const res = await request(`${base}/v1/business/${businessId}/static-qr-codes?status=active`, { headers: { cookie } });
  const qr = (await res.body.json()).data.find((q) => q.amount === null);
  const db = await connect(pg.url);
  const qrId = (await db.query('select id from static_qr_codes where public_id = $1', [qr.public_id])).rows[0].id;
  const pay = (seconds, first) => {
    const out = spawnSync(process.execPath, ['bench/checkout-load.mjs', base, 'securecheckout.localhost', qr.public_id, '1', String(seconds), String(first)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const result = JSON.parse(out.stdout);
    if (result.failed || !result.confirmed) throw new Error(`checkout load: ${out.stdout}${out.stderr}`);
  };
  pay(2, 7_000_000);
  const logStart = readFileSync(pg.logFile, 'utf8').length;
  await db.query(`alter system set log_statement = 'all'`);
  await db.query(`alter system set log_line_prefix = '%m [%p] '`);
  await db.query('select pg_reload_conf()');
  try {
    // Customers the warm-up did not make (the load's emails repeat every 5,000): each payment makes its
    // customer, as most of bench/payments.mjs's do.
    pay(1, 7_502_500);
    // The receipts' delivery runs in the app's job worker just after.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  } finally {
    await db.query('alter system reset log_statement');
    await db.query('alter system reset log_line_prefix');
    await db.query('select pg_reload_conf()');
    await db.close();
  }
  const payment = onePayment(statementsOf(readFileSync(pg.logFile, 'utf8').slice(logStart)));
  await stop(app);

  const keep = new Set([businessId, qrId, qr.public_id]);
  const scripts = {
    'one payment, as the app sends it': join(work, 'payment.sql'),
    'one payment, a round trip per request': join(work, 'payment-per-request.sql'),
    'its lifecycle and ledger writes alone': join(work, 'payment-core.sql'),
  };
  writeFileSync(scripts['one payment, as the app sends it'], scriptOf(payment, keep, { oneRoundTripPerRequest: false }));
  writeFileSync(scripts['one payment, a round trip per request'], scriptOf(payment, keep, { oneRoundTripPerRequest: true }));
  writeFileSync(
    scripts['its lifecycle and ledger writes alone'],
    scriptOf(
      payment.filter((sql) => CORE.test(sql)),
      keep,
      { oneRoundTripPerRequest: false },
    ),
  );
  if (process.env.BENCH_KEEP_SCRIPTS)
    for (const file of Object.values(scripts)) writeFileSync(join(process.env.BENCH_KEEP_SCRIPTS, file.split('/').at(-1)), readFileSync(file));

  // Each script must make real payments: 5 runs, 5 more succeeded payments, every ledger posting balanced.
  for (const file of Object.values(scripts)) {
    const before = await businessCounts(pg.url, businessId);
    pgbench(pg.url, ['-n', '-c', '1', '-t', '5', '-f', file]);
    const after = await businessCounts(pg.url, businessId);
    if (after.succeeded - before.succeeded !== 5 || after.unbalanced !== 0)
      throw new Error(`${file} did not make balanced payments: ${JSON.stringify({ before, after })}`);
  }

  const tpcb = await tpcbDatabase(pg.url, TPCB_SCALE);
  const rounds = { 'pgbench TPC-B': [], ...Object.fromEntries(Object.keys(scripts).map((k) => [k, []])) };
  const runs = { 'pgbench TPC-B': () => pgbenchRound(tpcb, { clients: CLIENTS, seconds: settings.seconds }) };
  for (const [name, file] of Object.entries(scripts))
    runs[name] = () => pgbenchRound(pg.url, { clients: CLIENTS, seconds: settings.seconds, args: ['-f', file] });
  for (const run of Object.values(runs)) run(); // warm-up
  for (let i = 0; i < settings.rounds; i++) for (const [name, run] of Object.entries(runs)) rounds[name].push(run().rps);

  const tpcbRate = median(rounds['pgbench TPC-B']);
  console.log(
    `${payment.length} statements per payment (begin and commit included), ${CLIENTS} clients, ${settings.rounds} rounds of ${settings.seconds} s:\n`,
  );
  console.log('| pgbench running | transactions/s (median) | against TPC-B | rounds |\n|---|---|---|---|');
  for (const [name, xs] of Object.entries(rounds)) {
    console.log(`| ${name} | ${median(xs).toFixed(0)} | ${(median(xs) / tpcbRate).toFixed(3)}x | ${xs.map((x) => x.toFixed(0)).join(', ')} |`);
  }
} finally {
  await stop(app);
  pg.stop();
  rmSync(work, { recursive: true, force: true });
}
