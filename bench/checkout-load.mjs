// The checkout load generator, run as its own process (pinned to its own core by api.mjs's `pinned`): for a
// number of seconds, a number of customers at once each pay the business's static QR code by card, one
// customer after another, as the checkout page does it (docs/payments.md, "checkout"):
//   POST /v1/checkout/csrf-token      the checkout host's anti-forgery token (a new browser: new cookie)
//   GET  /v1/checkout/qr/:id          the page
//   POST /v1/checkout/qr/:id/payments start: the amount the customer types (Idempotency-Key)
//   POST /v1/checkout/payments/:p/confirm   test card 4242 4242 4242 4242 (Idempotency-Key)
// Every customer is a new browser at an address of its own: the app runs behind this generator as behind its
// reverse proxy (TRUST_PROXY=true), which names the customer's address in X-Forwarded-For. The confirm's
// limits (a few tries per payment, a few dozen per address: checkout.service.ts) are the production ones;
// a payment is confirmed once, from one address, so none of them is reached.
// Prints confirmed payments per second, the p50/p99 of the confirm and of the whole flow, and failures.
// Usage: node bench/checkout-load.mjs <base url> <checkout host> <qr public id> <customers> <seconds> [first customer]
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';

const [base, host, qr, customers = '16', seconds = '5', first = '1'] = process.argv.slice(2);
const n = Number(customers);
const dispatcher = new Agent({ connections: n, pipelining: 1 });
const CARD = { method: 'card', card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' } };

let next = Number(first);
/** A distinct IPv4 address per customer, in 10.0.0.0/8. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;

const flows = [];
const confirms = [];
const failures = new Map();
let confirmed = 0;
let declined = 0;

async function call(method, path, { headers = {}, body } = {}) {
  const res = await request(`${base}${path}`, {
    method,
    dispatcher,
    headers: { host, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, json: text ? JSON.parse(text) : null };
}

/** One customer's payment; answers false when a step failed (counted by step and status). */
async function pay(i) {
  const ip = addressOf(i);
  const fail = (step, res) => {
    const field = res.json?.issues?.[0]?.path;
    const key = `${step} ${res.status} ${res.json?.code ?? ''}${field ? ` (${field})` : ''}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
    return false;
  };
  const token = await call('POST', '/v1/checkout/csrf-token', { headers: { 'x-forwarded-for': ip } });
  if (token.status !== 200) return fail('csrf-token', token);
  const setCookie = [token.headers['set-cookie']].flat().filter(Boolean);
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  const browser = { 'x-forwarded-for': ip, cookie, 'x-csrf-token': token.json.token };
  const page = await call('GET', `/v1/checkout/qr/${qr}`, { headers: browser });
  if (page.status !== 200) return fail('page', page);
  // What the page asks for: the amount when it is open, the email or phone when the code collects them
  // (an email gets the receipt mailed, as the business's settings say).
  const { collect } = page.json;
  const body = {
    ...(page.json.amount === null ? { amount: 500 + ((i * 7919) % 20000) } : {}),
    name: `Bench customer ${i % 5000}`,
    ...(collect.email ? { email: `customer${i % 5000}@bench.example.com` } : {}),
    ...(collect.phone ? { phone: `+659${String(i % 10_000_000).padStart(7, '0')}` } : {}),
  };
  const started = await call('POST', `/v1/checkout/qr/${qr}/payments`, { headers: { ...browser, 'idempotency-key': randomUUID() }, body });
  if (started.status !== 201) return fail('start', started);
  const t0 = performance.now();
  const done = await call('POST', `/v1/checkout/payments/${started.json.public_id}/confirm`, {
    headers: { ...browser, 'idempotency-key': randomUUID() },
    body: CARD,
  });
  confirms.push(performance.now() - t0);
  if (done.status !== 200) return fail('confirm', done);
  if (done.json.status === 'succeeded') confirmed++;
  else declined++;
  return true;
}

const end = performance.now() + Number(seconds) * 1000;
const startedAt = performance.now();
await Promise.all(
  Array.from({ length: n }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      if (await pay(next++)) flows.push(performance.now() - t0);
    }
  }),
);
const elapsed = (performance.now() - startedAt) / 1000;
await dispatcher.close();
const pct = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
console.log(
  JSON.stringify({
    rps: confirmed / elapsed,
    confirmed,
    declined,
    p50: pct(flows, 50),
    p99: pct(flows, 99),
    confirmP50: pct(confirms, 50),
    confirmP99: pct(confirms, 99),
    customers: next - Number(first),
    failed: [...failures.values()].reduce((a, b) => a + b, 0),
    failures: Object.fromEntries(failures),
  }),
);
