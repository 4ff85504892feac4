// The screenshot set: every real screen (e2e/screens.ts, from the route table, filled with real ids of the demo
// data) at 1280 and 375 px, full page, into e2e/artifacts/screens/ (not committed). Each screen's horizontal
// overflow is printed. After `npm run build`:
//   node e2e/screenshots.mjs                                # starts the built server on a fresh demo database
//   BASE_URL=http://localhost:3000 node e2e/screenshots.mjs # or uses one already running with the demo data (npm start)
// ONLY=payments.transactions,checkout.receipt shoots only those routes; WIDTHS=375 only that width.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'e2e/artifacts/screens/');
const WIDTHS = (process.env.WIDTHS ?? '1280,375').split(',').map(Number);
const ONLY = process.env.ONLY?.split(',');

// The screen list is TypeScript shared with the browser test: bundled here as the server build bundles its code.
const bundleDir = mkdtempSync(join(tmpdir(), 'md-screens-list-'));
await build({
  entryPoints: [join(ROOT, 'e2e/screens.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: join(bundleDir, 'screens.mjs'),
  external: ['playwright-core'],
});
const { demoIds, openScreen, overflowOf, screens, signInAs, startDemoServer } = await import(join(bundleDir, 'screens.mjs'));
rmSync(bundleDir, { recursive: true, force: true });

const server = process.env.BASE_URL ? { base: process.env.BASE_URL, stop: async () => {} } : await startDemoServer(ROOT);
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const overflowing = [];
try {
  let count = 0;
  for (const width of WIDTHS) {
    // Fresh ids for each width: the direct debit's pages use up their subscription's set-up link.
    const list = screens(await demoIds(server.base)).filter((s) => !ONLY || ONLY.includes(s.route));
    count = list.length;
    // One window per person, signed in through the sign-in screen once.
    const pages = new Map();
    const pageOf = async (viewer) => {
      if (pages.has(viewer)) return pages.get(viewer);
      const context = await browser.newContext({ baseURL: server.base, viewport: { width, height: 860 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await signInAs(page, viewer);
      pages.set(viewer, page);
      return page;
    };
    for (const screen of list) {
      const page = await pageOf(screen.viewer);
      try {
        await openScreen(page, screen);
        const overflow = await overflowOf(page);
        if (overflow > 0) overflowing.push(`${width} ${screen.route}: ${overflow} px wider than the window`);
        await page.screenshot({ path: `${OUT}${width}-${screen.name}.png`, fullPage: true });
      } catch (error) {
        overflowing.push(`${width} ${screen.route}: not shot (${error.message.split('\n')[0]})`);
      }
    }
    for (const page of pages.values()) await page.context().close();
  }
  console.log(`${count} screens at ${WIDTHS.join(' and ')} px in ${OUT}`);
  if (overflowing.length) console.log(`Wider than the window or not shot:\n  ${overflowing.join('\n  ')}`);
} finally {
  await browser.close();
  await server.stop();
}
