// The online store at scale (issue 28): N products (100,000 by default, bench/seed-products.mjs, every one on the
// online store channel by the column's default) in the demo business, whose store is open, sells from the Roastery and
// has the published "Demo Coffee" theme (the demo data). On the shop host (127.0.0.1 with the Host header
// `demo-coffee.shop.localhost`, as the app routes it):
// 1. Cached pages: the storefront home and one product page (the first product the home page links), alternated round
//    by round with the bare Fastify hello-world (bench/hello-server.mjs) at 50 connections; medians of rounds, ratio to
//    the hello-world in the same run (goal >= 0.3x), p99, the generator's and the server's CPU share.
// 2. After a purge: BENCH_PURGES times per page and per kind, a purge (the spec's `DELETE /api/cache-products`, the
//    bump a product, category or stock change makes, and `DELETE /api/cache-identity`, the one a design publish or a
//    settings change makes), then at once BENCH_PURGE_BURST requests of the page sent together: every one of them is a
//    first answer after the purge (the first renders, the others wait for it or render too). p50/p99/max of all those
//    answers (goal: p99 < 100 ms), and of the first answer of each burst.
// 3. Lighthouse (its default mobile preset: simulated slow 4G, 4x CPU slowdown) on both pages, median of
//    LIGHTHOUSE_RUNS runs: score, LCP, CLS, TBT (goals: score >= 95, LCP <= 2.0 s, CLS < 0.05).
// The section of docs/benchmarks.md between the store markers is rewritten.
// Needs a build first (npm run build). A full run (PostgreSQL, 100,000 products, 5 rounds of 5 s, 100 purges of each
// kind per page, 3 Lighthouse runs per page) should take about 6 minutes on 2 cores (estimated from smoke runs: the
// load rounds 90 s, the purges 1 to 2 min, Lighthouse 1 to 2 min, the demo data and seeding 1 to 2 min); with
// BENCH_DATABASES=postgres,pglite about 4 minutes more (the embedded database: load and purges, no Lighthouse).
// Run: node bench/store.mjs
// Smoke run (under a minute): BENCH_PRODUCTS=3000 BENCH_ROUNDS=1 BENCH_SECONDS=2 BENCH_PURGES=5 LIGHTHOUSE_RUNS=1 \
//   BENCH_NO_WRITE=1 node bench/store.mjs   (BENCH_NOTE is printed in the section.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { median, pgWhere, pinned, pinning, settings, startBenchPostgres, startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';
import { seedProducts } from './seed-products.mjs';
import { writeDocSection } from './doc-section.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const PURGES = Number(process.env.BENCH_PURGES ?? 100);
const BURST = Number(process.env.BENCH_PURGE_BURST ?? 10);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres').split(',');
const CONNECTIONS = 50;
const IDENTIFIER = 'demo-coffee';
const SHOP_HOST = `${IDENTIFIER}.shop.localhost`;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const GOALS = { ratio: 0.3, purgeP99: 100, score: 95, lcp: 2000, cls: 0.05 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** User + system CPU time of a process so far, in milliseconds (clock ticks of 10 ms), as bench/request-cost.mjs reads it. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startApp(database) {
  const port = await freePort();
  const env = { ...database, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', DEMO_HISTORY: 'off', LOG_LEVEL: 'warn' };
  // BENCH_APP_LOG=<file>: the app's log (stdout) is kept there, to read why an answer failed.
  const app = startServer('apps/server/dist/server.mjs', env, process.env.BENCH_APP_LOG);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 600_000);
  return { app, base, port };
}

/** One round of load on core 1 (bench/load.mjs) with the server's share of its core over the round. */
function loadRound(url, server, headers = {}) {
  const [cmd, args] = pinned(1, ['bench/load.mjs', url, String(CONNECTIONS), String(settings.seconds), '', JSON.stringify(headers)]);
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  const serverCpu = (cpuMs(server.pid) - cpu0) / (performance.now() - t0);
  if (res.status !== 0) throw new Error(`load generator failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) throw new Error(`${result.failed} of ${result.requests} requests to ${url} failed`);
  return { ...result, serverCpu };
}

let agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * New connections after the load rounds: they run in spawnSync, which blocks this process's event loop, so a kept
 * connection the app closed meanwhile (its keep-alive timeout) is still in the pool and the next request on it is
 * cut ("socket hang up", seen in the full runs of 2026-11-30).
 */
function freshConnections() {
  agent.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: 64 });
}

/** One request to the app on 127.0.0.1 with the shop host's name (fetch may not set Host); answers status, body, ms. */
function shopRequest(port, method, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { host: SHOP_HOST, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The spec's purge of one kind (`DELETE /api/cache-<kind>` on the shop host): the version bump every change makes. */
async function purge(port, session, kind) {
  const res = await shopRequest(port, 'DELETE', `/api/cache-${kind}`, session);
  if (res.status !== 200) throw new Error(`DELETE /api/cache-${kind} answered ${res.status}: ${res.body}`);
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** BENCH_PURGES times: a purge of `kind`, then BURST requests of the page sent together; every answer's time. */
async function afterPurges(port, session, path, kind) {
  const all = [];
  const firsts = [];
  for (let i = 0; i < PURGES; i++) {
    await purge(port, session, kind);
    const answers = await Promise.all(Array.from({ length: BURST }, () => shopRequest(port, 'GET', path)));
    const bad = answers.find((a) => a.status !== 200);
    if (bad) throw new Error(`GET ${path} after a purge answered ${bad.status}`);
    all.push(...answers.map((a) => a.ms));
    firsts.push(Math.min(...answers.map((a) => a.ms)));
  }
  const stats = (xs) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99), max: Math.max(...xs), n: xs.length });
  return { all: stats(all), first: stats(firsts) };
}

/** Lighthouse's default (mobile) configuration, performance only, median of the runs (as bench/web.mjs). */
async function lighthouseRuns(url) {
  const results = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        load: loadavg()[0],
        score: lhr.categories.performance.score == null ? NaN : Math.round(lhr.categories.performance.score * 100),
        lcp: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbt: audit('total-blocking-time'),
        bytes: audit('total-byte-weight'),
      });
    } finally {
      await chrome.kill();
    }
  }
  const finite = (k) => results.map((r) => r[k]).filter((x) => Number.isFinite(x));
  const pick = (k) => (finite(k).length ? median(finite(k)) : NaN);
  return { runs: results, score: pick('score'), lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), bytes: pick('bytes'), load: pick('load') };
}

/** One database: demo data, the products seeded with the app stopped, then the load, the purges and Lighthouse. */
async function measure(helloUrl, hello, database, target, withLighthouse) {
  const first = await startApp(database);
  await stop(first.app); // the embedded database has one owner: the app stops while the products are written
  const db = await connect(target);
  let seeded;
  try {
    seeded = await seedProducts(db, COUNT, IDENTIFIER, (line) => console.error(line));
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM products WHERE business_id = $1 AND status = 'active' AND 'online_store' = ANY(channels)) AS online,
              (SELECT is_open FROM store_settings WHERE business_id = $1) AS is_open`,
      [seeded.businessId],
    );
    seeded.online = Number(rows[0].online);
    if (rows[0].is_open === false) throw new Error('The demo store is closed: open it in its settings.');
  } finally {
    await db.close();
  }
  const { app, base, port } = await startApp(database);
  try {
    const { cookie } = await signInDemoOwner(base);
    const csrf = await (await fetch(`${base}/csrf-token`, { method: 'POST', headers: { ...XHR, cookie } })).json();
    const session = {
      ...XHR,
      cookie,
      'x-csrf-token': csrf.token,
      'x-business-id': seeded.businessId,
      'x-business-identifier': IDENTIFIER,
      'x-business-domain': SHOP_HOST,
    };
    const home = await shopRequest(port, 'GET', '/');
    if (home.status !== 200 || !home.body.includes('Demo Coffee')) throw new Error(`The store's home answered ${home.status}: not the published demo store`);
    const productPath = /href="(\/products\/[0-9a-f-]{36})"/.exec(home.body)?.[1];
    if (!productPath) throw new Error('The home page links no product');
    const product = await shopRequest(port, 'GET', productPath);
    if (product.status !== 200) throw new Error(`${productPath} answered ${product.status}`);
    const pages = { 'storefront home (/)': '/', [`product page (${productPath.slice(0, 19)}…)`]: productPath };
    const sizes = { home: home.body.length, product: product.body.length };

    const shopHeaders = { host: SHOP_HOST };
    loadRound(helloUrl, hello);
    for (const path of Object.values(pages)) loadRound(`${base}${path}`, app, shopHeaders);
    const rounds = { hello: [], ...Object.fromEntries(Object.keys(pages).map((k) => [k, []])) };
    for (let i = 0; i < settings.rounds; i++) {
      rounds.hello.push(loadRound(helloUrl, hello));
      for (const [name, path] of Object.entries(pages)) rounds[name].push(loadRound(`${base}${path}`, app, shopHeaders));
    }
    freshConnections();
    const summary = (xs) => ({
      rps: median(xs.map((x) => x.rps)),
      p99: median(xs.map((x) => x.p99)),
      loadCpu: median(xs.map((x) => x.cpu)),
      serverCpu: median(xs.map((x) => x.serverCpu)),
      rounds: xs,
    });
    const cached = Object.fromEntries(Object.entries(rounds).map(([k, xs]) => [k, summary(xs)]));

    const purged = {};
    for (const [name, path] of Object.entries(pages)) {
      for (const kind of ['products', 'identity']) {
        const label = `${name}, after ${kind === 'identity' ? 'an' : 'a'} ${kind} purge`;
        purged[label] = await afterPurges(port, session, path, kind);
        console.error(`${label}: ${JSON.stringify(purged[label])}`);
      }
    }

    let lighthouseResults = null;
    if (withLighthouse && LIGHTHOUSE_RUNS > 0) {
      // Chromium resolves every *.localhost name to this machine, so the shop host is reached by its own name.
      const origin = `http://${SHOP_HOST}:${port}`;
      lighthouseResults = {};
      for (const [name, path] of Object.entries(pages)) {
        lighthouseResults[name] = await lighthouseRuns(`${origin}${path}`);
        console.error(`Lighthouse ${name}: ${JSON.stringify(lighthouseResults[name].runs)}`);
      }
    }
    return { seedSeconds: seeded.ms / 1000, online: seeded.online, sizes, cached, purged, lighthouse: lighthouseResults };
  } finally {
    await stop(app);
  }
}

