// The load generator, run as its own process (pinned to its own core by api.mjs): autocannon's closed loop of
// requests on keep-alive connections (one request in flight per connection) for a number of seconds; prints
// requests/second, latency percentiles, the requests that failed, and the share of its own core it used (`cpu`,
// 1 = the whole core: near 1, the generator and not the server was the limit).
// Usage: node bench/load.mjs <url> <connections> <seconds> [cookie] [headers as JSON]
// (An earlier generator on undici saturated near 11,000 requests a second on one core: docs/benchmarks.md,
// "What one request costs".)
import autocannon from 'autocannon';

const [url, connections = '50', seconds = '3', cookie, extra] = process.argv.slice(2);
const headers = { ...(cookie ? { cookie } : {}), ...(extra ? JSON.parse(extra) : {}) };
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const result = await autocannon({ url, connections: Number(connections), duration: Number(seconds), pipelining: 1, headers });
const wall = performance.now() - t0;
const used = process.cpuUsage(cpu0);
const requests = result.requests.total;
console.log(
  JSON.stringify({
    rps: requests / (wall / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    failed: result.non2xx + result.errors + result.timeouts,
    cpu: (used.user + used.system) / 1000 / wall,
  }),
);
