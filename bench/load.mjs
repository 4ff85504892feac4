// The load generator, run as its own process (pinned to its own core by api.mjs): closed-loop requests
// on keep-alive connections for a number of seconds; prints requests/second and latency percentiles.
// Usage: node bench/load.mjs <url> <connections> <seconds> [cookie]
import { Agent, request } from 'undici';

const [url, connections = '50', seconds = '3', cookie] = process.argv.slice(2);
const n = Number(connections);
const dispatcher = new Agent({ connections: n, pipelining: 1 });
const headers = cookie ? { cookie } : {};
const latencies = [];
let failed = 0;
const end = performance.now() + Number(seconds) * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: n }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await request(url, { headers, dispatcher });
      await res.body.dump();
      latencies.push(performance.now() - t0);
      if (res.statusCode !== 200) failed++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await dispatcher.close();
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
console.log(JSON.stringify({ rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), requests: latencies.length, failed }));
