import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, localDate } from '@merchant/core';
import { demoBusiness, demoBusinessWithCustomer } from './api';
import { clockMovingBrowser, expectAccessible, mailbox, screenshot, serverClock, signedInPage } from './support';

/**
 * Repeating invoices in the browser: the owner sets one up for tomorrow, the server's clock moves a day ahead
 * (the dev clock, /_dev/clock: loopback only, on for the browser tests' server), and the detail lists the
 * invoice the scheduler made and mailed. The clock is put back afterwards for the tests that follow.
 */
const browser = clockMovingBrowser();
let businessId: string;
const OWNER = 'owner@demo.test';
const RUN = Date.now().toString(36);
const customer = { name: `Rita Repeat ${RUN}`, email: `rita-${RUN}@example.test` };
const DAY_MS = 86_400_000;

let zone: string;

beforeAll(async () => {
  businessId = await demoBusinessWithCustomer(customer);
  const { api } = await demoBusiness();
  zone = (await api.call<{ time_zone: string }>('GET', `/v1/business/${businessId}`)).time_zone;
});

const ownerPage = (width?: number) => signedInPage(browser(), OWNER, width);

describe('repeating invoices in the browser', () => {
  it('the owner creates a repeating invoice; when the clock advances, the detail lists the invoice it made and sent', async () => {
    // The business's tomorrow (Singapore's day runs eight hours ahead of UTC's: after 16:00 UTC, UTC's tomorrow is its today).
    const tomorrow = localDate(Date.parse((await serverClock()).now) + DAY_MS, zone);
    const first = await ownerPage();
    let page = first.page;
    await page.goto(`/business/${businessId}/payments/invoices/repeating`);
    await page.getByRole('heading', { level: 1, name: 'Repeating invoices' }).waitFor();
    await page.getByRole('link', { name: 'Create repeating invoice' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create repeating invoice' }).waitFor();

    await page.getByRole('textbox', { name: 'Customer' }).fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await page.getByRole('textbox', { name: 'First invoice on' }).fill(tomorrow);
    await page.getByRole('radio', { name: 'After a number of invoices' }).check();
    await page.getByRole('textbox', { name: 'Number of invoices' }).fill('12');
    await page.getByRole('switch', { name: 'Send each invoice automatically' }).check();
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Description' }).fill('Monthly bean subscription');
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Unit price' }).fill('45');
    await page.getByRole('button', { name: 'Add tax' }).click();
    await page.getByRole('group', { name: 'Tax 1' }).getByRole('textbox', { name: 'Tax name' }).fill('GST');
    await page.getByRole('group', { name: 'Tax 1' }).getByRole('textbox', { name: 'Rate %' }).fill('9');
    await page.getByText('Total: SGD 49.05').waitFor();
    await page.getByText(`First invoices: ${formatDate(tomorrow)}`, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'repeating-invoice-create');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await page.waitForURL(/\/payments\/invoices\/repeating\/[0-9a-f-]{36}$/);
    const detailUrl = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: `Repeating invoice for ${customer.name}` }).waitFor();
    await page.getByText(`None yet: the first is made on ${formatDate(tomorrow)}.`).waitFor();
    await page.getByText('0 of 12').waitFor();
    await expectAccessible(page);
    await first.close();

    // A day passes on the server; the scheduler makes the first invoice (and a person signs in again: a day
    // is past the session's idle timeout).
    await serverClock('/advance', { ms: DAY_MS });
    const second = await ownerPage();
    page = second.page;
    await page.goto(detailUrl);
    const made = page.getByRole('table', { name: 'Invoices made' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: `Repeating invoice for ${customer.name}` }).waitFor();
          // The invoice is made in the run's transaction and sent after it commits: wait for both.
          const invoices = await made.getByRole('link', { name: /^INV-\d{6}$/ }).count();
          const sent = await made.getByText('Sent', { exact: true }).count();
          return { invoices, sent: sent > 0 };
        },
        { timeout: 60_000, interval: 1_500 },
      )
      .toEqual({ invoices: 1, sent: true });
    const number = (await made.getByRole('link', { name: /^INV-\d{6}$/ }).textContent())!.trim();
    await made.getByText(formatDate(tomorrow)).waitFor();
    await page.getByText('1 of 12').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'repeating-invoice-detail');
    // The invoice's mail names it (in the subject or the text: another browser test customises the template);
    // the outbox delivers it in a job, so it may land a moment after the run says sent.
    await expect
      .poll(
        async () => {
          const mail = (await mailbox()).find((m) => m.to === customer.email);
          return `${mail?.subject ?? ''} ${mail?.text ?? ''}`;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain(number);

    // Pause behind a confirmation; the list finds it by its status.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Paused', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Resume' }).waitFor();

    await made.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { level: 1, name: number }).waitFor();
    await page.getByText('GST (9 %): SGD 4.05').waitFor();

    await page.goto(`/business/${businessId}/payments/invoices/repeating?status=paused`);
    const table = page.getByRole('table', { name: 'Repeating invoices' });
    await table.getByRole('link', { name: customer.name }).waitFor();
    await expectAccessible(page);
    await second.close();
  });

  it('fits a 375 px phone', async () => {
    const { page, close } = await ownerPage(375);
    await page.goto(`/business/${businessId}/payments/invoices/repeating/create`);
    await page.getByRole('heading', { level: 1, name: 'Create repeating invoice' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'repeating-invoice-create-phone');
    await page.goto(`/business/${businessId}/payments/invoices/repeating`);
    await page.getByRole('heading', { level: 1, name: 'Repeating invoices' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('link', { name: customer.name }).first().click();
    await page.getByRole('heading', { level: 1, name: `Repeating invoice for ${customer.name}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'repeating-invoice-detail-phone');
    await close();
  });
});
