// The database's ceiling for the checkout: what PostgreSQL alone does with the statements of one paid payment,
// with no app at all, against pgbench's TPC-B on the same server (issue 8's goal: confirmed payments per
// second at least 0.2x of TPC-B). If the database alone stays under the goal, no app sending these statements
// can reach it on this machine; only less work per payment can.
//
// 1. A new PostgreSQL server (or BENCH_PG_URL with BENCH_PG_LOG, its log file readable here), the app on it
//    with the demo data, a few warm-up payments through bench/checkout-load.mjs.
// 2. PostgreSQL logs every statement (log_statement = all) while one customer pays the demo business's static
//    QR code by card a few times, exactly as in bench/payments.mjs: the page, start, confirm, the receipt
//    mailed (the outbox row, its delivery job, the delivery's claim). pg-boss's own fetching and completing
//    of the delivery job is left out (under load a worker takes up to 20 jobs per fetch).
// 3. One complete payment's statements become pgbench scripts, parameters inlined, every value that must be
//    new per payment (ids, public ids, idempotency keys and scopes, the customer's email and address) made
//    unique per run; the business and its code stay. Three designs: the statements as the app sends them;
//    each request's statements in one round trip (pgbench's `\;`); and the leanest complete design this
//    schema allows (`leanDesign`: nothing written at start, one round trip for the confirm).
// 4. Each script is run 5 times first and must have made 5 complete payments (succeeded, balanced ledger
//    postings, the customer, the stored answers, the receipt's job and delivery), else the figures would be
//    of something else.
// 5. TPC-B and the three scripts alternated round by round at the checkout load's concurrency, pgbench on
//    core 1 (as every load generator).
// Ids are made unique with a random tail, so their index inserts land in random places where the app's
// time-ordered ids append: a small bias against the scripts. Left in the database: the scripts' payments and
// `bench_tpcb`.
//
// Usage: npm run build, then node bench/checkout-ceiling.mjs  (BENCH_ROUNDS, BENCH_SECONDS as for
// bench/api.mjs; BENCH_CHECKOUT_CUSTOMERS clients, default 16; BENCH_TPCB_SCALE, default 20; BENCH_APP
// another build's server.mjs; BENCH_KEEP_SCRIPTS=<dir> keeps the scripts there.) Prints a Markdown table.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
      while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
      if (j >= text.length) throw new Error(`a parameter without its closing quote in the log: ${text.slice(i, i + 80)}`);
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
    // One line per statement, literals untouched (a mail's text keeps its lines). Split on quotes, the odd
    // parts are inside literals (a doubled quote inside one closes and reopens it: the parity holds).
    statements.push(
      sql
        .split("'")
        .map((part, i) => (i % 2 === 0 ? part.replace(/\s+/g, ' ') : part))
        .join("'"),
    );
  });
  return statements;
}

/** pg-boss's own work (polling, completing, maintenance) is not the payment's; its job insert is. */
const isQueuePolling = (sql) => /pgboss\./i.test(sql) && !/^INSERT INTO pgboss\.job\b/i.test(sql);
/** Where a request's statements begin: the page's session read, a POST's idempotency claim. */
const REQUEST_START = /^(select "sessions"|with purged as)/;
/** Statements that are a round trip of their own: the delivery job's insert, the delivery's claim. */
const OWN_ROUND_TRIP = /^(INSERT INTO pgboss\.job|update "mail_outbox")/;

/** The parts of a statement outside quotes and parentheses, split on `separator` (a comma, a keyword). */
function splitTopLevel(sql, separator) {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && sql.startsWith(separator, i)) {
      parts.push(sql.slice(from, i));
      from = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(sql.slice(from));
  return parts.map((part) => part.trim());
}

/** Where the parenthesis opened at `from` closes (quotes and nested parentheses skipped). */
function closingParen(sql, from) {
  let depth = 0;
  let quoted = false;
  for (let i = from; i < sql.length; i++) {
    if (sql[i] === "'") quoted = !quoted;
    else if (!quoted && sql[i] === '(') depth++;
    else if (!quoted && sql[i] === ')' && --depth === 0) return i;
  }
  throw new Error(`unbalanced parentheses in ${sql.slice(0, 80)}`);
}

/** `insert into "t" (cols) values (row), (row) [rest]`: the head up to `values`, the rows' insides, the rest. */
function insertParts(sql) {
  const [head, tail] = splitTopLevel(sql, ' values ');
  const rows = [];
  let at = 0;
  for (;;) {
    const end = closingParen(tail, at);
    rows.push(tail.slice(at + 1, end));
    const next = /^\s*,\s*/.exec(tail.slice(end + 1));
    if (!next || tail[end + 1 + next[0].length] !== '(') return { head, rows, rest: tail.slice(end + 1).trim() };
    at = end + 1 + next[0].length;
  }
}

