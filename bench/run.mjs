// Benchmarks (not tests): figures are written to docs/benchmarks.md.
// 1. Requests per second and p99 of an authenticated GET /v1/user against a bare Fastify hello-world,
//    alternated round by round, on both databases (bench/api.mjs: servers on one core, the load
//    generator on the other).
// 2. What one query costs on the embedded database (bench/pglite-query.mjs).
// The web figures (bundle, login JavaScript, Lighthouse) are bench/web.mjs's and the payments at scale
// bench/payments.mjs's (node bench/payments.mjs), the invoice PDFs bench/invoice-pdf.mjs's: their sections are
// kept as they are.
// Needs a build first (npm run build) and a quiet machine. Run: node bench/run.mjs
// (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_QUERY_ROUNDS, BENCH_QUERIES change the sizes).
import { API_BEFORE, API_WHERE_TIME_GOES, QUERY_BEFORE, QUERY_FINDINGS } from './findings.mjs';
import { apiTable, measureApi, settings } from './api.mjs';
import { measurePgliteQuery } from './pglite-query.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const apiSettings = () =>
  `${settings.rounds} alternating rounds of ${settings.seconds} s each, ${settings.connections} concurrent keep-alive connections; the servers on core 0, the load generator on core 1 (PostgreSQL unpinned).`;
const ROOT = new URL('..', import.meta.url).pathname;

/** Another script's section of docs/benchmarks.md (bench/web.mjs, bench/payments.mjs, bench/invoice-pdf.mjs), between its markers, kept as it stands. */
function keptSection(name) {
  const current = readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8');
  const from = current.indexOf(`<!-- ${name}:start`);
  const to = current.indexOf(`<!-- ${name}:end -->`);
  return from >= 0 && to > from ? current.slice(from, to + `<!-- ${name}:end -->`.length) + '\n' : '';
}

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

${QUERY_FINDINGS}
${keptSection('payments')}
${keptSection('invoice-pdf')}
${keptSection('web')}`;
  writeFileSync(join(ROOT, 'docs/benchmarks.md'), doc);
  console.log(doc);
}
