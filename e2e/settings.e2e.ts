import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@merchant/core';
import { expectAccessible, mailbox, screenshot } from './support';
import { parseCsv } from '../apps/server/src/lib/csv';
import { demoTests } from './demo';

/** Business settings in the browser: the audit log with its CSV export, email templates and notification recipients. */
const OWNER = 'owner@demo.test';

const demo = demoTests();
beforeAll(async () => {
  // Some history to look at: the owner changes a notification and a template through the API.
  await demo.api.call('PUT', `/v1/business/${demo.businessId}/notification-settings/payout_sent`, { roles: ['owner'], emails: ['books@e2e.test'] });
  await demo.api.call('PUT', `/v1/business/${demo.businessId}/email-templates/order_shipped`, {
    subject: '=cmd|calc, "shipped" {{order_number}}',
    body: 'On its way, {{customer_name}}.',
  });
});

describe('business settings in the browser', () => {
  it('the owner filters the audit log by action and downloads the same rows as CSV', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/settings/audit-logs`);
    await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
    const table = page.getByRole('table', { name: 'Audit log entries' });
    await table.getByText('Saved the “Order shipped” email template').waitFor();
    await expect(table.getByText(/Changed who is mailed about “Payout sent”/).count()).resolves.toBe(1);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Action' }).click();
    await page.getByRole('option', { name: /Email template saved/ }).click();
    await page.waitForURL(/action=email_template\.updated/);
    await expect.poll(() => table.getByText(/Changed who is mailed/).count()).toBe(0);
    await table.getByText('Saved the “Order shipped” email template').waitFor();
    await screenshot(page, 'audit-log-filtered');

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await page.getByRole('table', { name: 'Audit log entries' }).getByText('Saved the “Order shipped” email template').waitFor();
    // The box shows the action's label once the list of actions has come.
    await expect.poll(() => page.getByRole('textbox', { name: 'Action' }).inputValue()).toMatch(/Email template saved/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-demo-coffee-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
    expect(rows[0]![4]).toBe('Action');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(row[4]).toBe('email_template.updated');
      expect(row[1]).toBe('Olivia Owner');
      expect(row[3]).toBe('Owner');
    }
    await close();
  });

  it('names what an entry is about by a link to it, never by its id', async () => {
    const name = `Audit Link ${Date.now().toString(36)}`;
    const customer = await demo.api.call<{ id: string }>('POST', `/v1/business/${demo.businessId}/customers`, {
      name,
      email: `${name.replace(/ /g, '.').toLowerCase()}@example.test`,
    });
    const { page, close } = await demo.page();
    try {
      await page.goto(`/business/${demo.businessId}/payments/settings/audit-logs?action=customer.created`);
      const table = page.getByRole('table', { name: 'Audit log entries' });
      const row = table.getByRole('row').filter({ hasText: name });
      await row.first().waitFor();
      // The record's internal id and the event's code are not shown; the link opens the customer.
      expect(await table.getByText(customer.id).count()).toBe(0);
      expect(await table.getByText('customer.created', { exact: false }).count()).toBe(0);
      await expectAccessible(page);
      await row.first().getByRole('link', { name: 'View customer' }).click();
      await page.waitForURL(new RegExp(`/customers/${customer.id}$`));
      await page.getByRole('heading', { level: 1, name }).waitFor();
    } finally {
      await close();
    }
  });

  it("filters the audit log by the business's days, typed as the product writes them, at 1280 and 375 px", async () => {
    // The demo business's days are Singapore's: 'en-CA' writes a day as YYYY-MM-DD.
    const singaporeDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(ms);
    const today = singaporeDay(Date.now());
    const yesterday = singaporeDay(Date.now() - 86_400_000);
    for (const width of [1280, 375]) {
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/settings/audit-logs?action=email_template.updated`);
      const table = page.getByRole(width === 1280 ? 'table' : 'list', { name: 'Audit log entries' });
      await table.getByText('Saved the “Order shipped” email template').first().waitFor();
      // On a phone the filters fold behind one button, which counts the action already chosen.
      if (width === 375) await page.getByRole('button', { name: 'Filters (1)' }).click();
      await page.getByText('Times are Singapore time (GMT+8)').waitFor();
      const from = page.getByRole('textbox', { name: 'From' });
      await from.fill(formatDate(today));
      await page.waitForURL(new RegExp(`from=${today}`));
      await table.getByText('Saved the “Order shipped” email template').first().waitFor();
      const to = page.getByRole('textbox', { name: 'To' });
      await to.fill(formatDate(yesterday));
      await to.press('Tab');
      // The end before the start: the server's own check, on the field.
      await page.getByText('The end date is before the start date').waitFor();
      await to.fill(today.split('-').reverse().join('/'));
      await to.press('Tab');
      await page.waitForURL(new RegExp(`to=${today}`));
      expect(await to.inputValue()).toBe(formatDate(today));
      await table.getByText('Saved the “Order shipped” email template').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await close();
    }
  });

  it('the owner edits an email template with a live preview, saves it and mails a test to themself', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/settings/email-templates?template=invoice_sent`);
    await page.getByRole('heading', { level: 2, name: 'Invoice sent' }).waitFor();
    await expectAccessible(page);
    const subject = page.getByRole('textbox', { name: /^Subject/ });
    const preview = page.getByTestId('preview-subject');
    await expect(preview.textContent()).resolves.toBe('Subject: Invoice INV-000123 from Demo Coffee Roasters');

    await subject.fill('Your bill ');
    await page.getByRole('button', { name: 'Insert {{invoice_number}}' }).click();
    await expect.poll(() => subject.inputValue()).toBe('Your bill {{invoice_number}}');
    await expect.poll(() => preview.textContent()).toBe('Subject: Your bill INV-000123');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Hello {{customer_name}}, please pay {{amount}}: {{link}}');
    await expect.poll(() => page.getByTestId('preview-body').textContent()).toBe('Hello Jamie Tan, please pay SGD 125.00: https://example.com/sample');

    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved the invoice sent template.').waitFor();
    await page.getByRole('button', { name: /Invoice sent\s*Customised/ }).waitFor();

    await page.getByRole('button', { name: 'Send test to myself' }).click();
    await page.getByText(`Test mail sent to ${OWNER}.`).waitFor();
    // The server's schedules (repeating invoices, reminders) may mail others meanwhile: the owner's test mail is ours.
    const mail = (await mailbox()).find((m) => m.to === OWNER && m.subject.startsWith('[Test]'));
    expect(mail).toMatchObject({
      to: OWNER,
      subject: '[Test] Your bill INV-000123',
      // The demo server runs on the test processor: every mail opens with the Test mode line.
      text: 'Test mode: this mail tells of test activity. No real money moved.\n\nHello Jamie Tan, please pay SGD 125.00: https://example.com/sample',
    });

    // An unknown variable is refused before anything is sent.
    await subject.fill('Bill {{coupon}}');
    // Enter in a field saves as the bar's Save does.
    await subject.press('Enter');
    await page.getByText('Unknown variable {{coupon}}').waitFor();
    await screenshot(page, 'email-template-editor');
    await close();
  });

  it('the owner adds cashiers to the new-order mail and it persists after a reload', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/online-store/settings/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const newOrder = page.getByRole('region', { name: 'New order' });
    await expect(newOrder.getByRole('checkbox', { name: 'Manager' }).isChecked()).resolves.toBe(true);
    await expectAccessible(page);
    await newOrder.getByRole('checkbox', { name: 'Cashier' }).check();
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved who is mailed about new order.').waitFor();

    await page.reload();
    const afterReload = page.getByRole('region', { name: 'New order' });
    await afterReload.getByRole('checkbox', { name: 'Cashier' }).waitFor();
    await expect(afterReload.getByRole('checkbox', { name: 'Cashier' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Payment received' }).getByRole('checkbox', { name: 'Cashier' }).isChecked()).resolves.toBe(false);
    await screenshot(page, 'notification-settings');
    await close();
  });
});
