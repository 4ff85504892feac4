// Lighthouse A/B (not a test): two builds of the web app served side by side by the same server build, their
// runs alternated so both see the same machine load. Prints medians per page and build; writes nothing.
//   (cd apps/web && npx vite build --outDir <dir> --emptyOutDir) on the older commit, then
//   WEB_BEFORE_DIST=<dir> node bench/web-vitals-ab.mjs      (LIGHTHOUSE_PAIRS, default 5)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const PAIRS = Number(process.env.LIGHTHOUSE_PAIRS ?? 5);
const BEFORE_DIST = process.env.WEB_BEFORE_DIST;
if (!BEFORE_DIST) throw new Error('Set WEB_BEFORE_DIST to the older build of apps/web');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const median = (xs) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};

async function startServer(webDist) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-ab-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'on',
    LOG_LEVEL: 'warn',
    ...(webDist ? { WEB_DIST: webDist } : {}),
  };
  const child = spawn(process.execPath, ['apps/server/dist/server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/healthz`);
  const { cookie, user } = await signInDemoOwner(base);
  const stop = async () => {
    child.kill();
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, cookie, businessId: user.businesses.owned[0].id, stop };
}

async function run(url, headers) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const score = lhr.categories.performance.score;
    return {
      score: score == null ? NaN : Math.round(score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      load: loadavg()[0],
    };
  } finally {
    await chrome.kill();
  }
}

const builds = { before: await startServer(BEFORE_DIST), after: await startServer(undefined) };
try {
  const pages = {
    '/login': (s) => [`${s.base}/login`, {}],
    'payments overview': (s) => [`${s.base}/business/${s.businessId}/payments`, { Cookie: s.cookie }],
  };
  console.log('| page | build | score | FCP | LCP | TBT | CLS | load average (median) |\n|---|---|---|---|---|---|---|---|');
  for (const [page, target] of Object.entries(pages)) {
    const results = { before: [], after: [] };
    for (let i = 0; i < PAIRS; i++) {
      for (const name of i % 2 === 0 ? ['before', 'after'] : ['after', 'before']) results[name].push(await run(...target(builds[name])));
    }
    for (const [name, rs] of Object.entries(results)) {
      const m = (k) => median(rs.map((r) => r[k]));
      console.log(
        `| ${page} | ${name} | ${m('score')} (${rs.map((r) => r.score).join(', ')}) | ${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('load').toFixed(1)} |`,
      );
    }
  }
} finally {
  await builds.before.stop();
  await builds.after.stop();
}
