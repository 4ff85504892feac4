// Event webhooks under checkout load (issue 29: "10,000 events delivered to a local receiver (throughput and p99
// delay from event to delivery; goal p99 under 2 s while 50 checkouts a second run)").
//
// 1. A new PostgreSQL server (scripts/postgres.mjs) and the built app on it (apps/server/dist/server.mjs, on core 0
//    when taskset is there) with the demo data, behind this script as behind its reverse proxy (TRUST_PROXY=true),
//    ROLE=all (the same process answers the checkout and runs the delivery jobs), and WEBHOOK_PRIVATE_TARGETS=on,
//    the development setting that lets deliveries go to a receiver on this machine (the outbound guard refuses
//    loopback otherwise).
// 2. A receiver on 127.0.0.1 in this process answers 200 at once and notes each delivery's arrival time, its
//    `Hitpay-Delivery-Id` and whether its `Hitpay-Signature` is right for the endpoint's salt.
// 3. As the demo owner, over the dashboard's API: the demo business's own webhook endpoints are disabled (their
//    addresses never answer), BENCH_CODES (default 20) open-amount static QR codes are made, and, after a few
//    warm-up payments, one endpoint subscribed to `charge.created` is added at the receiver's address.
// 4. Real checkouts, from a driver process on core 1: customers pay the static QR codes in turn by card as the
//    checkout page does (the checkout host's anti-forgery token, the page, start, confirm with test card 4242),
//    each a new browser at an address of its own, started at a steady rate (open loop: one every 1/rate s whatever
//    the earlier ones are doing). Several codes, because the checkout refuses a start when a code has 50 payments
//    started and not yet confirmed: one code would refuse starts whenever the app lags a second behind 50 a second. Each paid payment writes one `charge.created` for the endpoint.
//    The driver says whether the rate was sustained: every payment confirmed and the last one done within 5 s of
//    its start time. If it is not, run again at a lower BENCH_RATE and state the highest rate sustained. When the
//    app falls far behind (more than 10 s of checkouts in flight at once), the driver starts no more and says so:
//    the run stays short, and its events are the ones paid.
// 5. Once every delivery has arrived (or none has come for 60 s, or BENCH_DRAIN_SECONDS have passed since the
//    load), each delivery's delay is its arrival at the receiver minus its event's creation time. The body carries that time as HitPay writes it, to the second
//    (`updated_at` of the charge: the success's time, the event's); the delay uses the same instant to the
//    millisecond, read from the delivery's row (`webhook_deliveries.created_at`, written with the event in the
//    payment's transaction), and the script checks that the body's is not after it. Same machine, same clock.
//
// Prints the checkouts' rate, the deliveries' throughput (deliveries per second from the first event to the last
// arrival), the delay's p50, p99 and max, and the checks: each delivery id arrived exactly once (none missing, none
// twice, none unknown), every signature right, no body's time after its row's. Exits 1 when a check fails.
//
// Usage: npm run build, then
//   node bench/webhook-delivery.mjs
// BENCH_EVENTS (default 10000) payments, so as many events; BENCH_RATE (default 50) checkouts started per second;
// BENCH_CODES (default 20) static QR codes paid in turn; BENCH_APP another build's server.mjs; BENCH_LOG a file for the app's log. A run at full scale takes about
// BENCH_EVENTS / BENCH_RATE seconds of load (200 s by default) after the demo data is made (about a minute), then
// the last deliveries: at most BENCH_DRAIN_SECONDS (default 120) more, so a full run ends within about 7 minutes. On a shared or busy
// machine run it small (BENCH_EVENTS=500): the figures are then provisional.
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { request, Agent } from 'undici';

const ROOT = new URL('..', import.meta.url).pathname;
const CHECKOUT_HOST = 'securecheckout.localhost';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const pct = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// The driver: `node bench/webhook-delivery.mjs drive <base> <qr public ids, comma-separated> <rate> <count> <first customer>`.
// Prints one JSON line.