const columnsOf = (head) => splitTopLevel(head.slice(head.indexOf('(') + 1, head.lastIndexOf(')')), ',');

/**
 * The leanest complete design this schema allows, with no app at all: the page's reads, then one round trip
 * that claims the idempotency key, counts the attempt, makes the customer, inserts the payment already
 * succeeded (no row made at start and updated at confirm), all its events in one insert, its ledger postings,
 * the receipt's outbox row and job, and stores the answer, in one transaction; then the delivery's claim.
 * Only the audit entry is left out. (Measured first in a review: bench history in docs/benchmarks.md.)
 */
function leanDesign(payment) {
  const all = (re) => payment.filter((sql) => re.test(sql));
  const one = (re, nth = 0) => {
    const sql = all(re)[nth];
    if (!sql) throw new Error(`lean design: no statement ${re} among the payment's`);
    return sql;
  };
  const insert = insertParts(one(/^insert into "payments" /));
  const columns = columnsOf(insert.head);
  const values = splitTopLevel(insert.rows[0], ',');
  const update = one(/^update "payments" /);
  const [setList] = splitTopLevel(update.slice(update.indexOf(' set ') + 5), ' where ');
  for (const assignment of splitTopLevel(setList, ',')) {
    const [column, value] = [assignment.slice(0, assignment.indexOf(' = ')), assignment.slice(assignment.indexOf(' = ') + 3)];
    if (!columns.includes(column)) columns.push(column);
    values[columns.indexOf(column)] = value;
  }
  const paid = `insert into "payments" (${columns.join(', ')}) values (${values.join(', ')})`;
  const events = all(/^insert into "payment_events" /).map(insertParts);
  const allEvents = `${events[0].head} values ${events.flatMap((e) => e.rows.map((row) => `(${row})`)).join(', ')}`;
  if (new Set(events.map((e) => e.head)).size !== 1) throw new Error('lean design: the events are inserted with different columns');
  const page = payment.slice(
    0,
    payment.findIndex((sql) => /^with purged as/.test(sql)),
  );
  const confirm = [
    'begin',
    one(/^with purged as/, 1),
    one(/^insert into "rate_limits"/),
    one(/^select pg_advisory_xact_lock/),
    one(/^select .* from "customers"/),
    one(/^insert into "customers"/),
    paid,
    allEvents,
    one(/^insert into "ledger_transactions"/),
    one(/^insert into "ledger_entries"/),
    one(/^insert into "mail_outbox"/),
    one(/^INSERT INTO pgboss\.job/),
    one(/^update "idempotency_keys"/, 1),
    'commit',
  ];
  return [...page.map((sql) => [sql]), confirm, [one(/^update "mail_outbox"/)]];
}

/** Each statement a round trip of its own, as the app sends them. */
const asSent = (payment) => payment.map((sql) => [sql]);

/** Each request's statements in one round trip; the job's insert and the delivery's claim stay apart. */
function perRequest(payment) {
  const groups = [];
  for (const sql of payment) {
    const alone = OWN_ROUND_TRIP.test(sql);
    if (!groups.length || alone || REQUEST_START.test(sql) || OWN_ROUND_TRIP.test(groups.at(-1)[0])) groups.push([sql]);
    else groups.at(-1).push(sql);
  }
  return groups;
}

