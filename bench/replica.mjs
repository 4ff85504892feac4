// The list pages with their reads on a streaming replica (DATABASE_REPLICA_URL, docs/operations.md "Read replica"):
// a PostgreSQL primary and its replica (scripts/postgres.mjs, Debian's binaries) on this machine, N benchmark payments
// (bench/seed-payments.mjs, 200,000 by default) in the demo business, and two app processes on the primary, one
// reading its lists from the replica and one from the primary alone. Against the bare hello-world in the same run,
// alternated round by round (servers on core 0, autocannon on core 1): the first page of Transactions, the customers
// list and the 90-day overview, each through both apps. Each round also counts the transactions each server ran
// (`pg_stat_database.xact_commit`), which shows where the reads went. The section of docs/benchmarks.md between the
// replica markers is rewritten.
// Needs a build first (npm run build) and a quiet machine.
// Run: node bench/replica.mjs  (BENCH_PAYMENTS=20000 for a smoke test; BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS
// as for bench/api.mjs; BENCH_NOTE is printed in the section).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, startReplica } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { load, median, settings, startServer, stop } from './api.mjs';
import { connect, seedPayments } from './seed-payments.mjs';
import { writeDocSection } from './doc-section.mjs';

const COUNT = Number(process.env.BENCH_PAYMENTS ?? 200_000);

/** The apps' data directories (uploads, the backup token): removed at the end. */
const dirs = [];

