// What one request costs (issue 31): the app's cheapest answers against a bare Fastify hello-world, on the embedded
// database and on PostgreSQL. Targets: GET /healthz (no session, no database), GET /v1/user signed in (the session
// cache), and GET /v1/payment-requests/{id} on the API host with the demo business's X-BUSINESS-API-KEY. Servers run
// on core 0, the load generator (bench/load.mjs: autocannon in its own process) on core 1; the hello-world and the
// app's targets are alternated round by round and the medians compared (only ratios inside one run mean something on
// a shared machine). Each round also reports the CPU share of the server's process and of the generator: the
// hello-world's rounds show the generator saturates the reference (server near 100 % of its core while the
// generator has headroom), which the earlier undici generator did not.
//   node bench/request-cost.mjs           (after `npm run build -w @merchant/server`)
// BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (50); BENCH_DATABASES=pglite or postgres for one of them;
// BENCH_SERVER the built server (apps/server/dist/server.mjs), BENCH_SERVER_B a second build measured in the same
// rounds (embedded database only: a before/after pair); BENCH_CPU_PROFILE=<dir>: the app runs under
// `node --cpu-prof` and only /healthz is loaded (BENCH_SECONDS long, once), the profile's top functions printed;
// BENCH_CPU_PROFILE_TARGET=api loads the API key's GET /v1/payment-requests/{id} instead (BENCH_DATABASES' first),
// BENCH_CPU_PROFILE_TARGET=user the signed-in GET /v1/user (embedded database).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { median, pinned, pinning, startBenchPostgres, stop } from './api.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const settings = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/server.mjs';
const SERVER_B = process.env.BENCH_SERVER_B;
const PROFILE = process.env.BENCH_CPU_PROFILE;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** User + system CPU time of a process so far, in milliseconds (clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Starts a server on core 0 (taskset execs node, so the child's pid is the server's). */
function startPinned(file, env, flags = []) {
  const [cmd, args] = pinned(0, [...flags, file]);
  return spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** One round of load on `target` from its own process on core 1, with the server's CPU share over the round. */
function round(target, server, seconds = settings.seconds) {
  const headers = JSON.stringify(target.headers ?? {});
  const [cmd, args] = pinned(1, ['bench/load.mjs', target.url, String(settings.connections), String(seconds), target.cookie ?? '', headers]);
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  const serverCpu = (cpuMs(server.pid) - cpu0) / (performance.now() - t0);
  if (res.status !== 0) throw new Error(`load generator failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) throw new Error(`${result.failed} of ${result.requests} requests to ${target.name} failed`);
  return { ...result, serverCpu };
}

/** Starts the app on its database, signs in, makes an API key and a payment request: the three targets. */
async function startApp(databaseUrl, dataDir, server = SERVER) {
  const port = await freePort();
  const flags = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const env = {
    PORT: String(port),
    BIND_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'on',
    DEMO_HISTORY: 'off',
    LOG_LEVEL: 'warn',
    PUBLIC_API_RATE_LIMIT: '10000000',
  };
  const app = startPinned(server, env, flags);
  try {
    return { app, targets: await targetsOf(`http://127.0.0.1:${port}`, app) };
  } catch (error) {
    await stop(app);
    throw error;
  }
}

/** Sends a request with a Host header of its own (fetch may not set one). */
function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function targetsOf(base, app) {
  await waitFor(`${base}/healthz`, app, 300_000);
  const { cookie, user } = await signInDemoOwner(base);
  const business = user.businesses.owned.find((b) => b.identifier === 'demo-coffee') ?? user.businesses.owned[0];
  const json = async (path, init = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...XHR, cookie, ...init.headers } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { token } = await json('/csrf-token', { method: 'POST' });
  const key = await json(`/v1/business/${business.id}/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
    body: JSON.stringify({ name: 'Request cost bench', access: 'full', password: 'demo-password' }),
  });
  const api = { host: 'api.localhost', 'x-business-api-key': key.api_key };
  const made = await send(`${base}/v1/payment-requests`, {
    method: 'POST',
    headers: { ...api, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 12.5, currency: 'SGD', purpose: 'Request cost bench' }),
  });
  if (made.status !== 200 && made.status !== 201) throw new Error(`POST /v1/payment-requests answered ${made.status}: ${made.text}`);
  const { id } = JSON.parse(made.text);
  const check = await send(`${base}/v1/payment-requests/${id}`, { headers: api });
  if (check.status !== 200) throw new Error(`GET /v1/payment-requests/{id} answered ${check.status}: ${check.text}`);
  return [
    { name: 'GET /healthz', url: `${base}/healthz` },
    { name: 'GET /v1/user, signed in', url: `${base}/v1/user`, cookie },
    { name: 'GET /v1/payment-requests/{id}, API key', url: `${base}/v1/payment-requests/${id}`, headers: api },
  ];
}

/**
 * Alternates the hello-world and the app's targets, round by round. With BENCH_SERVER_B (embedded database only),
 * a second build's targets run in the same rounds, each app on a data directory of its own: a before/after pair
 * measured under the same load.
 */
async function compare(hello, helloTarget, databaseUrl, dataDir) {
  const { app, targets } = await startApp(databaseUrl, dataDir);
  let second;
  try {
    if (SERVER_B && !databaseUrl) {
      second = await startApp(databaseUrl, `${dataDir}-b`, SERVER_B);
      second.targets = second.targets.map((t) => ({ ...t, name: `${t.name} (${SERVER_B})` }));
    }
    const all = [helloTarget, ...targets, ...(second?.targets ?? [])];
    const serverOf = (t) => (t === helloTarget ? hello : second?.targets.includes(t) ? second.app : app);
    for (const t of all) round(t, serverOf(t), 1); // warm-up
    const rounds = new Map(all.map((t) => [t.name, []]));
    for (let i = 0; i < settings.rounds; i++) {
      for (const t of all) rounds.get(t.name).push(round(t, serverOf(t)));
    }
    return rounds;
  } finally {
    await stop(app);
    if (second) await stop(second.app);
  }
}

function table(rounds) {
  const rows = [...rounds].map(([name, xs]) => ({
    name,
    rps: median(xs.map((x) => x.rps)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    serverCpu: median(xs.map((x) => x.serverCpu)),
    loadCpu: median(xs.map((x) => x.cpu)),
    // The server's CPU time per answered request (µs), round by round: on a loaded machine, where a pinned server
    // gets a fraction of its core, this varies less than the requests a second.
    cpuPerRequest: median(xs.map((x) => (x.serverCpu * 1e6) / x.rps)),
    all: xs.map((x) => x.rps.toFixed(0)).join(', '),
  }));
  const reference = rows[0].rps;
  const pct = (x) => `${(x * 100).toFixed(0)} %`;
  return [
    '| target | median req/s | ratio | p50 / p99 (ms) | server CPU | server CPU per request | generator CPU | rounds (req/s) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r, i) =>
        `| ${i === 0 ? 'bare Fastify hello-world' : r.name} | ${r.rps.toFixed(0)} | ${i === 0 ? '1' : `**${(r.rps / reference).toFixed(2)}x**`} | ${r.p50} / ${r.p99} | ${pct(r.serverCpu)} | ${r.cpuPerRequest.toFixed(0)} µs | ${pct(r.loadCpu)} | ${r.all} |`,
    ),
  ].join('\n');
}

/**
 * The functions with the most self time in a V8 CPU profile (`node --cpu-prof`), over the flood only: the last
 * stretch of samples in which Fastify's frames recur (no gap over 300 ms), so start-up and shutdown do not count.
 */
export function topOfProfile(file, count = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inFastify = new Map();
  const fastifyFrame = (id) => {
    if (inFastify.has(id)) return inFastify.get(id);
    const here = byId.get(id).callFrame.url.includes('node_modules/fastify/');
    const up = parent.get(id);
    const answer = here || (up !== undefined && fastifyFrame(up));
    inFastify.set(id, answer);
    return answer;
  };
  let t = profile.startTime;
  const times = profile.timeDeltas.map((d) => (t += d));
  let end = profile.samples.findLastIndex((id) => fastifyFrame(id));
  let start = end;
  for (let i = end - 1, lastSeen = times[end]; i >= 0 && lastSeen - times[i] < 300_000; i--) {
    if (fastifyFrame(profile.samples[i])) {
      lastSeen = times[i];
      start = i;
    }
  }
  end += 1;
  const keyOf = ({ callFrame }) => {
    const where = callFrame.url ? `${callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${callFrame.lineNumber + 1}` : '';
    return `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
  };
  const self = new Map();
  const inclusive = new Map();
  for (let i = start; i < end; i++) {
    const us = (times[i + 1] ?? times[i]) - times[i];
    const key = keyOf(byId.get(profile.samples[i]));
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) seen.add(keyOf(byId.get(id)));
    for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const busy = total - (self.get('(idle)') ?? 0);
  const top = (times, filter) =>
    [...times]
      .filter(([k]) => k !== '(idle)' && k !== '(root)' && filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, us]) => `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  const ours = (k) =>
    k.includes('dist/server.mjs') || /^(\S+ )?(fastify|@fastify|pino|prom-client|find-my-way|fastify-type-provider-zod|zod)\//.test(k.split(' ').pop());
  return [
    `the flood: busy ${((busy / total) * 100).toFixed(0)} % of ${(total / 1e6).toFixed(1)} s; self time as a share of the busy time:`,
    top(self, () => true),
    'total time (with callees) of the app and its frameworks, as a share of the busy time:',
    top(inclusive, ours),
  ].join('\n');
}

async function profileTarget() {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-'));
  const which = process.env.BENCH_CPU_PROFILE_TARGET;
  const api = which === 'api';
  const pg = api && DATABASES[0] === 'postgres' ? await startBenchPostgres() : undefined;
  try {
    const { app, targets } = await startApp(pg?.url ?? '', dataDir);
    const target = api ? targets[2] : which === 'user' ? targets[1] : targets[0];
    try {
      round(target, app, 1);
      const r = round(target, app);
      console.log(`${target.name} under --cpu-prof: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, server CPU ${(r.serverCpu * 100).toFixed(0)} %`);
    } finally {
      await stop(app);
    }
    const files = readdirSync(PROFILE).filter((f) => f.endsWith('.cpuprofile'));
    const newest = files.sort().at(-1);
    console.log(`${join(PROFILE, newest)}\n${topOfProfile(join(PROFILE, newest))}`);
  } finally {
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (PROFILE) return profileTarget();
  console.log(
    `${new Date().toISOString()}: ${settings.rounds} alternating rounds of ${settings.seconds} s, ${settings.connections} connections; pinned: ${pinning}; load average ${loadAverage()}`,
  );
  const helloPort = await freePort();
  const hello = startPinned('bench/hello-server.mjs', { PORT: String(helloPort) });
  const helloTarget = { name: 'hello', url: `http://127.0.0.1:${helloPort}/` };
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-'));
  const pg = DATABASES.includes('postgres') ? await startBenchPostgres() : undefined;
  try {
    await waitFor(helloTarget.url);
    for (const database of DATABASES) {
      const rounds = await compare(hello, helloTarget, database === 'postgres' ? pg.url : '', join(dataDir, database));
      console.log(`\n${database === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'}:\n\n${table(rounds)}`);
    }
    console.log(`\nload average after: ${loadAverage()}`);
  } finally {
    await stop(hello);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2]) console.log(topOfProfile(process.argv[2]));
  else await main();
}
