import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, newPage, signIn, landed } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Fills the login form the person was sent to (keeping its address, unlike signIn which opens /login). */
async function signInHere(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('demo-password');
  await page.getByRole('button', { name: /sign in/i }).click();
}

async function openDemoBusiness(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  await landed(page);
  await page.waitForURL(/\/payments$/);
  return new URL(page.url()).pathname.split('/')[2]!;
}

describe('sign-in returns people to the page they asked for', () => {
  it('a deep link opened while signed out opens after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/user-settings/security?from=the-mail');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/user-settings/security?from=the-mail');
    await expectAccessible(page);
    await signInHere(page, 'manager@demo.test');
    await page.waitForURL((url) => url.pathname === '/user-settings/security' && url.search === '?from=the-mail');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });

  it('after a 401 ended the session, the login screen says so and signing in again returns to the page the person was on', async () => {
    const { context, page } = await newPage(browser);
    const businessId = await openDemoBusiness(page, 'admin@demo.test');
    await page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
    // The session ends server-side (as after an idle timeout): the next call answers 401.
    await context.clearCookies();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session has been expired. Please login to continue').waitFor();
    await expectAccessible(page);
    const from = new URL(page.url()).searchParams.get('from');
    expect([`/business/${businessId}/payments`, '/user-settings/security']).toContain(from);
    await signInHere(page, 'admin@demo.test');
    await page.waitForURL((url) => url.pathname === from);
    await context.close();
  });

  it('a link that names another site is ignored: sign-in stays in the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?from=%2F%2Fevil.example%2Fphish');
    await signInHere(page, 'owner@demo.test');
    await landed(page);
    await context.close();
  });
});

describe('screens hidden by a business flag', () => {
  it('a screen the sidebar hides is refused when its address is typed', async () => {
    const { context, page } = await newPage(browser);
    const businessId = await openDemoBusiness(page, 'owner@demo.test');
    // Demo Coffee Roasters has no card provider of the second kind (see the seed).
    await page.goto(`/business/${businessId}/payments/balance/xendit`);
    await page
      .getByText(/not found|404/i)
      .first()
      .waitFor();
    // The same person opens a flagged screen the business has on.
    await page.goto(`/business/${businessId}/payments/balance/card`);
    await page.waitForFunction(() => document.title.startsWith('Card balance'));
    // It is a platform (seeded with a linked business): its Platform screen opens.
    await page.goto(`/business/${businessId}/payments/settings/platform`);
    await page.waitForFunction(() => document.title.startsWith('Platform'));
    await context.close();
  });
});