async function startApp(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-replica-app-'));
  dirs.push(dataDir);
  const app = startServer('apps/server/dist/server.mjs', {
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    BIND_HOST: '127.0.0.1',
    DEMO_DATA: 'on',
    DEMO_HISTORY: 'off',
    LOG_LEVEL: 'warn',
    // Web processes: the benchmark reads; no job runs on the app's core (the first start, which migrates and seeds
    // the demo business, runs as `all`).
    ROLE: 'web',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 600_000);
  return { app, base };
}

const commits = async (client) => Number((await client.query(`select xact_commit::bigint as n from pg_stat_database where datname = 'postgres'`)).rows[0].n);

/** Waits until the replica has replayed what the primary has written. */
async function caughtUp(primary, replica) {
  const lsn = (await primary.query('select pg_current_wal_insert_lsn() as lsn')).rows[0].lsn;
  for (let i = 0; i < 1200; i++) {
    if ((await replica.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])).rows[0].done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the replica did not catch up');
}

async function main() {
  const load0 = loadavg()[0];
  const t0 = performance.now();
  const primary = await startPostgres();
  const replica = await startReplica(primary);
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const apps = [];
  const primarySql = new pg.Client({ connectionString: primary.url });
  const replicaSql = new pg.Client({ connectionString: replica.url });
  try {
    await waitFor(helloUrl);
    // The first start migrates and seeds the demo business; then the benchmark payments.
    const first = await startApp({ DATABASE_URL: primary.url, ROLE: 'all' });
    await stop(first.app);
    const db = await connect(primary.url);
    const seeded = await seedPayments(db, COUNT, 'demo-coffee', (line) => console.error(line));
    await db.close();
    await primarySql.connect();
    await replicaSql.connect();
    await caughtUp(primarySql, replicaSql);
    const withReplica = await startApp({ DATABASE_URL: primary.url, DATABASE_REPLICA_URL: replica.url });
    const primaryOnly = await startApp({ DATABASE_URL: primary.url });
    apps.push(withReplica.app, primaryOnly.app);
    const signedIn = { replica: await signInDemoOwner(withReplica.base), primary: await signInDemoOwner(primaryOnly.base) };
    const business = seeded.businessId;
    const pages = {
      'first page of Transactions': 'transactions',
      'customers list': 'customers',
      '90-day overview': 'payments/overview?period=90d',
    };
    const targets = [];
    for (const [page, path] of Object.entries(pages)) {
      targets.push({ page, reads: 'replica', url: `${withReplica.base}/v1/business/${business}/${path}`, cookie: signedIn.replica.cookie });
      targets.push({ page, reads: 'primary', url: `${primaryOnly.base}/v1/business/${business}/${path}`, cookie: signedIn.primary.cookie });
    }
    for (const target of targets) {
      const check = await fetch(target.url, { headers: { 'x-requested-with': 'XMLHttpRequest', cookie: target.cookie } });
      if (check.status !== 200) throw new Error(`${target.url} answered ${check.status}: ${await check.text()}`);
    }
    load(helloUrl); // warm-up
    for (const target of targets) load(target.url, target.cookie);
    const rounds = { hello: [], ...Object.fromEntries(targets.map((t, i) => [i, []])) };
    for (let r = 0; r < settings.rounds; r++) {
      rounds.hello.push(load(helloUrl));
      for (const [i, target] of targets.entries()) {
        const before = { primary: await commits(primarySql), replica: await commits(replicaSql) };
        const result = load(target.url, target.cookie);
        const after = { primary: await commits(primarySql), replica: await commits(replicaSql) };
        rounds[i].push({ ...result, primaryTx: after.primary - before.primary, replicaTx: after.replica - before.replica });
      }
    }
    const summary = (xs) => ({
      rps: median(xs.map((x) => x.rps)),
      p99: median(xs.map((x) => x.p99)),
      rounds: xs,
      perRequest:
        xs[0]?.primaryTx === undefined ? null : { primary: sum(xs, 'primaryTx') / sum(xs, 'requests'), replica: sum(xs, 'replicaTx') / sum(xs, 'requests') },
    });
    const helloSummary = summary(rounds.hello);
    const lines = [
      '## List pages with their reads on a read replica (issue 31)',
      '',
      `Measured by \`node bench/replica.mjs\`: a PostgreSQL primary and its streaming replica on this machine (scripts/postgres.mjs), ${COUNT.toLocaleString('en')} benchmark payments in the demo business (seeded in ${(seeded.ms / 1000).toFixed(0)} s), two web processes (\`ROLE=web\`) on the primary, one with \`DATABASE_REPLICA_URL\`, one without; ${settings.rounds} alternating rounds of ${settings.seconds} s at ${settings.connections} connections, servers on core 0 and autocannon on core 1; the primary, the replica and PostgreSQL's own processes share the two cores. Load average ${load0.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after; the run took ${((performance.now() - t0) / 1000).toFixed(0)} s. "Transactions per request": each server's committed transactions (\`pg_stat_database.xact_commit\`) over the round, per request answered (PostgreSQL flushes these counts in batches: approximate, they show where the reads went). ${process.env.BENCH_NOTE ?? ''}`,
      '',
      '| page | reads from | median req/s | ratio to hello-world | median p99 (ms) | transactions per request (primary / replica) | rounds (req/s) |',
      '|---|---|---|---|---|---|---|',
      `| bare Fastify hello-world | | ${helloSummary.rps.toFixed(0)} | 1 | ${helloSummary.p99.toFixed(0)} | | ${helloSummary.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`,
      ...targets.map((target, i) => {
        const s = summary(rounds[i]);
        return `| ${target.page} | ${target.reads} | ${s.rps.toFixed(0)} | ${(s.rps / helloSummary.rps).toFixed(3)}x | ${s.p99.toFixed(0)} | ${s.perRequest.primary.toFixed(2)} / ${s.perRequest.replica.toFixed(2)} | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`;
      }),
      '',
    ];
    const section = lines.join('\n');
    console.log(section);
    writeDocSection('replica', section, 'written by node bench/replica.mjs');
  } finally {
    for (const app of apps) await stop(app);
    await stop(hello);
    await primarySql.end().catch(() => undefined);
    await replicaSql.end().catch(() => undefined);
    replica.stop();
    primary.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const sum = (xs, key) => xs.reduce((total, x) => total + x[key], 0);

if (import.meta.url === `file://${process.argv[1]}`) await main();