/** One complete payment: from a page's session read to the next, with the payment, its ledger and its receipt. */
function onePayment(statements) {
  const flow = statements.filter((s) => !isQueuePolling(s));
  const starts = flow.flatMap((s, i) => (/^select "sessions"/.test(s) ? [i] : []));
  // The first payments of the log may have started before it; take one in the middle.
  for (let k = 1; k < starts.length - 1; k++) {
    const payment = flow.slice(starts[k], starts[k + 1]);
    const has = (re) => payment.some((s) => re.test(s));
    const paid = has(/^insert into "payments"/) && has(/^update "payments"/) && has(/^insert into "ledger_entries"/);
    // Its receipt's delivery, not another payment's that the worker claimed meanwhile.
    const mail = /^insert into "mail_outbox" .* values \('([0-9a-f-]{36})'/.exec(payment.find((s) => s.startsWith('insert into "mail_outbox"')) ?? '')?.[1];
    const ours = (s) => !s.startsWith('update "mail_outbox"') || s.includes(`"mail_outbox"."id" = '${mail}'`);
    const delivered = mail && payment.some((s) => s.startsWith('update "mail_outbox"') && ours(s));
    // Another payment's delivery claimed meanwhile is that payment's work: left out.
    if (paid && delivered && has(/^insert into "customers"/) && has(/^INSERT INTO pgboss\.job/)) return payment.filter(ours);
  }
  // (On a server where the checkout load ran before, all 5,000 of its customers' emails may exist already.)
  throw new Error(`no complete payment that made its customer among ${flow.length} logged statements`);
}

/** Round trips of statements as a pgbench script whose every run is a new payment (see the head of this file). */
function scriptOf(groups, keep) {
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
  // :r is one random 12-digit number per run; pgbench substitutes it wherever it appears.
  return `\\set r random(100000000000, 999999999999)\n${groups.map((g) => `${g.map(unique).join(' \\;\n')};`).join('\n')}\n`;
}

/** What a script's statements make, per run: the rows the check below expects 5 runs to add. */
function expectedOf(groups) {
  const statements = groups.flat();
  const count = (re) => statements.filter((sql) => re.test(sql)).length;
  return {
    succeeded: 1,
    customers: count(/^insert into "customers"/),
    answered: count(/^update "idempotency_keys"/),
    delivered: count(/^update "mail_outbox"/),
    jobs: count(/^INSERT INTO pgboss\.job/),
  };
}

async function businessCounts(url, businessId) {
  const db = await connect(url);
  try {
    const { rows } = await db.query(
      `select (select count(*) from payments where business_id = $1 and status = 'succeeded')::int as succeeded,
              (select count(*) from customers where business_id = $1)::int as customers,
              (select count(*) from idempotency_keys where response_status is not null)::int as answered,
              (select count(*) from mail_outbox where sent_at is not null)::int as delivered,
              (select count(*) from pgboss.job where name = 'mail.deliver')::int as jobs,
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
/** Values the scripts keep as they are: the business, its QR code's id and public id. */
let keep;
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
  let payment;
  try {
    const qrId = (await db.query('select id from static_qr_codes where public_id = $1', [qr.public_id])).rows[0].id;
    keep = new Set([businessId, qrId, qr.public_id]);
    const pay = (seconds, first) => {
      const argv = ['bench/checkout-load.mjs', base, 'securecheckout.localhost', qr.public_id, '1', String(seconds), String(first)];
      const out = spawnSync(process.execPath, argv, { cwd: ROOT, encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`checkout load exited with ${out.status}: ${out.stderr}`);
      const result = JSON.parse(out.stdout);
      if (result.failed || !result.confirmed) throw new Error(`checkout load: ${out.stdout}${out.stderr}`);
    };
    pay(2, 7_000_000);
    // The settings as they were, to put back (a server of one's own may have them set already).
    const { rows: before } = await db.query(
      `select name, setting, sourcefile like '%postgresql.auto.conf' as by_alter from pg_settings where name in ('log_statement', 'log_line_prefix')`,
    );
    const logStart = statSync(pg.logFile).size;
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
      for (const { name, setting, by_alter } of before) {
        const quoted = `'${setting.replaceAll("'", "''")}'`;
        await db.query(by_alter ? `alter system set ${name} = ${quoted}` : `alter system reset ${name}`);
      }
      await db.query('select pg_reload_conf()');
    }
    const log = readFileSync(pg.logFile);
    payment = onePayment(statementsOf(log.subarray(logStart).toString('utf8')));
  } finally {
    await db.close();
  }
  await stop(app);

  const designs = {
    'one payment, as the app sends it': asSent(payment),
    'one payment, a round trip per request': perRequest(payment),
    'the leanest complete design on this schema': leanDesign(payment),
  };
  const scripts = {};
  for (const [name, groups] of Object.entries(designs)) {
    scripts[name] = join(work, `${name.replace(/\W+/g, '-')}.sql`);
    writeFileSync(scripts[name], scriptOf(groups, keep));
    if (process.env.BENCH_KEEP_SCRIPTS) writeFileSync(join(process.env.BENCH_KEEP_SCRIPTS, scripts[name].split('/').at(-1)), readFileSync(scripts[name]));
  }

  // Each script must make real payments: 5 runs add 5 succeeded payments, every ledger posting balanced, and
  // the customers, stored answers, jobs and deliveries its statements make (an update that hit nothing shows).
  for (const [name, file] of Object.entries(scripts)) {
    const before = await businessCounts(pg.url, businessId);
    pgbench(pg.url, ['-n', '-c', '1', '-t', '5', '-f', file]);
    const after = await businessCounts(pg.url, businessId);
    const added = Object.fromEntries(Object.keys(expectedOf(designs[name])).map((k) => [k, after[k] - before[k]]));
    const expected = Object.fromEntries(Object.entries(expectedOf(designs[name])).map(([k, v]) => [k, 5 * v]));
    if (JSON.stringify(added) !== JSON.stringify(expected) || after.unbalanced !== 0)
      throw new Error(`${name}: 5 runs did not make 5 complete payments: ${JSON.stringify({ added, expected, unbalanced: after.unbalanced })}`);
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
