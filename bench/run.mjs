// Benchmarks (not tests): figures are written to docs/benchmarks.md.
// 1. Requests per second of an authenticated GET /v1/user against a bare Fastify hello-world,
//    alternating the two several times in one run and comparing medians (field notes: 2-core machine).
// 2. Gzipped JavaScript the login screen loads, measured in real Chromium.
// Needs a build first (npm run build). Run: node bench/run.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { chromium } from 'playwright-core';

const ROOT = new URL('..', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

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

function startProcess(file, env) {
  return spawn(process.execPath, [file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Closed-loop load: CONCURRENCY workers on keep-alive connections for SECONDS; answers requests/second. */
async function load(url, headers) {
  const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  let done = 0;
  let failed = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const res = await request(url, { headers, dispatcher });
        await res.body.dump();
        if (res.statusCode === 200) done++;
        else failed++;
      }
    }),
  );
  await dispatcher.close();
  if (failed) throw new Error(`${failed} requests to ${url} failed`);
  return done / ((Date.now() - started) / 1000);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function signIn(base) {
  const csrf = await fetch(`${base}/csrf-token`, { method: 'POST' });
  const cookie = csrf.headers.get('set-cookie').split(';')[0];
  const { token } = await csrf.json();
  const login = await fetch(`${base}/auth`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': token },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return login.headers.get('set-cookie').split(';')[0];
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

const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-'));
const [helloPort, appPort] = [await freePort(), await freePort()];
const hello = startProcess('bench/hello-server.mjs', { PORT: String(helloPort) });
const app = startProcess('apps/server/dist/server.mjs', { PORT: String(appPort), DATA_DIR: dataDir, DEMO_DATA: 'on', LOG_LEVEL: 'warn', DATABASE_URL: '' });
try {
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const appBase = `http://localhost:${appPort}`;
  await waitFor(helloUrl);
  await waitFor(`${appBase}/healthz`);
  const cookie = await signIn(appBase);
  const userUrl = `http://127.0.0.1:${appPort}/v1/user`;
  // warm-up
  await load(helloUrl, {});
  await load(userUrl, { cookie });
  const a = [];
  const b = [];
  for (let i = 0; i < ROUNDS; i++) {
    a.push(await load(helloUrl, {}));
    b.push(await load(userUrl, { cookie }));
  }
  const ratio = median(b) / median(a);
  const js = await loginScreenJs(appBase);
  const gzTotal = js.reduce((s, f) => s + f.gz, 0);
  const rawTotal = js.reduce((s, f) => s + f.raw, 0);
  const kb = (n) => (n / 1024).toFixed(1);
  const date = new Date().toISOString().slice(0, 10);
  const doc = `# Benchmarks

Measured by \`node bench/run.mjs\` after \`npm run build\` on the project's 2-core machine (${date}).
Figures are medians of alternating runs inside one run; absolute numbers swing by about 30% between runs,
the ratio much less.

## API throughput: authenticated GET /v1/user vs a bare Fastify hello-world

${ROUNDS} alternating rounds of ${SECONDS} s each, ${CONCURRENCY} concurrent keep-alive connections, embedded database.

| target | median req/s | rounds (req/s) |
|---|---|---|
| bare Fastify hello-world | ${median(a).toFixed(0)} | ${a.map((x) => x.toFixed(0)).join(', ')} |
| GET /v1/user (session, user, businesses, invitations) | ${median(b).toFixed(0)} | ${b.map((x) => x.toFixed(0)).join(', ')} |

Ratio: **${ratio.toFixed(2)}x** (goal: at least 0.6x).

## JavaScript the login screen loads

Every script Chromium fetched to show /login, gzipped (level 6) here:

| file | raw KB | gzipped KB |
|---|---|---|
${js.map((f) => `| ${new URL(f.url).pathname} | ${kb(f.raw)} | ${kb(f.gz)} |`).join('\n')}
| **total** | **${kb(rawTotal)}** | **${kb(gzTotal)}** |

Goal: at most 250 KB gzipped.
`;
  writeFileSync(join(ROOT, 'docs/benchmarks.md'), doc);
  console.log(doc);
} finally {
  hello.kill();
  app.kill();
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
