import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '@merchant/core';
import { launch, newPage, signIn, landed } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Every API request the page makes from now on (method and path). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (isApiPath(url.pathname)) calls.push(`${req.method()} ${url.pathname}`);
  });
  return calls;
}

interface Fetched {
  path: string;
  status: number;
  fromCache: boolean;
  encoding: string | undefined;
}

/** What the browser's network layer did for each response: from its own cache, or from the server. */
async function recordNetwork(page: Page): Promise<{ fetched: Fetched[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fetched: Fetched[] = [];
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    fetched.push({
      path: new URL(response.url).pathname,
      status: response.status,
      fromCache: cached.has(requestId) || Boolean(response.fromDiskCache),
      encoding: headers['content-encoding'],
    });
  });
  return { fetched, cdp };
}

describe('revisits', () => {
  it('going back to a screen seen moments ago asks the API nothing; a reload fetches no unchanged asset', async () => {
    const { context, page } = await newPage(browser);
    const network = await recordNetwork(page);
    await signIn(page, 'owner@demo.test');
    await landed(page);
    await page.waitForURL(/\/business\/[0-9a-f-]+\/payments$/);
    const businessId = new URL(page.url()).pathname.split('/')[2]!;

    // First visit: the entry script and the styles come brotli-compressed from the server (files under
    // 1 KB are sent as they are), never compressed any other way.
    const assets = network.fetched.filter((f) => f.path.startsWith('/assets/'));
    const entry = assets.filter((a) => /^\/assets\/index-[\w-]+\.(js|css)$/.test(a.path));
    expect(entry.map((a) => a.encoding)).toEqual(['br', 'br']);
    expect(assets.filter((a) => a.encoding !== undefined && a.encoding !== 'br')).toEqual([]);

    // A screen with data of its own: the staff list (members and invitations). Each screen is left only once
    // everything it asked for has arrived (`networkidle`): a query still on its way when its screen is left is
    // dropped, and asked again on the way back (seen under load: the overview's figures, its chart's library).
    await page.goto(`/business/${businessId}/payments/settings/users`);
    await page.getByRole('table', { name: 'Staff members' }).waitFor();
    await page.waitForLoadState('networkidle');
    const nav = page.getByRole('navigation', { name: /menu/ });
    await nav.getByRole('link', { name: 'Overview' }).first().click();
    await page.waitForURL(/\/payments$/);
    await page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');

    // Back to the staff list within 30 seconds: everything it shows is in the cache.
    const calls = recordApiCalls(page);
    await page.goBack();
    await page.waitForURL(/\/settings\/users$/);
    await page.getByRole('table', { name: 'Staff members' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    // And forward again to the overview, seen moments ago too.
    await page.goForward();
    await page.waitForURL(/\/payments$/);
    await page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
    expect(calls).toEqual([]);

    // A reload: the page itself is revalidated, every hashed asset comes from the browser's cache.
    network.fetched.length = 0;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
    const reloaded = network.fetched.filter((f) => f.path.startsWith('/assets/'));
    expect(reloaded.length).toBeGreaterThan(0);
    expect(reloaded.filter((f) => !f.fromCache)).toEqual([]);
    await network.cdp.detach();
    await context.close();
  });
});