const met = (ok) => (ok ? 'met' : '**not met**');

function tables(m) {
  const lines = [];
  const hello = m.cached.hello;
  lines.push(
    `${m.online.toLocaleString('en')} products on the online store channel (seeding ${COUNT.toLocaleString('en')} took ${m.seedSeconds.toFixed(0)} s); ` +
      `pages of ${(m.sizes.home / 1024).toFixed(1)} KB (home) and ${(m.sizes.product / 1024).toFixed(1)} KB (product).`,
    '',
    `Cached pages at ${CONNECTIONS} connections (goal: at least ${GOALS.ratio}x the hello-world's requests per second):`,
    '',
    '| target | median req/s | ratio to hello-world | median p99 (ms) | server CPU | generator CPU | rounds (req/s) | goal |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const [name, s] of Object.entries(m.cached)) {
    const ratio = s.rps / hello.rps;
    lines.push(
      `| ${name === 'hello' ? 'bare Fastify hello-world' : name} | ${s.rps.toFixed(0)} | ${ratio.toFixed(3)}x | ${s.p99.toFixed(1)} | ` +
        `${(s.serverCpu * 100).toFixed(0)} % | ${(s.loadCpu * 100).toFixed(0)} % | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} | ` +
        `${name === 'hello' ? '' : met(ratio >= GOALS.ratio)} |`,
    );
  }
  lines.push(
    '',
    `Right after a purge (goal: p99 under ${GOALS.purgeP99} ms): ${PURGES} purges per row, each followed at once by ${BURST} requests of the page sent ` +
      `together; "all answers" are those ${(PURGES * BURST).toLocaleString('en')} first answers after the purges, "fastest of each burst" one per purge:`,
    '',
    '| page and purge | all answers p50 / p99 / max (ms) | fastest of each burst p50 / p99 (ms) | goal |',
    '|---|---|---|---|',
  );
  for (const [name, p] of Object.entries(m.purged)) {
    lines.push(
      `| ${name} | ${p.all.p50.toFixed(1)} / ${p.all.p99.toFixed(1)} / ${p.all.max.toFixed(1)} | ${p.first.p50.toFixed(1)} / ${p.first.p99.toFixed(1)} | ${met(p.all.p99 < GOALS.purgeP99)} |`,
    );
  }
  if (m.lighthouse) {
    lines.push(
      '',
      `Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), median of ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS === 1 ? '' : 's'} ` +
        `(goals: score at least ${GOALS.score}, LCP at most ${GOALS.lcp / 1000} s, CLS under ${GOALS.cls}):`,
      '',
      '| page | score | LCP (s) | CLS | TBT (ms) | bytes (KB) | load average | goals |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const [name, l] of Object.entries(m.lighthouse)) {
      const ok = l.score >= GOALS.score && l.lcp <= GOALS.lcp && l.cls < GOALS.cls;
      lines.push(
        `| ${name} | ${l.score} | ${(l.lcp / 1000).toFixed(2)} | ${l.cls.toFixed(3)} | ${l.tbt.toFixed(0)} | ${(l.bytes / 1024).toFixed(1)} | ${l.load.toFixed(1)} | ${met(ok)} |`,
      );
    }
  }
  return lines.join('\n');
}

