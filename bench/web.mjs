// Web delivery benchmark (not a test): writes the "Web delivery" section of docs/benchmarks.md.
// 1. The built bundle: every chunk's raw, gzip and brotli size; the largest lazy chunk.
// 2. The JavaScript Chromium downloads to show /login, gzipped.
// 3. The bundle's largest contributors (per npm package or source folder), from Rollup's own module report.
// 4. Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on /login and on the signed-in payments
//    overview, median of LIGHTHOUSE_RUNS runs each.
// Needs a build first (npm run build). Run on a quiet machine: node bench/web.mjs
// Smoke run: LIGHTHOUSE_RUNS=1 BENCH_NO_WRITE=1 node bench/web.mjs (LIGHTHOUSE_RUNS=0: sizes only)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { transform } from 'esbuild';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GOALS = { loginJs: 160, lazyChunk: 100, lcp: 2500, tbt: 200, cls: 0.1, score: 90 };
/** Measured before this work (issue 9 and the earlier docs/benchmarks.md), for the before/after table. */
const BEFORE = {
  loginJs: '240.2 KB (one 234 KB chunk)',
  largestLazy: 'none: the entry held nearly the whole app',
  loginLh: 'score 60, LCP 6.8 s',
  overviewLh: 'score 61, LCP 4.52 s, TBT 661 ms (first measured)',
  compressed: 'no (every file sent uncompressed, max-age=0)',
};

const kb = (n) => (n / 1024).toFixed(1);
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const br = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** The median of the runs that produced a figure (a run Lighthouse could not finish gives NaN). */
const median = (xs) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};
/** The machine's one-minute load average: Lighthouse's CPU figures mean little above the core count. */
const load = () => loadavg()[0].toFixed(1);
const hashless = (path) => path.replace(/-[A-Za-z0-9_-]{8}(\.\w+)$/, '$1');

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/** 1. Every JavaScript chunk of the build; the entry is the one index.html loads. */
function bundleFigures() {
  const index = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(index)?.[1];
  const chunks = listFiles(DIST)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const body = readFileSync(f);
      const url = `/${relative(DIST, f)}`;
      return { url, raw: body.length, gz: gz(body), br: br(body), entry: url === entry };
    })
    .sort((a, b) => b.gz - a.gz);
  const css = listFiles(DIST)
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ url: `/${relative(DIST, f)}`, raw: statSync(f).size, gz: gz(readFileSync(f)) }));
  const maps = listFiles(DIST).filter((f) => f.endsWith('.map')).length;
  return { chunks, css, maps, lazyLargest: chunks.find((c) => !c.entry) };
}

/** 3. Rebuilds in memory with a reporting plugin: minified, gzipped bytes per package or source folder. */
async function contributors() {
  const { build } = await import('vite');
  const groups = new Map();
  await build({
    root: join(ROOT, 'apps/web'),
    logLevel: 'silent',
    build: { write: false },
    plugins: [
      {
        name: 'bench:contributors',
        generateBundle(_, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk') continue;
            for (const [id, info] of Object.entries(chunk.modules)) {
              const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
              const name = pkg ?? id.replace(/^.*?\/(apps\/web\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+)\/.*$/, '$1');
              const group = groups.get(name) ?? { code: new Map(), entry: false };
              group.code.set(chunk.fileName, `${group.code.get(chunk.fileName) ?? ''}${info.code ?? ''}\n`);
              group.entry ||= chunk.isEntry;
              groups.set(name, group);
            }
          }
        },
      },
    ],
  });
  const rows = [];
  for (const [name, group] of groups) {
    // Names are unique within a chunk, not across chunks: each chunk's share is minified on its own.
    let min = 0;
    let zipped = 0;
    for (const part of group.code.values()) {
      const { code } = await transform(part, { minify: true, loader: 'js', format: 'esm' });
      min += code.length;
      zipped += gz(Buffer.from(code));
    }
    rows.push({ name, min, gz: zipped, entry: group.entry });
  }
  return rows.sort((a, b) => b.gz - a.gz);
}

/** 2. What Chromium downloads to show /login; each script gzipped as the server would send it to a gzip-only client. */
async function loginScreenJs(base) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, raw: b.length, gz: gz(b) })));
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').waitFor();
  const files = await Promise.all(scripts);
  await browser.close();
  return files.sort((a, b) => b.gz - a.gz);
}

