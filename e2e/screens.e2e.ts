import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../apps/web/src/app/route-table';
import { demoIds, leftOutBecause, openScreen, overflowOf, screenRoutes, screens, signInAs, startDemoServer, type Screen, type Viewer } from './screens';
import { expectAccessible, launch } from './support';

/**
 * Every real screen of the route table (e2e/screens.ts, the list the screenshot set shoots) at 375 px:
 * no horizontal scrolling of the page, no serious or critical axe issue and no debug-looking chips. The screens
 * read a built server of their own with the demo history (payouts, transfers, paid payments), so the detail
 * screens have real ids.
 */
const ROOT = new URL('..', import.meta.url).pathname;
let browser: Browser;
let server: { base: string; stop: () => Promise<void> };

beforeAll(async () => {
  // SCREENS_BASE_URL: a server already running with the demo data and its history, as the screenshot script's BASE_URL.
  const running = process.env.SCREENS_BASE_URL;
  [browser, server] = await Promise.all([launch(), running ? { base: running, stop: async () => {} } : startDemoServer(ROOT)]);
}, 660_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the screen list', () => {
  it('names every real route of the route table, or says why it is left out', async () => {
    const shot = new Set(screens(await demoIds(server.base)).map((s) => s.route));
    const unplaced = routeTable.filter((r) => r.screen !== 'planned' && !shot.has(r.id) && !leftOutBecause(r)).map((r) => r.id);
    expect(unplaced).toEqual([]);
    expect([...shot]).toEqual(screenRoutes());
    expect(shot.size).toBeGreaterThan(70);
  });
});

// At 375 px, where a screen overflows and where its layout differs most; the same screens at 1280 px are shot by the
// screenshot script (which names any screen wider than its window) and each capability's own browser test runs axe
// there. Both widths here doubled the browser lane's longest file (500 s on two cores) for little more.
describe.each([375])('at %i px', (width) => {
  const byRoute = new Map<string, Screen>();
  const pages = new Map<Viewer, Page>();
  beforeAll(async () => {
    // Fresh ids for each width: the direct debit's pages use up their subscription's set-up link.
    for (const screen of screens(await demoIds(server.base))) byRoute.set(screen.route, screen);
  }, 60_000);
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  const pageOf = async (viewer: Viewer): Promise<Page> => {
    const open = pages.get(viewer);
    if (open) return open;
    const context = await browser.newContext({ baseURL: server.base, viewport: { width, height: 860 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInAs(page, viewer);
    pages.set(viewer, page);
    return page;
  };

  it.each(screenRoutes())('%s fits the window, has no serious accessibility issue and no debug chips', async (route) => {
    const screen = byRoute.get(route)!;
    const page = await pageOf(screen.viewer);
    // Every viewer's screens through the app's router once the viewer's window shows the app (the guest's public
    // pages on other hosts are loaded).
    await openScreen(page, screen, { inApp: true });
    // The screen asked for is the one shown, not one its guard sent the viewer to: its path and its title.
    if (screen.url.startsWith('/')) {
      expect(new URL(page.url()).pathname).toBe(new URL(screen.url, server.base).pathname);
      // The title follows the screen's drawing (an effect of its route): on a busy machine, a moment after it.
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`${routeTable.find((r) => r.id === route)!.title} · Merchant Dashboard`);
    }
    expect(await overflowOf(page), 'pixels wider than the window').toBe(0);
    // No screen labels the business with debug-looking chips (issue 25: "CURRENCY: SGD, COUNTRY: SG").
    expect(await page.getByText(/^(Currency|Country): [A-Z]{2,3}$/).count()).toBe(0);
    await expectAccessible(page);
  });
});
