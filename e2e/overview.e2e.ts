import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '@merchant/core';
import { ApiSession } from './api';
import { DEMO_PASSWORD, expectAccessible, launch, newPage, screenshot, signIn } from './support';

/** The payments Overview in the browser: the period picker, the figures' sections and the checklist, at desktop and 375 px. */
let browser: Browser;
let businessId: string;
const OWNER = 'owner@demo.test';

beforeAll(async () => {
  browser = await launch();
  const api = new ApiSession();
  await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', '/v1/user');
  businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee')!.id;
});
afterAll(() => browser?.close());

async function ownerPage(width?: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, width ? { width, height: 800 } : {});
  await signIn(page, OWNER);
  await page.waitForURL(/\/choose-business$/);
  return { page, close: () => context.close() };
}

describe('payments overview in the browser', () => {
  it('opens from the page alone: the page brings the user, the business and the figures, and the screen asks the API nothing', async () => {
    const { page, close } = await ownerPage();
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (isApiPath(url.pathname)) calls.push(`${req.method()} ${url.pathname}`);
    });
    await page.goto(`/business/${businessId}/payments?period=30d`);
    // The page names the shell's and the overview's files to preload: the build's chunk groups of those names
    // (apps/web/vite.config.ts) must exist, else the preloads vanish without anything else failing.
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href') ?? ''));
    expect(preloads).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/assets\/business-shell-[^/]+\.js$/), expect.stringMatching(/\/assets\/payments-overview-[^/]+\.js$/)]),
    );
    await page.getByRole('heading', { level: 2, name: 'Recent payments' }).waitFor();
    await page.getByText('Payments overview for').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Account setup' }).waitFor();
    await page.getByText(/% done|Your account is set up/).waitFor();
    expect(calls).toEqual([]);
    // Another period is one request: the page's anti-forgery token goes with it (no request for a token first).
    await page.getByText('7 days', { exact: true }).click();
    await page.getByText(/compared with/).waitFor();
    expect(calls).toEqual(['GET /v1/business/' + businessId + '/payments/overview']);
    // And the server takes it: signing out (a DELETE, which needs the token) works without asking for one.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    // (The sign-in page may ask for a guest's token afterwards: only what came before matters.)
    expect(calls.slice(0, 2)).toEqual(['GET /v1/business/' + businessId + '/payments/overview', 'DELETE /auth']);
    await close();
  });

  it('shows the period, balances, checklist and recent payments; the period picker changes the range', async () => {
    const { page, close } = await ownerPage();
    await page.goto(`/business/${businessId}/payments`);
    await page.getByRole('heading', { level: 2, name: 'Setup checklist' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Balances' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Recent payments' }).waitFor();
    await page.getByRole('link', { name: 'Choose your payment methods' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'overview-7d');

    await page.getByText('30 days', { exact: true }).click();
    await page.waitForURL(/period=30d/);
    const rangeDays = async () => {
      const range = page.getByText(/compared with/);
      // The zone is said once, never "(UTC days)" beside "Times in UTC".
      expect(await page.getByText(/Times in /).count()).toBe(1);
      expect(await page.getByText(/UTC days/).count()).toBe(0);
      const [from, to] = await range.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
      return (Date.parse(to ?? '') - Date.parse(from ?? '')) / 86_400_000 + 1;
    };
    await expect.poll(rangeDays).toBe(30);
    await close();
  });

  it('fits a 375 px screen and stays accessible', async () => {
    const { page, close } = await ownerPage(375);
    await page.goto(`/business/${businessId}/payments?period=today`);
    await page.getByRole('heading', { level: 2, name: 'Setup checklist' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await screenshot(page, 'overview-375');
    await close();
  });
});
