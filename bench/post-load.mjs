// A load generator of signed-in writes, run as its own process (pinned to its own core by api.mjs's `pinned`):
// for a number of seconds, a number of clients at once each send POSTs of a list in turn (the list is cycled),
// each with an Idempotency-Key of its own, as the dashboard sends them (session cookie, anti-forgery token).
// Prints successful requests per second, latency percentiles and failures by status and code.
// Usage: node bench/post-load.mjs <json file: { base, cookie, token, requests: [{ path, body }] }> <clients> <seconds>
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const [file, clients = '16', seconds = '5'] = process.argv.slice(2);
const { base, cookie, token, requests } = JSON.parse(readFileSync(file, 'utf8'));
const n = Number(clients);
const dispatcher = new Agent({ connections: n, pipelining: 1 });
const headers = { cookie, 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

let next = 0;
const latencies = [];
const failures = new Map();
const end = performance.now() + Number(seconds) * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: n }, async () => {
    while (performance.now() < end) {
      const { path, body } = requests[next++ % requests.length];
      const t0 = performance.now();
      const res = await request(`${base}${path}`, {
        method: 'POST',
        dispatcher,
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      const text = await res.body.text();
      if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - t0);
      else {
        const key = `${res.statusCode} ${text ? (JSON.parse(text).code ?? '') : ''}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await dispatcher.close();
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
console.log(
  JSON.stringify({
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    done: latencies.length,
    failed: [...failures.values()].reduce((a, b) => a + b, 0),
    failures: Object.fromEntries(failures),
  }),
);
