// Benchmarks (not tests): the first two sections of docs/benchmarks.md, printed for a person to paste. It once wrote
// the whole file, keeping only three other scripts' sections: every later script's section (products, pos, chat,
// store, request cost, ...) and the hand-written readings would have been lost, so it writes nothing now.
// 1. Requests per second and p99 of an authenticated GET /v1/user against a bare Fastify hello-world,
//    alternated round by round, on both databases (bench/api.mjs: servers on one core, the load
//    generator on the other).
// 2. What one query costs on the embedded database (bench/pglite-query.mjs).
// Since 2026-11-30 the request cost against the hello-world is bench/request-cost.mjs's (autocannon, both databases).
// Needs a build first (npm run build) and a quiet machine. Run: node bench/run.mjs
// (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_QUERY_ROUNDS, BENCH_QUERIES change the sizes).
import { API_BEFORE, API_WHERE_TIME_GOES, QUERY_BEFORE, QUERY_FINDINGS } from './findings.mjs';
import { apiTable, measureApi, settings } from './api.mjs';
import { measurePgliteQuery } from './pglite-query.mjs';

const apiSettings = () =>
  `${settings.rounds} alternating rounds of ${settings.seconds} s each, ${settings.connections} concurrent keep-alive connections; the servers on core 0, the load generator on core 1 (PostgreSQL unpinned).`;
const api = await measureApi();
const queries = await measurePgliteQuery();
{
  const date = new Date().toISOString().slice(0, 10);
  const doc = `# Benchmarks

Measured by \`node bench/run.mjs\` after \`npm run build\` on the project's 2-core machine (${date}).
Figures are medians of alternating runs inside one run; absolute numbers swing by about 30% between runs.

${API_BEFORE}
### After: the session cache (${date})

${apiSettings()}

Embedded database (PGlite):

${apiTable(api.embedded)}

A PostgreSQL server on the same machine (scripts/postgres.mjs):

${apiTable(api.postgres)}

Goal: at least 0.5x of the hello-world and p99 under 20 ms at 50 connections on both databases.

${API_WHERE_TIME_GOES}
## What one query costs on the embedded database

${QUERY_BEFORE}
After (\`bench/pglite-query.mjs\`, ${process.env.BENCH_QUERY_ROUNDS ?? 5} alternated rounds of ${process.env.BENCH_QUERIES ?? 2000} queries, medians):

| query | µs per query | rounds |
|---|---|---|
${queries.map((q) => `| ${q.kind} | ${q.median.toFixed(0)} | ${q.rounds.map((x) => x.toFixed(0)).join(', ')} |`).join('\n')}

${QUERY_FINDINGS}`;
  console.log(doc);
}
