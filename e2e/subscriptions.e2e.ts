import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness, demoBusinessWithCustomer } from './api';
import { clockMovingBrowser, expectAccessible, mailbox, newPage, screenshot, serverClock, signedInPage } from './support';

/**
 * Subscriptions in the browser: the owner creates a monthly plan and subscribes a customer from the plan's page;
 * the customer saves the success test card through the mailed link on the checkout host (first charge); the
 * server's clock moves a month ahead (the dev clock) and the scheduler charges the second period exactly once,
 * which the subscription and Transactions show. The clock is put back afterwards for the tests that follow.
 */
const browser = clockMovingBrowser();
let businessId: string;
const OWNER = 'owner@demo.test';
const RUN = Date.now().toString(36);
const customer = { name: `Sam Subscriber ${RUN}`, email: `sam-${RUN}@example.test` };
const DAY_MS = 86_400_000;

beforeAll(async () => {
  businessId = await demoBusinessWithCustomer(customer);
});

const ownerPage = (width?: number) => signedInPage(browser(), OWNER, width);

describe('subscriptions in the browser', () => {
  it('a customer subscribed from a plan saves a card through the mailed link and is charged once a month', async () => {
    const first = await ownerPage();
    let page = first.page;
    // A monthly plan.
    await page.goto(`/business/${businessId}/payments/recurring-plans`);
    await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    await page.getByRole('button', { name: 'Create plan' }).first().click();
    const planDialog = page.getByRole('dialog', { name: 'Create plan' });
    const planName = `Beans monthly ${RUN}`;
    await planDialog.getByRole('textbox', { name: 'Name' }).fill(planName);
    await planDialog.getByRole('textbox', { name: 'Price' }).fill('25.00');
    await planDialog.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(/\/payments\/recurring-plans\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: planName }).waitFor();

    // Subscribe the customer from the plan's page.
    await page.getByRole('button', { name: 'Subscribe a customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe a customer' });
    await dialog.getByRole('textbox', { name: 'Customer' }).fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await expectAccessible(page);
    await screenshot(page, 'subscription-create');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/payments\/subscriptions\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    await page.getByRole('heading', { level: 1, name: `${customer.name} · ${planName}` }).waitFor();
    await page.getByText('Pending', { exact: true }).waitFor();
    await page.getByText('The customer has not saved a card yet.', { exact: false }).waitFor();
    await first.close();

    // The customer follows the mailed link to the checkout host and saves the success test card.
    const mail = (await mailbox()).find((m) => m.to === customer.email && /set up your subscription/.test(m.subject));
    const link = /https?:\/\/\S+\/s\/seti_[A-Za-z0-9]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toMatch(/^http:\/\/securecheckout\.localhost:\d+\/s\/seti_/);
    const { context: customerContext, page: customerPage } = await newPage(browser(), { width: 375, height: 800 });
    await customerPage.goto(link!);
    await customerPage.getByRole('heading', { level: 1, name: 'Set up your subscription' }).waitFor();
    await customerPage.getByText(`${planName}: SGD 25.00 every month`, { exact: false }).waitFor();
    await customerPage.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4242424242424242');
    await customerPage.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
    await customerPage.getByRole('textbox', { name: /^CVC/ }).fill('123');
    await expectAccessible(customerPage);
    await screenshot(customerPage, 'subscription-setup-375');
    // No trial: saving charges the first period, and the button says so.
    await customerPage.getByRole('button', { name: 'Save card and pay SGD 25.00', exact: true }).click();
    await customerPage.getByRole('heading', { level: 1, name: 'Card saved' }).waitFor();
    await customerPage.getByText('Your payment of SGD 25.00 went through', { exact: false }).waitFor();
    await expectAccessible(customerPage);
    await customerContext.close();

    const charges = (p: Page) => p.getByRole('table', { name: 'Charges and retries' }).getByRole('row').filter({ hasText: 'SGD 25.00' });
    const second = await ownerPage();
    page = second.page;
    await page.goto(detailUrl);
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.getByText('VISA ending 4242', { exact: false }).waitFor();
    expect(await charges(page).count()).toBe(1);
    await second.close();

    // A month passes on the server: the scheduler charges the second period, once (and a person signs in again:
    // a month is past the session's idle timeout).
    await serverClock('/advance', { ms: 31 * DAY_MS });
    const third = await ownerPage();
    page = third.page;
    await page.goto(detailUrl);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: `${customer.name} · ${planName}` }).waitFor();
          return charges(page).count();
        },
        { timeout: 45_000, interval: 1_500 },
      )
      .toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'subscription-detail');
    // Later passes of the scheduler charge nothing more in this period.
    await serverClock('/advance', { ms: 60 * 60_000 });
    await page.waitForTimeout(3_000);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `${customer.name} · ${planName}` }).waitFor();
    expect(await charges(page).count()).toBe(2);

    // Both payments are in Transactions.
    await page.goto(`/business/${businessId}/payments/transactions?source=subscription&q=${encodeURIComponent(customer.email)}`);
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await expect.poll(async () => page.getByRole('row').filter({ hasText: 'SGD 25.00' }).count(), { timeout: 15_000 }).toBe(2);

    // The subscriptions list finds it by the customer.
    await page.goto(`/business/${businessId}/payments/subscriptions?search=${encodeURIComponent(customer.email)}`);
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();
    await page.getByRole('link', { name: customer.name }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'subscriptions-list');
    await third.close();

    const narrow = await ownerPage(375);
    await narrow.page.goto(detailUrl);
    await narrow.page.getByRole('heading', { level: 1, name: `${customer.name} · ${planName}` }).waitFor();
    await expectAccessible(narrow.page);
    await screenshot(narrow.page, 'subscription-detail-375');
    await narrow.close();
  });

  for (const width of [1280, 375]) {
    it(`the owner copies a card link, not mailed, and the customer's page says that saving pays the first period (${width} px)`, async () => {
      const { api, businessId: id } = await demoBusiness();
      const who = { name: `Cory Copy ${RUN}-${width}`, email: `cory-${RUN}-${width}@example.test` };
      const made = await api.call<{ id: string }>('POST', `/v1/business/${id}/customers`, who);
      const sub = await api.call<{ id: string }>('POST', `/v1/business/${id}/subscriptions`, {
        customer_id: made.id,
        name: `Tea weekly ${RUN}`,
        amount: 12_50,
        currency: 'sgd',
        interval: 'weekly',
      });
      const mailsBefore = (await mailbox()).filter((m) => m.to === who.email).length;

      const owner = await ownerPage(width);
      const page = owner.page;
      await page.goto(`/business/${id}/payments/subscriptions/${sub.id}`);
      await page.getByRole('heading', { level: 1, name: `${who.name} · Tea weekly ${RUN}` }).waitFor();
      // The main action (no card yet: Send card link) is a button; the others are in "More actions" at both widths.
      await page.getByRole('button', { name: 'Send card link' }).waitFor();
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Copy card link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Card link' });
      const field = dialog.getByRole('textbox', { name: 'Link to save a card' });
      await expect.poll(() => field.inputValue()).toMatch(/^http:\/\/securecheckout\.localhost:\d+\/s\/seti_/);
      const url = await field.inputValue();
      await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, `subscription-card-link-${width}`);
      // Nothing was mailed for it.
      expect((await mailbox()).filter((m) => m.to === who.email)).toHaveLength(mailsBefore);
      await owner.close();

      const { context, page: customerPage } = await newPage(browser(), { width, height: 800 });
      await customerPage.goto(url);
      await customerPage.getByRole('heading', { level: 1, name: 'Set up your subscription' }).waitFor();
      await customerPage.getByText('The first charge is made when you save your card.').waitFor();
      await customerPage.getByRole('button', { name: 'Save card and pay SGD 12.50', exact: true }).waitFor();
      if (width === 375) expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(customerPage);
      await context.close();
    });
  }
});
