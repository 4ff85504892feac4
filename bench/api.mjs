// API throughput: an authenticated GET /v1/user against a bare Fastify hello-world, on the embedded
// database and on PostgreSQL. The two servers are alternated round by round (the field notes: on a
// 2-core machine only ratios inside one run mean something) and the medians compared. Servers run on
// core 0, the load generator (bench/load.mjs, its own process) on core 1, when taskset is there.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
export const settings = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
export const pinning = cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
export const pinned = (core, argv) => (pinning ? ['taskset', ['-c', String(core), process.execPath, ...argv]] : [process.execPath, argv]);
/**
 * A PostgreSQL server for a comparison with the hello-world, on every core by default (as every figure in
 * docs/benchmarks.md was measured). BENCH_PG_CORE=1 starts it on that core only (with the load generator), so the app
 * has core 0 to itself as the hello-world has: a database on the app's core takes its turns there while the app waits
 * in its socket writes (a quarter of the app's time in a profile of the register's order list was `writev`, a sixth of
 * that with the database on core 1), but the searches, whose statements cost the database more than the app, are
 * slower with the database on one core.
 */
export const pgCore = pinning && process.env.BENCH_PG_CORE ? process.env.BENCH_PG_CORE : null;
export const startBenchPostgres = () => startPostgres(pgCore === null ? {} : { core: pgCore });
/** How the benchmark's section says where PostgreSQL ran. */
export const pgWhere = () => (pgCore === null ? 'PostgreSQL on every core' : `PostgreSQL on core ${pgCore}`);

/**
 * Starts a server on core 0; its log (stdout) goes to `logFile` when given, so a failure can be read afterwards.
 * `nodeArgs` go to Node before the file (for instance `--cpu-prof`).
 */
export function startServer(file, env, logFile, { nodeArgs = [] } = {}) {
  const [cmd, args] = pinned(0, [...nodeArgs, file]);
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  // A server stops if the benchmark is killed (EXIT_WITH_PARENT).
  return spawn(cmd, args, { cwd: ROOT, env: { EXIT_WITH_PARENT: 'on', ...process.env, ...env }, stdio: ['ignore', out, 'inherit'] });
}

export const stop = async (child) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill();
  await exited;
};

/** One round of load from its own process on core 1. */
export function load(url, cookie) {
  const [cmd, args] = pinned(1, ['bench/load.mjs', url, String(settings.connections), String(settings.seconds), ...(cookie ? [cookie] : [])]);
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`load generator failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) throw new Error(`${result.failed} of ${result.requests} requests to ${url} failed`);
  return result;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Alternates the hello-world and each target (name: URL, loaded with the cookie) round by round after one warm-up
 * round each; answers each one's median req/s and p99 and its rounds, the hello-world as `hello`.
 */
export function alternate(helloUrl, targets, cookie) {
  load(helloUrl);
  for (const url of Object.values(targets)) load(url, cookie);
  const rounds = { hello: [], ...Object.fromEntries(Object.keys(targets).map((k) => [k, []])) };
  for (let i = 0; i < settings.rounds; i++) {
    rounds.hello.push(load(helloUrl));
    for (const [name, url] of Object.entries(targets)) rounds[name].push(load(url, cookie));
  }
  const summary = (xs) => ({ rps: median(xs.map((x) => x.rps)), p99: median(xs.map((x) => x.p99)), rounds: xs });
  return Object.fromEntries(Object.entries(rounds).map(([k, xs]) => [k, summary(xs)]));
}

/** The markdown rows of `alternate`'s results, each against the hello-world of the same run. */
export function alternatedTable(results, firstColumn = 'target') {
  const hello = results.hello;
  const lines = [`| ${firstColumn} | median req/s | ratio to hello-world | median p99 (ms) | rounds (req/s) |`, '|---|---|---|---|---|'];
  for (const [name, s] of Object.entries(results)) {
    const label = name === 'hello' ? 'bare Fastify hello-world' : name;
    lines.push(
      `| ${label} | ${s.rps.toFixed(0)} | ${(s.rps / hello.rps).toFixed(3)}x | ${s.p99.toFixed(1)} | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`,
    );
  }
  return lines;
}

/** Alternates hello-world and GET /v1/user against one app process. */
async function compare(helloUrl, appEnv) {
  const port = await freePort();
  const app = startServer('apps/server/dist/server.mjs', { ...appEnv, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', LOG_LEVEL: 'warn' });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    const { cookie } = await signInDemoOwner(base);
    const userUrl = `${base}/v1/user`;
    load(helloUrl); // warm-up
    load(userUrl, cookie);
    const hello = [];
    const user = [];
    for (let i = 0; i < settings.rounds; i++) {
      hello.push(load(helloUrl));
      user.push(load(userUrl, cookie));
    }
    const summary = (xs) => ({ rps: median(xs.map((x) => x.rps)), p99: median(xs.map((x) => x.p99)), rounds: xs });
    return { hello: summary(hello), user: summary(user) };
  } finally {
    await stop(app);
  }
}

/** Both databases, one hello-world process throughout. */
export async function measureApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-'));
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const pg = await startBenchPostgres();
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    const embedded = await compare(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: '' });
    const postgres = await compare(helloUrl, { DATA_DIR: dataDir, DATABASE_URL: pg.url });
    return { embedded, postgres, pinning };
  } finally {
    await stop(hello);
    pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The markdown of one database's comparison. */
export function apiTable(result) {
  const row = (label, s) => `| ${label} | ${s.rps.toFixed(0)} | ${s.p99.toFixed(1)} | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`;
  return [
    '| target | median req/s | median p99 (ms) | rounds (req/s) |',
    '|---|---|---|---|',
    row('bare Fastify hello-world', result.hello),
    row('GET /v1/user, signed in', result.user),
    '',
    `Ratio: **${(result.user.rps / result.hello.rps).toFixed(2)}x**; p99 of GET /v1/user ${result.user.p99.toFixed(1)} ms.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureApi();
  console.log(
    `Embedded database:\n\n${apiTable(result.embedded)}\n\nPostgreSQL:\n\n${apiTable(result.postgres)}\n\n(load generator pinned: ${result.pinning})`,
  );
}

/**
 * Rounds of the checkout load (bench/checkout-load.mjs), each from its own process on core 1: `customers` at once
 * for `settings.seconds`. Every customer of the run has an address of its own, numbered on from `firstCustomer`.
 */
export function checkoutRounds(customers, firstCustomer = 1) {
  let nextCustomer = firstCustomer;
  return function checkoutRound(base, qr) {
    const [cmd, args] = pinned(1, [
      'bench/checkout-load.mjs',
      base,
      'securecheckout.localhost',
      qr,
      String(customers),
      String(settings.seconds),
      String(nextCustomer),
    ]);
    const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`checkout load failed: ${res.stderr}`);
    const result = JSON.parse(res.stdout);
    nextCustomer += result.customers;
    if (result.failed) throw new Error(`checkout load: ${result.failed} payments failed: ${JSON.stringify(result.failures)}`);
    return result;
  };
}
