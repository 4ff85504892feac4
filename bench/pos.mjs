// The point of sale at scale (issue 27), each target against the bare Fastify hello-world in the same run, the two
// alternated round by round (servers on core 0, load generators on core 1, medians of rounds; bench/api.mjs):
// 1. Completing a cash sale of five lines at 10 concurrent registers (bench/pos-sale-load.mjs: 10 client loops, each a
//    register that prices its cart with the register's own functions and sends the sale with its own idempotency key;
//    five distinct products picked at random among the benchmark catalogue), on the embedded database and on
//    PostgreSQL; the hello-world at the same 10 connections (bench/load.mjs). Goal: p99 under 100 ms, no failure.
//    The registers are the demo business's members with the register's permission (owner, admin, manager, cashier),
//    each with one open drawer at the benchmark location; with 10 registers and 4 people, several registers of one
//    person sell through that person's drawer at once (the app allows it: sales take the drawer in share mode).
// 2. The order list's first page (`GET .../pos/orders?limit=25`, what the POS orders screen asks first) at 50
//    connections on PostgreSQL, signed in as the owner (every location): ratio to hello-world (goal at least 0.05x) and
//    p99 (goal under 100 ms), with EXPLAIN ANALYZE of its query as the orders repository writes it.
// Data: BENCH_PRODUCTS products (bench/seed-products.mjs, 100,000) and BENCH_ORDERS orders (bench/seed-orders.mjs,
// 1,000,000) on PostgreSQL; BENCH_PGLITE_PRODUCTS (10,000) and BENCH_PGLITE_ORDERS (100,000) on the embedded database
// (its seeding is single-threaded in the benchmark's process; the issue's goal there is the sale only).
// Each round's server and generator CPU share (of one core) is printed, read from /proc as bench/request-cost.mjs does.
// The section of docs/benchmarks.md between the pos markers is rewritten.
// Needs a build first (npm run build).
// Run: node bench/pos.mjs   (the full run: about 8 to 10 minutes on 2 cores, most of it seeding the million orders)
// Smoke: BENCH_ROUNDS=1 BENCH_SECONDS=2 BENCH_PRODUCTS=2000 BENCH_ORDERS=5000 BENCH_PGLITE_PRODUCTS=2000 BENCH_PGLITE_ORDERS=5000 node bench/pos.mjs
// Knobs: BENCH_ROUNDS (5), BENCH_SECONDS (5), BENCH_REGISTERS (10), BENCH_LIST_CONNECTIONS (50),
// BENCH_DATABASES (pglite,postgres), BENCH_NOTE (printed in the section); BENCH_CPU_PROFILE=<dir>: the app runs under
// `node --cpu-prof` through the sales only (no order list, no section written; with BENCH_CPU_PROFILE_TARGET=list, the
// order list's rounds on PostgreSQL too, whose last round the profile's top functions then show) and the top
// functions of its profile are printed (as `node bench/request-cost.mjs <file>` prints them).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '../scripts/server-process.mjs';
import { median, pgWhere, pinned, pinning, settings, startBenchPostgres, startServer, stop } from './api.mjs';
import { seedOrders, stockForSales } from './seed-orders.mjs';
import { connect } from './seed-payments.mjs';
import { seedProducts } from './seed-products.mjs';
import { writeDocSection } from './doc-section.mjs';
import { topOfProfile } from './request-cost.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const SCALE = {
  postgres: { products: Number(process.env.BENCH_PRODUCTS ?? 100_000), orders: Number(process.env.BENCH_ORDERS ?? 1_000_000) },
  pglite: { products: Number(process.env.BENCH_PGLITE_PRODUCTS ?? 10_000), orders: Number(process.env.BENCH_PGLITE_ORDERS ?? 100_000) },
};
const REGISTERS = Number(process.env.BENCH_REGISTERS ?? 10);
const LIST_CONNECTIONS = Number(process.env.BENCH_LIST_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const PROFILE = process.env.BENCH_CPU_PROFILE;
const PROFILE_LIST = process.env.BENCH_CPU_PROFILE_TARGET === 'list';
const SELLERS = ['owner@demo.test', 'admin@demo.test', 'manager@demo.test', 'cashier@demo.test'];
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const GOAL = { saleP99: 100, listRatio: 0.05, listP99: 100 };

/** User + system CPU time of a process so far, in milliseconds (clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The register's cart functions (apps/web/src/features/register/lib/cart.ts), bundled for the load generator. */
async function bundleCart() {
  const dir = join(ROOT, 'node_modules/.cache/bench');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'register-cart.mjs');
  await build({
    entryPoints: [join(ROOT, 'apps/web/src/features/register/lib/cart.ts')],
    tsconfig: join(ROOT, 'apps/web/tsconfig.json'),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  return outfile;
}

async function startApp(database) {
  const port = await freePort();
  const env = { ...database, PORT: String(port), BIND_HOST: '127.0.0.1', DEMO_DATA: 'on', DEMO_HISTORY: 'off', LOG_LEVEL: 'warn' };
  const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const app = startServer('apps/server/dist/server.mjs', env, undefined, { nodeArgs });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, app, 600_000);
  return { app, base };
}

/** Signs in as one of the demo people; answers the session cookie and an anti-forgery token. */
async function signIn(base, email) {
  const csrf = await fetch(`${base}/csrf-token`, { method: 'POST', headers: XHR });
  const guest = csrf.headers.get('set-cookie').split(';')[0];
  const { token: guestToken } = await csrf.json();
  const login = await fetch(`${base}/auth`, {
    method: 'POST',
    headers: { ...XHR, cookie: guest, 'content-type': 'application/json', 'x-csrf-token': guestToken },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const { token } = await (await fetch(`${base}/csrf-token`, { method: 'POST', headers: { ...XHR, cookie } })).json();
  return { cookie, token };
}

/** Each seller's register: signed in, their open drawer (opened at `locationId` when they have none), the location's pricing. */
async function openRegisters(base, businessId, locationId) {
  const sellers = [];
  for (const email of SELLERS) {
    const session = await signIn(base, email).catch((error) => {
      console.error(`${email}: ${error.message}; left out`);
      return null;
    });
    if (!session) continue;
    const headers = { ...XHR, cookie: session.cookie, 'x-csrf-token': session.token };
    const api = `${base}/v1/business/${businessId}/pos`;
    let { drawer } = await (await fetch(`${api}/drawers/current`, { headers })).json();
    if (!drawer) {
      const opened = await fetch(`${api}/drawers`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ location_id: locationId, opening_float: 200_00 }),
      });
      if (opened.status !== 201) {
        console.error(`${email} cannot open a drawer (${opened.status} ${await opened.text()}); left out`);
        continue;
      }
      drawer = await opened.json();
    }
    const pricing = await fetch(`${api}/pricing?location_id=${drawer.location.id}`, { headers });
    if (pricing.status !== 200) throw new Error(`the pricing context answered ${pricing.status}: ${await pricing.text()}`);
    sellers.push({ email, cookie: session.cookie, token: session.token, locationId: drawer.location.id, context: await pricing.json() });
  }
  if (sellers.length === 0) throw new Error('no demo member could open a register');
  return Array.from({ length: REGISTERS }, (_, i) => sellers[i % sellers.length]);
}