const writeSection = (section) => writeDocSection('store', section, '(written by node bench/store.mjs)');

async function main() {
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const measured = {};
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    if (DATABASES.includes('postgres')) {
      const pg = await startBenchPostgres();
      const dir = mkdtempSync(join(tmpdir(), 'md-bench-store-pg-'));
      try {
        measured.postgres = await measure(helloUrl, hello, { DATA_DIR: dir, DATABASE_URL: pg.url }, pg.url, true);
      } finally {
        pg.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (DATABASES.includes('pglite')) {
      const dir = mkdtempSync(join(tmpdir(), 'md-bench-store-'));
      try {
        measured.pglite = await measure(helloUrl, hello, { DATA_DIR: dir, DATABASE_URL: '' }, dir, !DATABASES.includes('postgres'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await stop(hello);
    agent.destroy();
  }
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `## The online store at scale: ${COUNT.toLocaleString('en')} products (${date})`,
    '',
    `Measured by \`node bench/store.mjs\` (data: \`bench/seed-products.mjs\` in the demo business, whose store is open with its published ` +
      `theme): the shop host's pages on 127.0.0.1 with the Host header \`${SHOP_HOST}\`; ${settings.rounds} alternating rounds of ` +
      `${settings.seconds} s, servers on core 0 and the load generator on core 1, ${pgWhere()} (pinned: ${pinning}). ${process.env.BENCH_NOTE ?? ''}`,
    '',
    ...(measured.postgres ? ['### A PostgreSQL server on the same machine (scripts/postgres.mjs)', '', tables(measured.postgres), ''] : []),
    ...(measured.pglite ? ['### Embedded database (PGlite)', '', tables(measured.pglite), ''] : []),
  ].join('\n');
  if (!process.env.BENCH_NO_WRITE) writeSection(section);
  console.log(section);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
