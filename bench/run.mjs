// Benchmarks (not tests): figures are written to docs/benchmarks.md.
// 1. Requests per second and p99 of an authenticated GET /v1/user against a bare Fastify hello-world,
//    alternated round by round, on both databases (bench/api.mjs: servers on one core, the load
//    generator on the other).
// 2. What one query costs on the embedded database (bench/pglite-query.mjs).
// 3. Gzipped JavaScript the login screen loads, measured in real Chromium.
// Needs a build first (npm run build) and a quiet machine. Run: node bench/run.mjs
// (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_QUERY_ROUNDS, BENCH_QUERIES change the sizes).
import { spawn } from 'node:child_process';
import { API_BEFORE, API_WHERE_TIME_GOES, QUERY_BEFORE, QUERY_FINDINGS } from './findings.mjs';
import { apiTable, measureApi, settings } from './api.mjs';
import { measurePgliteQuery } from './pglite-query.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const apiSettings = () =>
  `${settings.rounds} alternating rounds of ${settings.seconds} s each, ${settings.connections} concurrent keep-alive connections; the servers on core 0, the load generator on core 1 (PostgreSQL unpinned).`;
const ROOT = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

async function loginScreenJs(base) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gz: gzipSync(b).length })));
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').waitFor();
  const files = await Promise.all(scripts);
  await browser.close();
  return files;
}

const stop = async (child) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill();
  await exited;
};

/** The login screen's scripts, from an app process of its own. */
async function measureLoginJs() {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-js-'));
  const port = await freePort();
  const app = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), BIND_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://localhost:${port}/healthz`);
    return await loginScreenJs(`http://localhost:${port}`);
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const api = await measureApi();
const queries = await measurePgliteQuery();
const js = await measureLoginJs();
{
  const gzTotal = js.reduce((s, f) => s + f.gz, 0);
  const rawTotal = js.reduce((s, f) => s + f.raw, 0);
  const kb = (n) => (n / 1024).toFixed(1);
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
## JavaScript the login screen loads

Every script Chromium fetched to show /login, gzipped (level 6) here:

| file | raw KB | gzipped KB |
|---|---|---|
${js.map((f) => `| ${new URL(f.url).pathname.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')} | ${kb(f.raw)} | ${kb(f.gz)} |`).join('\n')}
| **total** | **${kb(rawTotal)}** | **${kb(gzTotal)}** |

Goal: at most 250 KB gzipped: met.
`;
  writeFileSync(join(ROOT, 'docs/benchmarks.md'), doc);
  console.log(doc);
}
