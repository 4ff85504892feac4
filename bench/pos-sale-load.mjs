// The register load generator, run as its own process (pinned to its own core by bench/pos.mjs): for a number of
// seconds, each register at once completes cash sales one after another, as the register does it (docs/pos.md,
// "The register"): five lines of five distinct products picked at random from the catalogue, priced in the client
// with the register's own cart functions (`cartTotals` on the location's pricing context, bundled from
// apps/web/src/features/register/lib/cart.ts by bench/pos.mjs) and sent as `POST .../pos/orders` with the register's
// body (`saleBody`; the sale's idempotency key is a body field, the endpoint takes no Idempotency-Key header): its own key, one cash tender of the total (the exact amount handed over). A sale the
// server refuses (its tenders not adding up to the server's total, a product out of stock...) counts as a failure,
// by status and code.
// Prints completed sales per second, p50/p99 of a sale, failures, and the share of its own core the generator used.
// Usage: node bench/pos-sale-load.mjs <json file: { base, cart, currency, businessId, registers: [{ cookie, token,
//   locationId, context }], variants: [{ variantId, productId, categoryId, name, price }] }> <seconds> <key prefix>
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';

const [file, seconds = '5', prefix = randomUUID()] = process.argv.slice(2);
const { base, cart: cartModule, currency, businessId, registers, variants } = JSON.parse(readFileSync(file, 'utf8'));
const { cartTotals, saleBody, EMPTY_CART } = await import(cartModule);
const dispatcher = new Agent({ connections: registers.length, pipelining: 1 });
const path = `/v1/business/${businessId}/pos/orders`;

/** A small deterministic generator per register (xorshift), so runs pick alike. */
function randomOf(seed) {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Five lines of five distinct products. */
function fiveLines(random) {
  const lines = [];
  const products = new Set();
  while (lines.length < 5) {
    const v = variants[Math.floor(random() * variants.length)];
    if (products.has(v.productId)) continue;
    products.add(v.productId);
    lines.push({
      key: `k${lines.length}`,
      productId: v.productId,
      variantId: v.variantId,
      categoryId: v.categoryId,
      name: v.name,
      unitPrice: v.price,
      quantity: 1 + (lines.length % 2),
      addOns: [],
      discount: null,
    });
  }
  return lines;
}

const cpu0 = process.cpuUsage();
const latencies = [];
const failures = new Map();
let next = 0;
const end = performance.now() + Number(seconds) * 1000;
const started = performance.now();
await Promise.all(
  registers.map(async (register, r) => {
    const random = randomOf(r * 7919 + 1 + [...prefix].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0));
    const headers = { cookie: register.cookie, 'x-csrf-token': register.token, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
    while (performance.now() < end) {
      const cart = { ...EMPTY_CART, lines: fiveLines(random) };
      const { due, problem } = cartTotals(currency, cart, { context: register.context, at: new Date() });
      if (problem) throw new Error(`the cart cannot be priced: ${problem}`);
      const body = saleBody({
        idempotencyKey: `${prefix}-${++next}`,
        locationId: register.locationId,
        cart,
        tenders: [{ kind: 'cash', amount: due, tendered: due }],
      });
      const t0 = performance.now();
      const res = await request(`${base}${path}`, { method: 'POST', dispatcher, headers, body: JSON.stringify(body) });
      const text = await res.body.text();
      if (res.statusCode === 201 || res.statusCode === 200) latencies.push(performance.now() - t0);
      else {
        let code = '';
        try {
          const json = JSON.parse(text);
          code = `${json.code ?? ''}${json.issues?.[0] ? ` (${json.issues[0].path}: ${json.issues[0].message})` : ''}`;
        } catch {
          code = text.slice(0, 80);
        }
        const key = `${res.statusCode} ${code}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  }),
);
const wall = performance.now() - started;
await dispatcher.close();
const used = process.cpuUsage(cpu0);
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
console.log(
  JSON.stringify({
    rps: latencies.length / (wall / 1000),
    p50: pct(50),
    p99: pct(99),
    requests: latencies.length,
    failed: [...failures.values()].reduce((a, b) => a + b, 0),
    failures: Object.fromEntries(failures),
    cpu: (used.user + used.system) / 1000 / wall,
  }),
);