/** One round of autocannon (bench/load.mjs) at `connections`, with the server's CPU share over the round. */
function loadRound(url, connections, server, cookie, seconds = settings.seconds) {
  const [cmd, args] = pinned(1, ['bench/load.mjs', url, String(connections), String(seconds), ...(cookie ? [cookie] : [])]);
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  const serverCpu = (cpuMs(server.pid) - cpu0) / (performance.now() - t0);
  if (res.status !== 0) throw new Error(`load generator failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) throw new Error(`${result.failed} of ${result.requests} requests to ${url} failed`);
  return { ...result, serverCpu };
}

/** One round of register sales (bench/pos-sale-load.mjs), with the server's CPU share; failures are kept, not thrown. */
function saleRound(file, server, prefix, seconds = settings.seconds) {
  const [cmd, args] = pinned(1, ['bench/pos-sale-load.mjs', file, String(seconds), prefix]);
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  const serverCpu = (cpuMs(server.pid) - cpu0) / (performance.now() - t0);
  if (res.status !== 0) throw new Error(`register load failed: ${res.stderr}`);
  const result = JSON.parse(res.stdout);
  if (result.failed) console.error(`sales refused in round ${prefix}: ${JSON.stringify(result.failures)}`);
  return { ...result, serverCpu };
}

const summary = (xs) => ({
  rps: median(xs.map((x) => x.rps)),
  p50: median(xs.map((x) => x.p50)),
  p99: median(xs.map((x) => x.p99)),
  serverCpu: median(xs.map((x) => x.serverCpu)),
  cpu: median(xs.map((x) => x.cpu)),
  failed: xs.reduce((sum, x) => sum + (x.failed ?? 0), 0),
  requests: xs.reduce((sum, x) => sum + x.requests, 0),
  rounds: xs,
});

/** The list's first page as the orders repository writes it (`ordersRepository.page`, no filter, every location). */
const LIST_SQL = `SELECT pos_orders.*, locations.name AS location_name, users.name AS staff_name, coalesce(customers.name, customers.email) AS customer_name
  FROM pos_orders
  INNER JOIN locations ON locations.business_id = pos_orders.business_id AND locations.id = pos_orders.location_id
  INNER JOIN users ON users.id = pos_orders.staff_id
  LEFT JOIN customers ON customers.business_id = pos_orders.business_id AND customers.id = pos_orders.customer_id
  WHERE pos_orders.business_id = $1
  ORDER BY pos_orders.created_at DESC, pos_orders.id DESC LIMIT 26`;

/** One database: seed (the app stopped), then the sales and, on PostgreSQL, the order list, each against the hello-world. */
async function measure(hello, helloUrl, database, target, scale, withList) {
  const first = await startApp(database);
  await stop(first.app); // the embedded database has one owner: the app stops while the data is written
  const db = await connect(target);
  let seeded;
  let plan = null;
  let variants;
  let locationId;
  let currency;
  const t0 = performance.now();
  try {
    const products = await seedProducts(db, scale.products, 'demo-coffee', (line) => console.error(line));
    const orders = await seedOrders(db, scale.orders, 'demo-coffee', (line) => console.error(line));
    await stockForSales(db, products.businessId);
    seeded = { businessId: products.businessId, productSeconds: products.ms / 1000, orderSeconds: orders.ms / 1000 };
    currency = products.currency;
    locationId = (
      await db.query(`SELECT id FROM locations WHERE business_id = $1 AND status = 'active' ORDER BY created_at, id LIMIT 1`, [products.businessId])
    ).rows[0].id;
    // The benchmark's catalogue (not the demo's own products, whose stock is small): every variant, for the registers to pick.
    variants = (
      await db.query(
        `SELECT v.id AS "variantId", v.product_id AS "productId", p.category_id AS "categoryId", p.name, v.price::int AS price
         FROM product_variants v JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id
         WHERE v.business_id = $1 AND p.description LIKE 'Benchmark product %' AND p.status = 'active'`,
        [products.businessId],
      )
    ).rows;
    if (withList) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${LIST_SQL}`, [products.businessId]);
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    }
  } finally {
    await db.close();
  }
  const seedSeconds = (performance.now() - t0) / 1000;
  const { app, base } = await startApp(database);
  const dir = mkdtempSync(join(tmpdir(), 'md-bench-pos-'));
  try {
    const registers = await openRegisters(base, seeded.businessId, locationId);
    const file = join(dir, 'registers.json');
    writeFileSync(
      file,
      JSON.stringify({
        base,
        cart: await bundleCart(),
        currency,
        businessId: seeded.businessId,
        registers: registers.map((r) => ({ cookie: r.cookie, token: r.token, locationId: r.locationId, context: r.context })),
        variants,
      }),
    );
    const tag = `${Date.now().toString(36)}-${database.DATABASE_URL ? 'pg' : 'pglite'}`;
    // Warm-up, one second each; then the rounds.
    loadRound(helloUrl, REGISTERS, hello, undefined, 1);
    saleRound(file, app, `${tag}-warm`, 1);
    const sales = { hello: [], sale: [] };
    for (let i = 0; i < settings.rounds; i++) {
      sales.hello.push(loadRound(helloUrl, REGISTERS, hello));
      sales.sale.push(saleRound(file, app, `${tag}-${i}`));
    }
    let list = null;
    if (withList) {
      const owner = registers.find((r) => r.email === 'owner@demo.test') ?? (await signIn(base, 'owner@demo.test'));
      const url = `${base}/v1/business/${seeded.businessId}/pos/orders?limit=25`;
      const check = await fetch(url, { headers: { ...XHR, cookie: owner.cookie } });
      if (check.status !== 200) throw new Error(`the order list answered ${check.status}: ${await check.text()}`);
      loadRound(helloUrl, LIST_CONNECTIONS, hello, undefined, 1);
      loadRound(url, LIST_CONNECTIONS, app, owner.cookie, 1);
      list = { hello: [], list: [] };
      for (let i = 0; i < settings.rounds; i++) {
        list.hello.push(loadRound(helloUrl, LIST_CONNECTIONS, hello));
        list.list.push(loadRound(url, LIST_CONNECTIONS, app, owner.cookie));
      }
      list = { hello: summary(list.hello), list: summary(list.list) };
    }
    const people = [...new Set(registers.map((r) => r.email))];
    return { scale, seedSeconds, seeded, people, variants: variants.length, sales: { hello: summary(sales.hello), sale: summary(sales.sale) }, list, plan };
  } finally {
    await stop(app);
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (x) => `${(x * 100).toFixed(0)} %`;
const row = (label, s, reference) =>
  `| ${label} | ${s.rps.toFixed(0)} | ${reference ? `**${(s.rps / reference.rps).toFixed(3)}x**` : '1'} | ${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} | ${pct(s.serverCpu)} | ${pct(s.cpu)} | ${s.rounds.map((x) => x.rps.toFixed(0)).join(', ')} |`;
const HEAD = ['| target | median req/s | ratio | median p50 / p99 (ms) | server CPU | generator CPU | rounds (req/s) |', '|---|---|---|---|---|---|---|'];
const met = (ok) => (ok ? '**met**' : '**not met**');

function tables(m) {
  const { hello, sale } = m.sales;
  const lines = [
    `${m.scale.products.toLocaleString('en')} benchmark products and ${m.scale.orders.toLocaleString('en')} orders (seeded in ${m.seedSeconds.toFixed(0)} s: ` +
      `products ${m.seeded.productSeconds.toFixed(0)} s, orders ${m.seeded.orderSeconds.toFixed(0)} s).`,
    '',
    `Completing a cash sale of five lines, ${REGISTERS} registers at once (${m.people.length} people: ${m.people.map((p) => p.split('@')[0]).join(', ')}), ` +
      `against the hello-world at ${REGISTERS} connections:`,
    '',
    ...HEAD,
    row('bare Fastify hello-world', hello),
    row('POST .../pos/orders (cash sale, 5 lines)', sale, hello),
    '',
    `Sales completed: ${sale.requests.toLocaleString('en')}; refused: ${sale.failed}. ` +
      `Goal p99 under ${GOAL.saleP99} ms with no failure: ${met(sale.p99 < GOAL.saleP99 && sale.failed === 0)} (p99 ${sale.p99.toFixed(1)} ms).`,
    '',
  ];
  if (m.list) {
    const { hello: h, list } = m.list;
    const ratio = list.rps / h.rps;
    lines.push(
      `The order list's first page (\`GET .../pos/orders?limit=25\`, the owner: every location) at ${LIST_CONNECTIONS} connections:`,
      '',
      ...HEAD,
      row('bare Fastify hello-world', h),
      row('GET .../pos/orders?limit=25', list, h),
      '',
      `Goal at least ${GOAL.listRatio}x of hello-world: ${met(ratio >= GOAL.listRatio)} (${ratio.toFixed(3)}x); ` +
        `p99 under ${GOAL.listP99} ms: ${met(list.p99 < GOAL.listP99)} (${list.p99.toFixed(1)} ms).`,
      '',
      'Plan of the list query (EXPLAIN ANALYZE on the seeded data):',
      '',
      '```',
      m.plan,
      '```',
      '',
    );
  }
  return lines.join('\n');
}

const writeSection = (section) => writeDocSection('pos', section);

async function main() {
  const load0 = loadavg()[0];
  const helloPort = await freePort();
  const hello = startServer('bench/hello-server.mjs', { PORT: String(helloPort) });
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-pos-'));
  const pg = DATABASES.includes('postgres') ? await startBenchPostgres() : null;
  const measured = {};
  const started = performance.now();
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitFor(helloUrl);
    if (DATABASES.includes('pglite')) {
      measured.pglite = await measure(hello, helloUrl, { DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir, SCALE.pglite, false);
    }
    if (pg) {
      const pgDir = mkdtempSync(join(tmpdir(), 'md-bench-pos-pg-'));
      try {
        measured.postgres = await measure(hello, helloUrl, { DATA_DIR: pgDir, DATABASE_URL: pg.url }, pg.url, SCALE.postgres, !PROFILE || PROFILE_LIST);
      } finally {
        rmSync(pgDir, { recursive: true, force: true });
      }
    }
  } finally {
    await stop(hello);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (PROFILE) {
    for (const [database, m] of Object.entries(measured)) console.log(`${database}: ${tables(m)}`);
    const newest = readdirSync(PROFILE)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort()
      .at(-1);
    console.log(`${join(PROFILE, newest)}\n${topOfProfile(join(PROFILE, newest))}`);
    return;
  }
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `## The point of sale at scale (${date})`,
    '',
    `Measured by \`node bench/pos.mjs\` (data: \`bench/seed-products.mjs\`, \`bench/seed-orders.mjs\`; sales: \`bench/pos-sale-load.mjs\`): ` +
      `${settings.rounds} alternating rounds of ${settings.seconds} s per target, servers on core 0 and the load generators on core 1, ${pgWhere()} ` +
      `(pinned: ${pinning}); load average ${load0.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after; the whole run took ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s. Each sale: five distinct products picked at random among the benchmark ` +
      `catalogue, priced by the register's own cart functions, one cash tender of the total. Server and generator CPU: the share ` +
      `of one core each used over a round. ${process.env.BENCH_NOTE ?? ''}`,
    '',
    ...(measured.pglite ? ['### Embedded database (PGlite)', '', tables(measured.pglite), ''] : []),
    ...(measured.postgres ? ['### A PostgreSQL server on the same machine (scripts/postgres.mjs)', '', tables(measured.postgres), ''] : []),
  ].join('\n');
  writeSection(section);
  console.log(section);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
