import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../apps/web/src/app/route-table';
import { demoIds, leftOutBecause, openScreen, overflowOf, screens, signInAs, startDemoServer, type Screen, type Viewer } from './screens';
import { expectAccessible, launch } from './support';

/**
 * Every real screen of the route table (e2e/screens.ts, the list the screenshot set shoots) at 1280 and 375 px:
 * no horizontal scrolling of the page, no serious or critical axe issue and no debug-looking chips. The screens read a built server of
 * their own with the demo history (payouts, transfers, paid payments), so the detail screens have real ids.
 */
const ROOT = new URL('..', import.meta.url).pathname;
let browser: Browser;
let server: { base: string; stop: () => Promise<void> };

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startDemoServer(ROOT)]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the screen list', () => {
  it('names every real route of the route table, or says why it is left out', async () => {
    const ids = await demoIds(server.base);
    const shot = new Set(screens(ids).map((s) => s.route));
    const unplaced = routeTable.filter((r) => r.screen !== 'planned' && !shot.has(r.id) && !leftOutBecause(r)).map((r) => r.id);
    expect(unplaced).toEqual([]);
    expect(shot.size).toBeGreaterThan(70);
  });
});

describe.each([1280, 375])('every screen at %i px', (width) => {
  let list: Screen[] = [];
  const pages = new Map<Viewer, Page>();
  beforeAll(async () => {
    list = screens(await demoIds(server.base));
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

  it('fits the window and has no serious accessibility issue', async () => {
    // Every screen is looked at before failing, so one run names all that is wrong.
    const wide: string[] = [];
    const inaccessible: string[] = [];
    const debug: string[] = [];
    for (const screen of list) {
      const page = await pageOf(screen.viewer);
      await openScreen(page, screen);
      const overflow = await overflowOf(page);
      if (overflow > 0) wide.push(`${screen.route}: ${overflow} px wider than the window`);
      // No screen labels the business with debug-looking chips (issue 25: "CURRENCY: SGD, COUNTRY: SG").
      if (await page.getByText(/^(Currency|Country): [A-Z]{2,3}$/).count()) debug.push(screen.route);
      await expectAccessible(page).catch((error: Error) => inaccessible.push(`${screen.route}: ${error.message.split('\n').slice(0, 12).join(' ')}`));
    }
    expect(wide).toEqual([]);
    expect(inaccessible).toEqual([]);
    expect(debug).toEqual([]);
  }, 900_000);
});
