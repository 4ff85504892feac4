// The money paths of two builds of the app, alternated round by round against one bare hello-world, on one
// PostgreSQL server (each build with a database of its own and the demo data): customers paying the demo
// business's open-amount static QR code by card (bench/checkout-load.mjs), refunds of 1.00 from the dashboard
// and payouts of 1.00 (bench/post-load.mjs), once the payments have settled (each app's dev clock moved a week
// days ahead). Servers on core 0, the load generators on core 1 (when taskset is there).
// Run after `npm run build`: BENCH_BEFORE=<a copy of an earlier build's apps/server/dist> node bench/money-paths.mjs
// (BENCH_APP the build to compare, by default apps/server/dist; BENCH_ROUNDS, BENCH_SECONDS as for bench/api.mjs;
// BENCH_CLIENTS customers or dashboard clients at once, 16 by default). Prints a markdown table.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { checkoutRounds, load, median, pinned, settings, startServer, stop } from './api.mjs';
import { connect } from './seed-payments.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const BEFORE = process.env.BENCH_BEFORE;
if (!BEFORE) throw new Error('BENCH_BEFORE: the folder of the earlier build (a copy of apps/server/dist)');
const BUILDS = { before: join(BEFORE, 'server.mjs'), after: process.env.BENCH_APP ?? 'apps/server/dist/server.mjs' };
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const LOG = join(tmpdir(), 'md-bench-money-paths.log');
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * Starts a build on its database and signs in as the demo owner. `proxied`: behind the checkout load, which stands
 * where a reverse proxy would (TRUST_PROXY) to give each customer an address; else with the dev clock (which a
 * proxied app never has).
 */
async function startApp(file, databaseUrl, dataDir, proxied) {
  const port = await freePort();
  const env = { PORT: String(port), BIND_HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: 'on', DEMO_HISTORY: 'off' };
  const app = startServer(file, { ...env, LOG_LEVEL: 'warn', ...(proxied ? { TRUST_PROXY: 'true' } : { DEV_CLOCK: 'on' }) }, LOG);
  started.push(app);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 300_000);
  return { app, base, file, databaseUrl, dataDir, ...(await session(base)) };
}

/** Signs in as the demo owner: the session's cookie and anti-forgery token, the business, and a JSON reader. */
async function session(base) {
  const { cookie, user } = await signInDemoOwner(base);
  const business = user.businesses.owned.find((b) => b.identifier === 'demo-coffee') ?? user.businesses.owned[0];
  const json = async (path, init = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...XHR, cookie, ...init.headers } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { token } = await json('/csrf-token', { method: 'POST' });
  return { cookie, token, api: `/v1/business/${business.id}`, json, currency: business.currency };
}

/** A static QR code whose amount the customer types: the checkout load pays it. */
async function openQr(app) {
  const created = await app.json(`${app.api}/static-qr-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': app.token },
    body: JSON.stringify({ name: 'Counter', amount: null }),
  });
  return created.public_id;
}

/** The succeeded payments' ids (newest first), page by page. */
async function succeededPayments(app, limit) {
  const ids = [];
  let cursor = null;
  do {
    const page = await app.json(`${app.api}/transactions?status=succeeded&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...page.data.map((p) => p.id));
    cursor = page.next_cursor;
  } while (cursor && ids.length < limit);
  return ids;
}

/** One round of signed-in POSTs from its own process on core 1. */
function postRound(app, requests) {
  const file = join(tmpdir(), `md-bench-post-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ base: app.base, cookie: app.cookie, token: app.token, requests }));
  const [cmd, args] = pinned(1, ['bench/post-load.mjs', file, String(CLIENTS), String(settings.seconds)]);
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`post load failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) throw new Error(`${result.failed} of ${result.done + result.failed} requests failed: ${JSON.stringify(result.failures)}`);
  return result;
}

const pg = await startPostgres();
const helloPort = await freePort();
const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
const apps = {};
/** Every app process started, stopped at the end even when its start failed half-way. */
const started = [];
try {
  const admin = await connect(pg.url);
  for (const name of Object.keys(BUILDS)) await admin.query(`CREATE DATABASE bench_${name}`);
  await admin.close();
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  await waitFor(helloUrl);
  for (const [name, file] of Object.entries(BUILDS)) {
    const app = await startApp(file, pg.url.replace(/\/[^/?]*(\?|$)/, `/bench_${name}$1`), mkdtempSync(join(tmpdir(), 'md-bench-money-')), true);
    apps[name] = { ...app, qr: await openQr(app) };
  }

  const results = { hello: [] };
  const round = (name, key, fn) => (results[`${key} ${name}`] ??= []).push(fn());
  const checkoutRound = checkoutRounds(CLIENTS);
  load(helloUrl);
  for (const [name, app] of Object.entries(apps)) round(name, 'warm-up', () => checkoutRound(app.base, app.qr));
  for (let i = 0; i < settings.rounds; i++) {
    results.hello.push(load(helloUrl));
    for (const [name, app] of Object.entries(apps)) round(name, 'checkout', () => checkoutRound(app.base, app.qr));
  }
  // The payments settle two business days after they were made (a weekend's payment from the Wednesday): each app
  // started again with its dev clock, and a week on, the schedules have run.
  for (const [name, app] of Object.entries(apps)) {
    await stop(app.app);
    apps[name] = await startApp(app.file, app.databaseUrl, app.dataDir, false);
  }
  for (const app of Object.values(apps)) {
    await app.json('/_dev/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 7 * 86_400_000 }) });
  }
  await new Promise((r) => setTimeout(r, 5000));
  // A week on, the sessions have been idle too long: sign in again.
  for (const app of Object.values(apps)) Object.assign(app, await session(app.base));
  const work = {};
  for (const [name, app] of Object.entries(apps)) {
    const ids = await succeededPayments(app, 5000);
    work[name] = {
      refunds: ids.map((id) => ({ path: `${app.api}/transactions/${id}/refunds`, body: { amount: 100, reason: 'requested_by_customer' } })),
      payouts: [{ path: `${app.api}/payouts`, body: { currency: app.currency, amount: 100 } }],
    };
  }
  for (let i = 0; i < settings.rounds; i++) {
    results.hello.push(load(helloUrl));
    for (const [name, app] of Object.entries(apps)) round(name, 'refund', () => postRound(app, work[name].refunds));
    for (const [name, app] of Object.entries(apps)) round(name, 'payout', () => postRound(app, work[name].payouts));
  }
  const helloRps = median(results.hello.map((r) => r.rps));
  const rows = Object.entries(results)
    .filter(([key]) => !key.startsWith('warm-up'))
    .map(([key, rounds]) => {
      const rps = median(rounds.map((r) => r.rps));
      const p99 = median(rounds.map((r) => r.p99));
      return `| ${key === 'hello' ? 'bare Fastify hello-world' : key} | ${rps.toFixed(1)} | ${(rps / helloRps).toFixed(4)}x | ${p99.toFixed(1)} | ${rounds.map((r) => r.rps.toFixed(1)).join(', ')} |`;
    });
  console.log(['| target | median per s | against hello-world | median p99 (ms) | rounds (per s) |', '|---|---|---|---|---|', ...rows].join('\n'));
} finally {
  for (const app of started) await stop(app);
  for (const app of Object.values(apps)) rmSync(app.dataDir, { recursive: true, force: true });
  await stop(hello);
  pg.stop();
}
