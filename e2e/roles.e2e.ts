import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiSession } from './api';
import { demoTests } from './demo';
import { expectAccessible, landed, screenshot, signedInPage, uniqueEmail } from './support';

/**
 * Where signing in lands, per role (issue 25): a person with one business lands in it, on the Overview, which shows
 * each role only what it may use (balances and payouts to who manages them, set-up steps to who can act on them), and
 * every link on it opens a screen the role may use; a person with several businesses chooses, and the chooser stays
 * reachable from the business switcher. Axe on each screen.
 */
const demo = demoTests();

const ROLES = [
  { role: 'owner', email: 'owner@demo.test', balances: true, menu: ['Bank payouts', 'Send payments', 'Settings'], hidden: [] },
  { role: 'admin', email: 'admin@demo.test', balances: true, menu: ['Bank payouts', 'Send payments', 'Settings'], hidden: [] },
  { role: 'manager', email: 'manager@demo.test', balances: false, menu: ['Send payments'], hidden: ['Bank payouts'] },
  { role: 'cashier', email: 'cashier@demo.test', balances: false, menu: ['Transactions'], hidden: ['Bank payouts', 'Send payments'] },
] as const;

/** Set-up steps only an owner or an admin can act on. */
const OWNER_STEPS = ['Verify your business', 'Turn on a payment method', 'Add a bank account for payouts', 'Customise your checkout'];

describe('where each role lands after signing in', () => {
  for (const { role, email, balances, menu, hidden } of ROLES) {
    it(`the ${role} lands on the Overview of the one business and sees ${balances ? 'the balances' : 'no balances'}`, async () => {
      const { page, close } = await signedInPage(demo.browser, email);
      expect(await landed(page)).toBe(demo.businessId);
      expect(new URL(page.url()).pathname).toBe(`/business/${demo.businessId}/payments`);
      await page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Recent payments' }).waitFor();
      expect(await page.getByRole('heading', { level: 2, name: 'Balances and payouts' }).count()).toBe(balances ? 1 : 0);
      expect(await page.getByText('Next payout').count()).toBe(balances ? 1 : 0);
      if (!balances) for (const step of OWNER_STEPS) expect(await page.getByRole('link', { name: step }).count(), step).toBe(0);
      const nav = page.getByRole('navigation', { name: 'Payments menu' });
      const entries = await nav.textContent();
      for (const entry of menu) expect(entries).toContain(entry);
      for (const entry of hidden) expect(entries).not.toContain(entry);
      await expectAccessible(page);
      await screenshot(page, `landing-${role}`);

      // Every link of the Overview opens a screen the role may use: none ends on a refusal.
      const links = await page
        .getByRole('main')
        .locator('a[href^="/business/"]')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
      const kinds = new Map(links.map((href) => [href.split('?')[0]!.replace(uuid, ':id'), href]));
      for (const href of kinds.values()) {
        await page.goto(href);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.getByText("You don't have access").count(), href).toBe(0);
      }

      // Signed in, the login page sends them where signing in did.
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname === `/business/${demo.businessId}/payments`);
      await close();
    });
  }

  it('a cashier lands on the Overview at 375 px too, with no balances', async () => {
    const { page, close } = await signedInPage(demo.browser, 'cashier@demo.test', 375);
    expect(await landed(page)).toBe(demo.businessId);
    await page.getByRole('heading', { level: 2, name: 'Recent payments' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Balances and payouts' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'landing-cashier-375');
    await close();
  });

  it('a person with two businesses chooses one; a person with one reaches the chooser from the business switcher', async () => {
    const email = uniqueEmail('two-businesses');
    const person = new ApiSession();
    await person.register(email, 'Tess Two', 'First Tea House');
    await person.call('POST', '/v1/business', { name: 'Second Tea House', country: 'sg', currency: 'sgd' }, { 'idempotency-key': randomUUID() });
    const chooser = await signedInPage(demo.browser, email);
    expect(await landed(chooser.page)).toBeNull();
    await chooser.page.getByRole('heading', { level: 1, name: 'Choose a business' }).waitFor();
    await chooser.page.getByRole('link', { name: /First Tea House/ }).waitFor();
    await chooser.page.getByRole('link', { name: /Second Tea House/ }).waitFor();
    await expectAccessible(chooser.page);
    await chooser.close();

    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments`);
    await page.getByRole('button', { name: /^Business: Demo Coffee Roasters/ }).click();
    await page.getByRole('menuitem', { name: 'All businesses' }).click();
    await page.waitForURL(/\/choose-business$/);
    await page.getByRole('link', { name: /Demo Coffee Roasters/ }).click();
    await page.waitForURL(new RegExp(`/business/${demo.businessId}/payments$`));
    await close();
  });
});
