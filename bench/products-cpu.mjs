// The product list's cost per request for two or more builds of the app, alternated round by round on one seeded
// PostgreSQL server (bench/seed-products.mjs, 100,000 products by default): for each of bench/products.mjs's three
// targets at 50 connections, the rate and p99, the app process's CPU (user + system from /proc/<pid>/stat) and
// PostgreSQL's (every `postgres` process on the machine, their waited-for children included: run nothing else on
// PostgreSQL meanwhile) divided by the requests served. On a shared machine the rates move with everyone else's load;
// CPU per request moves far less, so it is what an A/B of the app's own code compares (as bench/cpu-per-request.mjs
// does for the payments pages).
//
// Usage (after npm run build; each build is a copy of apps/server/dist/server.mjs left beside it, so that it finds
// its migrations): node bench/products-cpu.mjs apps/server/dist/server-a.mjs apps/server/dist/server-b.mjs
// BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (50), BENCH_PRODUCTS (100000); BENCH_PG_CORE as in bench/api.mjs.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { pinned, startBenchPostgres, startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';
import { seedProducts } from './seed-products.mjs';

const builds = process.argv.slice(2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONN = Number(process.env.BENCH_CONNECTIONS ?? 50);
if (builds.length === 0) {
  console.error('usage: node bench/products-cpu.mjs <server.mjs> [<server.mjs> ...]');
  process.exit(2);
}
/** CPU time of a process so far, in milliseconds (clock ticks of 10 ms). */
const ticks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(x[11]) + Number(x[12])) * 10;
};
/** CPU time of every PostgreSQL process so far (with their waited-for children), in milliseconds. */
const pgMs = () => {
  let sum = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!f.includes('(postgres)')) continue;
      const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
      sum += (Number(x[11]) + Number(x[12]) + Number(x[13]) + Number(x[14])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
};
const pg = await startBenchPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-'));
const database = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
const env = (port) => ({ ...database, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', DEMO_HISTORY: 'off', LOG_LEVEL: 'warn' });
async function start(build) {
  const port = await freePort();
  const app = startServer(build, env(port));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 600_000);
  return { app, base };
}
// The first build migrates and seeds the demo business; the benchmark's products are written while no app runs.
const first = await start(builds[0]);
await stop(first.app);
const db = await connect(pg.url);
const seeded = await seedProducts(db, Number(process.env.BENCH_PRODUCTS ?? 100000), 'demo-coffee', () => {});
await db.close();
const targets = { list: '?limit=25', sku: '?q=BN-0421&limit=25', name: '?q=kenya%20mug&limit=25' };
const out = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const build of builds) {
    const { app, base } = await start(build);
    const { cookie } = await signInDemoOwner(base);
    for (const [name, q] of Object.entries(targets)) {
      const url = `${base}/v1/business/${seeded.businessId}/products${q}`;
      const run = () => {
        const [cmd, args] = pinned(1, ['bench/load.mjs', url, String(CONN), String(SECONDS), cookie]);
        const res = spawnSync(cmd, args, { encoding: 'utf8' });
        return JSON.parse(res.stdout);
      };
      run(); // a round to warm the build up first
      const a0 = ticks(app.pid),
        p0 = pgMs();
      const res = run();
      const a = ticks(app.pid) - a0,
        p = pgMs() - p0;
      const key = `${build.split('/').pop()} ${name}`;
      (out[key] ??= []).push({
        rps: Math.round(res.rps),
        p99: res.p99,
        appUs: Math.round((a * 1000) / res.requests),
        pgUs: Math.round((p * 1000) / res.requests),
      });
      console.log(key, JSON.stringify(out[key].at(-1)));
    }
    await stop(app);
  }
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('\n| build, target | req/s | p99 (ms) | app CPU per request (µs) | PostgreSQL CPU per request (µs) |\n|---|---|---|---|---|');
for (const [k, xs] of Object.entries(out)) {
  const m = (pick) => med(xs.map(pick));
  console.log(`| ${k} | ${m((x) => x.rps)} | ${m((x) => x.p99)} | ${m((x) => x.appUs)} | ${m((x) => x.pgUs)} |`);
}
pg.stop();
rmSync(dataDir, { recursive: true, force: true });
