// The app's CPU time per request and per paid checkout payment, for two or more builds of the app on one
// seeded PostgreSQL server, alternated round by round. On a shared machine requests per second move with
// everyone else's load; the CPU the app process itself spent (user + system time from /proc/<pid>/stat)
// divided by what it served moves far less, so it is what an A/B of the app's own code compares.
//
// Each round, for each build in turn (every build's process pinned to core 0, the load generators to core 1):
// the checkout load (bench/checkout-load.mjs: token, page, start, confirm), then the first page of
// Transactions, a filtered page and the 90-day overview at 50 connections (bench/load.mjs). Prints per build and target the
// median CPU ms per paid payment or per request, the median rate, and the load average at each round.
//
// Usage: BENCH_PG_URL=<a server seeded by bench/seed-payments.mjs> node bench/cpu-per-request.mjs <server.mjs> [<server.mjs> ...]
// (a build given as `<server.mjs>::<database url>` reaches the same database through that URL, e.g. a Unix
// socket; BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS as for bench/api.mjs; BENCH_CHECKOUT_CUSTOMERS, default 16;
// BENCH_CPU_PROFILE=<dir> runs every build under `node --cpu-prof` and leaves one profile per build there;
// BENCH_ONLY=checkout or pages runs one kind of load only.)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { checkoutRounds, load, median, pinned, settings, stop } from './api.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const PG = process.env.BENCH_PG_URL;
const CUSTOMERS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 16);
const PROFILE = process.env.BENCH_CPU_PROFILE;
/** `checkout` or `pages` for one kind of load only (a profile of one of them). */
const ONLY = process.env.BENCH_ONLY;
const builds = process.argv.slice(2);
if (!PG || builds.length === 0) {
  console.error('usage: BENCH_PG_URL=postgres://... node bench/cpu-per-request.mjs <server.mjs> [<server.mjs> ...]');
  process.exit(2);
}

/** User + system CPU time of a process so far, in milliseconds (clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of stat)
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** `<server.mjs>` or `<server.mjs>::<database url>`: the same database reached another way (a Unix socket). */
async function startBuild(arg) {
  const [file, url = PG] = arg.split('::');
  const port = await freePort();
  const flags = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const [cmd, args] = pinned(0, [...flags, file]);
  const env = { ...process.env, DATABASE_URL: url, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' };
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child, 300_000);
  // The node process itself (taskset execs it, so the child's pid is node's).
  return { file: arg, child, base };
}

const checkoutRound = checkoutRounds(CUSTOMERS, 1_000_000 + Math.floor(Math.random() * 1_000_000));

async function firstJson(url, cookie) {
  const dispatcher = new Agent();
  try {
    const res = await request(url, { headers: { cookie }, dispatcher });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    return await res.body.json();
  } finally {
    await dispatcher.close();
  }
}

const apps = [];
for (const file of builds) apps.push(await startBuild(file));
try {
  const { cookie, user } = await signInDemoOwner(apps[0].base);
  const businessId = user.businesses?.owned?.find((b) => b.identifier === 'demo-coffee')?.id;
  if (!businessId) throw new Error(`no business in GET /v1/user: ${JSON.stringify(user).slice(0, 300)}`);
  const path = `/v1/business/${businessId}`;
  const codes = await firstJson(`${apps[0].base}${path}/static-qr-codes?status=active`, cookie);
  const qr = codes.data.find((q) => q.amount === null)?.public_id;
  if (!qr) throw new Error('no active static QR code with an open amount');
  // One sign-in serves every build: the session is stored in the database, each process's cache loads it on first use.
  const targets =
    ONLY === 'checkout'
      ? {}
      : {
          'first page of Transactions': `${path}/transactions`,
          'filtered page': `${path}/transactions?status=succeeded&method=card&sort=amount_desc`,
          '90-day overview': `${path}/payments/overview?period=90d`,
        };
  const withCheckout = ONLY !== 'pages';
  const rows = Object.fromEntries(
    apps.map((a) => [a.file, { ...(withCheckout ? { checkout: [] } : {}), ...Object.fromEntries(Object.keys(targets).map((t) => [t, []])) }]),
  );
  const loads = [];
  // Warm-up: every build, every target once.
  for (const app of apps) {
    if (withCheckout) checkoutRound(app.base, qr);
    for (const t of Object.values(targets)) load(`${app.base}${t}`, cookie);
  }
  for (let round = 0; round < settings.rounds; round++) {
    // Alternate the order too, so neither build always follows the other.
    const order = round % 2 === 0 ? apps : [...apps].reverse();
    for (const app of order) {
      loads.push(loadAverage());
      if (withCheckout) {
        const before = cpuMs(app.child.pid);
        const c = checkoutRound(app.base, qr);
        rows[app.file].checkout.push({ rate: c.rps, cpu: (cpuMs(app.child.pid) - before) / (c.confirmed + c.declined), p99: c.p99 });
      }
      for (const [name, t] of Object.entries(targets)) {
        const before = cpuMs(app.child.pid);
        const r = load(`${app.base}${t}`, cookie);
        rows[app.file][name].push({ rate: r.rps, cpu: (cpuMs(app.child.pid) - before) / r.requests, p99: r.p99 });
      }
    }
  }
  const out = { loadAverages: loads, builds: {} };
  for (const app of apps) {
    out.builds[app.file] = Object.fromEntries(
      Object.entries(rows[app.file]).map(([name, xs]) => [
        name,
        {
          cpuMs: median(xs.map((x) => x.cpu)),
          rate: median(xs.map((x) => x.rate)),
          p99: median(xs.map((x) => x.p99)),
          rounds: xs.map((x) => `${x.cpu.toFixed(2)} ms @ ${x.rate.toFixed(1)}/s`),
        },
      ]),
    );
  }
  console.log(JSON.stringify(out, null, 2));
} finally {
  // SIGINT lets node write its CPU profile on the way out.
  for (const app of apps) {
    if (PROFILE) {
      const exited = new Promise((r) => app.child.once('exit', r));
      app.child.kill('SIGINT');
      await exited;
    } else await stop(app.child);
  }
}