async function drive([base, qrList, rateArg, countArg, firstArg]) {
  const codes = qrList.split(',');
  const rate = Number(rateArg);
  const count = Number(countArg);
  const first = Number(firstArg);
  const dispatcher = new Agent({ connections: 256, pipelining: 1 });
  const CARD = { method: 'card', card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' } };
  const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
  const failures = new Map();
  const flows = [];
  let confirmed = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  async function call(method, path, headers, body) {
    const res = await request(`${base}${path}`, {
      method,
      dispatcher,
      headers: { host: CHECKOUT_HOST, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, json: text ? JSON.parse(text) : null };
  }
  const fail = (step, res) => {
    const key = `${step} ${res.status} ${res.json?.code ?? ''}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };

  async function pay(i) {
    const ip = addressOf(i);
    const qr = codes[i % codes.length];
    const token = await call('POST', '/v1/checkout/csrf-token', { 'x-forwarded-for': ip });
    if (token.status !== 200) return fail('csrf-token', token);
    const cookie = [token.headers['set-cookie']]
      .flat()
      .filter(Boolean)
      .map((c) => c.split(';')[0])
      .join('; ');
    const browser = { 'x-forwarded-for': ip, cookie, 'x-csrf-token': token.json.token };
    const page = await call('GET', `/v1/checkout/qr/${qr}`, browser);
    if (page.status !== 200) return fail('page', page);
    const { collect } = page.json;
    const body = {
      ...(page.json.amount === null ? { amount: 500 + ((i * 7919) % 20000) } : {}),
      name: `Bench customer ${i % 5000}`,
      ...(collect.email ? { email: `customer${i % 5000}@bench.example.com` } : {}),
      ...(collect.phone ? { phone: `+659${String(i % 10_000_000).padStart(7, '0')}` } : {}),
    };
    const started = await call('POST', `/v1/checkout/qr/${qr}/payments`, { ...browser, 'idempotency-key': randomUUID() }, body);
    if (started.status !== 201) return fail('start', started);
    const done = await call('POST', `/v1/checkout/payments/${started.json.public_id}/confirm`, { ...browser, 'idempotency-key': randomUUID() }, CARD);
    if (done.status !== 200 || done.json.status !== 'succeeded') return fail('confirm', done);
    confirmed++;
  }

  const t0 = performance.now();
  const running = [];
  let lastEnd = t0;
  let started = 0;
  for (let k = 0; k < count; k++) {
    const due = t0 + (k * 1000) / rate;
    const now = performance.now();
    if (due > now) await wait(due - now);
    if (inFlight > rate * 10) break; // far behind: see the header
    started++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const began = performance.now();
    running.push(
      pay(first + k)
        .catch((error) => fail('network', { status: 0, json: { code: String(error?.code ?? error) } }))
        .finally(() => {
          inFlight--;
          const end = performance.now();
          flows.push(end - began);
          lastEnd = Math.max(lastEnd, end);
        }),
    );
  }
  await Promise.all(running);
  await dispatcher.close();
  const lastDue = t0 + ((started - 1) * 1000) / rate;
  flows.sort((a, b) => a - b);
  const failed = started - confirmed;
  const result = {
    count: started,
    offered: count,
    confirmed,
    failed,
    failures: Object.fromEntries(failures),
    rate,
    seconds: (lastEnd - t0) / 1000,
    achievedRate: confirmed / ((lastEnd - t0) / 1000),
    maxInFlight,
    flowP50: pct(flows, 50),
    flowP99: pct(flows, 99),
    lagAtEndMs: lastEnd - lastDue,
    sustained: started === count && failed === 0 && lastEnd - lastDue < 5000,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// The run.

/** Runs the driver in its own process (core 1 when pinned) and answers its result. */
async function runDriver(pinned, args) {
  const [cmd, argv] = pinned(1, ['bench/webhook-delivery.mjs', 'drive', ...args]);
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c.toString('utf8')));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`the checkout driver exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop());
}

/** The local receiver: 200 at once; notes each delivery's arrival (ms since the epoch), id, signature check and body. */
async function startReceiver() {
  const arrivals = [];
  const state = { salt: null };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      res.statusCode = 200;
      res.end('ok');
      const signed = state.salt !== null && createHmac('sha256', state.salt).update(body).digest('hex') === req.headers['hitpay-signature'];
      arrivals.push({ id: String(req.headers['hitpay-delivery-id']), type: String(req.headers['hitpay-event-type']), at, signed, body });
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hitpay/events`, arrivals, state, close: () => new Promise((r) => server.close(r)) };
}

async function main() {
  const { startPostgres } = await import('../scripts/postgres.mjs');
  const { freePort, signInDemoOwner, waitFor } = await import('../scripts/server-process.mjs');
  const { pinned, startServer, stop } = await import('./api.mjs');
  const { connect } = await import('./seed-payments.mjs');
  const events = Number(process.env.BENCH_EVENTS ?? 10_000);
  const rate = Number(process.env.BENCH_RATE ?? 50);
  const appFile = process.env.BENCH_APP ?? 'apps/server/dist/server.mjs';

  const receiver = await startReceiver();
  const pg = await startPostgres();
  const port = await freePort();
  const app = startServer(
    appFile,
    {
      DATABASE_URL: pg.url,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ROLE: 'all',
      WEBHOOK_PRIVATE_TARGETS: 'on',
      NODE_ENV: 'development',
    },
    process.env.BENCH_LOG,
  );
  let db;
  let failedCheck = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, app, 900_000);
    const { cookie, user } = await signInDemoOwner(base);
    const businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee').id;
    const csrf = await fetch(`${base}/csrf-token`, { method: 'POST', headers: { ...XHR, cookie } });
    const headers = { ...XHR, cookie, 'x-csrf-token': (await csrf.json()).token, 'content-type': 'application/json' };
    const api = async (method, path, body) => {
      const res = await fetch(`${base}/v1/business/${businessId}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    for (const endpoint of await api('GET', '/webhooks')) {
      if (endpoint.status === 'active') await api('PATCH', `/webhooks/${endpoint.id}`, { enabled: false });
    }
    const codes = [];
    for (let i = 0; i < Number(process.env.BENCH_CODES ?? 20); i++) {
      codes.push((await api('POST', '/static-qr-codes', { name: `Bench counter ${i + 1}`, amount: null })).public_id);
    }
    const qrs = codes.join(',');

    // Warm-up payments, before the endpoint exists (no events for it).
    const warm = await runDriver(pinned, [base, qrs, '10', '40', '9000000']);
    if (warm.failed) throw new Error(`warm-up payments failed: ${JSON.stringify(warm.failures)}`);
    const endpoint = await api('POST', '/webhooks', { url: receiver.url, events: ['charge.created'] });
    receiver.state.salt = endpoint.salt;

    console.error(`${events} checkouts at ${rate}/s...`);
    const load = await runDriver(pinned, [base, qrs, String(rate), String(events), '1']);

    // Every delivery of the endpoint, with its event's creation time to the millisecond.
    db = await connect(pg.url);
    const expected = load.confirmed;
    let lastCount = -1;
    let quietSince = Date.now();
    const drainEnd = Date.now() + Number(process.env.BENCH_DRAIN_SECONDS ?? 120) * 1000;
    while (new Set(receiver.arrivals.map((a) => a.id)).size < expected && Date.now() - quietSince < 60_000 && Date.now() < drainEnd) {
      await wait(500);
      if (receiver.arrivals.length !== lastCount) {
        lastCount = receiver.arrivals.length;
        quietSince = Date.now();
      }
    }
    await wait(3000); // a repeat sent late would show now
    const { rows } = await db.query(
      `select id, (extract(epoch from created_at) * 1000)::float8 as at from webhook_deliveries where business_id = $1 and endpoint_id = $2`,
      [businessId, endpoint.id],
    );
    const createdAt = new Map(rows.map((r) => [r.id, Number(r.at)]));

    const seen = new Map();
    for (const a of receiver.arrivals) seen.set(a.id, (seen.get(a.id) ?? 0) + 1);
    const twice = [...seen.values()].filter((n) => n > 1).length;
    const unknown = [...seen.keys()].filter((id) => !createdAt.has(id)).length;
    const missing = [...createdAt.keys()].filter((id) => !seen.has(id)).length;
    const badSignatures = receiver.arrivals.filter((a) => !a.signed).length;
    const firstArrival = new Map();
    for (const a of receiver.arrivals) if (!firstArrival.has(a.id)) firstArrival.set(a.id, a);
    const delays = [];
    let timeDisagrees = 0;
    let bodyGap = 0;
    for (const [id, a] of firstArrival) {
      const created = createdAt.get(id);
      if (created === undefined) continue;
      delays.push(a.at - created);
      // The body's time (HitPay's, to the second, UTC) is the success's, taken a moment before the event's in the
      // same transaction: never after it, and the gap (the second cut off, and the transaction's work between) shown.
      const bodyAt = Date.parse(`${JSON.parse(a.body).updated_at}Z`);
      if (!(created >= bodyAt)) timeDisagrees++;
      bodyGap = Math.max(bodyGap, created - bodyAt);
    }
    delays.sort((x, y) => x - y);
    const firstEvent = Math.min(...createdAt.values());
    const lastArrival = Math.max(...[...firstArrival.values()].map((a) => a.at));
    const throughput = firstArrival.size / ((lastArrival - firstEvent) / 1000);

    const checks = {
      'every payment confirmed': load.failed === 0,
      'one delivery per paid payment': createdAt.size === expected,
      'none missing': missing === 0,
      'none twice': twice === 0,
      'none unknown': unknown === 0,
      'every signature right': badSignatures === 0,
      "no body's time after its row's": timeDisagrees === 0,
    };
    failedCheck = Object.values(checks).some((ok) => !ok);
    const ms = (x) => `${x.toFixed(0)} ms`;
    console.log(
      [
        `Checkouts: ${load.confirmed} of ${load.count} paid${load.count < load.offered ? ` (no more started after ${load.count} of ${load.offered}: the app fell behind)` : ''}, offered ${rate}/s, achieved ${load.achievedRate.toFixed(1)}/s ` +
          `(${load.sustained ? 'sustained' : 'NOT sustained'}: last one done ${ms(load.lagAtEndMs)} after its start time; ` +
          `at most ${load.maxInFlight} at once; flow p50 ${ms(load.flowP50)}, p99 ${ms(load.flowP99)})` +
          (load.failed ? `; failures ${JSON.stringify(load.failures)}` : ''),
        `Deliveries: ${firstArrival.size} of ${createdAt.size} events, ${throughput.toFixed(1)} per second from the first event to the last arrival`,
        `Delay from event to delivery: p50 ${ms(pct(delays, 50))}, p99 ${ms(pct(delays, 99))}, max ${ms(delays.at(-1) ?? NaN)} ` +
          `(goal: p99 under 2000 ms: ${pct(delays, 99) < 2000 ? 'met' : 'not met'})`,
        `Checks: ${Object.entries(checks)
          .map(([name, ok]) => `${name} ${ok ? 'yes' : 'NO'}`)
          .join('; ')} (missing ${missing}, twice ${twice}, unknown ${unknown}, bad signatures ${badSignatures}, times disagreeing ${timeDisagrees}; ` +
          `the row's time at most ${ms(bodyGap)} after the body's)`,
      ].join('\n'),
    );
  } finally {
    await db?.close();
    await stop(app);
    await receiver.close();
    pg.stop();
  }
  if (failedCheck) process.exitCode = 1;
}

if (process.argv[2] === 'drive') await drive(process.argv.slice(3));
else await main();