/** 4. Lighthouse's default (mobile) configuration, performance only. */
async function lighthouseRuns(url, headers) {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        load: load(),
        score: lhr.categories.performance.score == null ? NaN : Math.round(lhr.categories.performance.score * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        blocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((it) => `${new URL(it.url).pathname} (${Math.round(it.wastedMs)} ms)`),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (k) => median(results.map((r) => r[k]));
  return { runs: results, score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), blocking: results[0]?.blocking ?? [] };
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-web-'));
const app = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'on', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const startLoad = load();
try {
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/healthz`);
  const bundle = bundleFigures();
  const login = await loginScreenJs(base);
  const parts = await contributors();
  const { cookie, user } = await signInDemoOwner(base);
  const businessId = user.businesses.owned[0].id;
  const skipLighthouse = RUNS === 0;
  const none = { runs: [], score: NaN, fcp: NaN, lcp: NaN, tbt: NaN, cls: NaN, blocking: [] };
  const lhLogin = skipLighthouse ? none : await lighthouseRuns(`${base}/login`, {});
  const lhOverview = skipLighthouse ? none : await lighthouseRuns(`${base}/business/${businessId}/payments`, { Cookie: cookie });

  const loginGz = login.reduce((s, f) => s + f.gz, 0);
  const loginRaw = login.reduce((s, f) => s + f.raw, 0);
  const met = (ok) => (ok ? 'met' : '**not met**');
  const lhRow = (name, r) =>
    `| ${name} | ${r.score} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.runs.map((x) => `${x.score} (load ${x.load})`).join(', ')} |`;
  const lhMet = (r) => r.lcp <= GOALS.lcp && r.tbt <= GOALS.tbt && r.cls < GOALS.cls && r.score >= GOALS.score;
  const date = new Date().toISOString().slice(0, 10);
  const section = `<!-- web:start (written by node bench/web.mjs) -->
## Web delivery

Measured by \`node bench/web.mjs\` after \`npm run build\` (${date}; ${cpus().length} cores, load average ${startLoad} at the
start, ${load()} at the end). Sizes are exact; Lighthouse figures are medians of ${RUNS} runs and move with the
machine's load (a run Lighthouse could not finish counts as NaN and is left out of the median).

### Before and after

| figure | before | now |
|---|---|---|
| login screen JavaScript, gzipped | ${BEFORE.loginJs} | ${kb(loginGz)} KB (entry ${kb(bundle.chunks.find((c) => c.entry).gz)} KB) |
| largest lazy chunk, gzipped | ${BEFORE.largestLazy} | ${kb(bundle.lazyLargest.gz)} KB |
| /login Lighthouse (mobile) | ${BEFORE.loginLh} | score ${lhLogin.score}, LCP ${(lhLogin.lcp / 1000).toFixed(2)} s, TBT ${Math.round(lhLogin.tbt)} ms |
| payments overview Lighthouse (mobile) | ${BEFORE.overviewLh} | score ${lhOverview.score}, LCP ${(lhOverview.lcp / 1000).toFixed(2)} s, TBT ${Math.round(lhOverview.tbt)} ms |
| assets compressed and cached as immutable | ${BEFORE.compressed} | brotli and gzip made at build time, a year, immutable |

### JavaScript the login screen loads

Every script Chromium fetched to show /login (gzip level 9, as served to a gzip-only client; brotli
clients get about 15% less):

| file | raw KB | gzipped KB |
|---|---|---|
${login.map((f) => `| ${hashless(f.url)} | ${kb(f.raw)} | ${kb(f.gz)} |`).join('\n')}
| **total** | **${kb(loginRaw)}** | **${kb(loginGz)}** |

Goal: at most ${GOALS.loginJs} KB gzipped: ${met(loginGz / 1024 <= GOALS.loginJs)}.

### The bundle

${bundle.chunks.length} JavaScript chunks; the entry (loaded by every screen) and the five largest lazy ones:

| chunk | raw KB | gzip KB | brotli KB |
|---|---|---|---|
${bundle.chunks
  .filter((c) => c.entry)
  .concat(bundle.chunks.filter((c) => !c.entry).slice(0, 5))
  .map((c) => `| ${hashless(c.url)}${c.entry ? ' (entry)' : ''} | ${kb(c.raw)} | ${kb(c.gz)} | ${kb(c.br)} |`)
  .join('\n')}

Largest lazy chunk: ${kb(bundle.lazyLargest.gz)} KB gzipped; goal at most ${GOALS.lazyChunk}: ${met(bundle.lazyLargest.gz / 1024 <= GOALS.lazyChunk)}.
Stylesheets: ${bundle.css.map((c) => `${hashless(c.url)} ${kb(c.gz)} KB gzipped`).join(', ')}. Source maps in the build: ${bundle.maps}.

### Largest contributors

Each package or source folder minified and gzipped on its own (so the column adds up to a little more than
the chunks), and whether it is in the entry chunk every screen loads:

| contributor | minified KB | gzipped KB | in the entry |
|---|---|---|---|
${parts
  .slice(0, 20)
  .map((p) => `| ${p.name} | ${kb(p.min)} | ${kb(p.gz)} | ${p.entry ? 'yes' : 'no'} |`)
  .join('\n')}

### Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown)

| page | score | FCP | LCP | TBT | CLS | scores of each run (the machine's load average as it ended) |
|---|---|---|---|---|---|---|
${lhRow('/login', lhLogin)}
${lhRow('payments overview (signed in)', lhOverview)}

Goals: LCP at most 2.5 s, TBT at most 200 ms, CLS under 0.1, score at least 90: /login ${met(lhMet(lhLogin))},
payments overview ${met(lhMet(lhOverview))}. Render-blocking resources Lighthouse names on /login:
${lhLogin.blocking.length ? lhLogin.blocking.join(', ') : 'none'}.
<!-- web:end -->`;

  if (!process.env.BENCH_NO_WRITE) {
    const path = join(ROOT, 'docs/benchmarks.md');
    const doc = readFileSync(path, 'utf8');
    const start = doc.indexOf('<!-- web:start');
    const end = doc.indexOf('<!-- web:end -->');
    const next = start >= 0 && end > start ? doc.slice(0, start) + section + doc.slice(end + '<!-- web:end -->'.length) : `${doc.trimEnd()}\n\n${section}\n`;
    writeFileSync(path, next);
  }
  console.log(section);
} finally {
  app.kill();
  if (app.exitCode === null) await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
