// Screenshots of every real dashboard screen of the demo business and of the public pages, at 1280 and 375 px,
// saved into e2e/artifacts/screens/ (not committed) to look at. Run against a built server with the demo data:
//   BASE_URL=http://localhost:3000 node e2e/screenshots.mjs
// The screens are the links the signed-in demo owner's sidebar shows, plus the sign-in and registration pages.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = new URL('./artifacts/screens/', import.meta.url).pathname;
const WIDTHS = [1280, 375];
const PUBLIC = ['/login', '/register'];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const name = (path) =>
  path
    .replace(/^\/business\/[^/]+\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'home';

let paths;
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width, height: 860 } });
    const page = await context.newPage();
    for (const path of PUBLIC) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${OUT}${width}-public-${name(path)}.png`, fullPage: true });
    }
    await page.goto('/login');
    await page.getByLabel('Email').fill('owner@demo.test');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('demo-password');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL(/\/choose-business$/);
    await page
      .getByRole('link', { name: /Demo Coffee/i })
      .first()
      .click();
    await page.waitForURL(/\/business\/[^/]+\//);
    // Every screen the sidebar links to at 1280 px (kept for 375 px, where it is folded away); placeholders say "coming soon" and are skipped.
    paths ??= await page.evaluate(() => [...new Set([...document.querySelectorAll('a[href^="/business/"]')].map((a) => a.getAttribute('href')))]);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (await page.getByText(/coming soon/i).count()) continue;
      await page.screenshot({ path: `${OUT}${width}-${name(path)}.png`, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`Screenshots in ${OUT}`);
