import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, mailbox, newPage, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Paying an invoice in the browser: the owner writes and sends an invoice, the customer opens the mailed link on
 * the invoice host (invoice.localhost), pays on the hosted checkout (securecheckout.localhost) and comes back to
 * a paid invoice; the owner finds the payment in Transactions. A second invoice paid in part stays partially paid.
 */
const RUN = Date.now().toString(36);

const demo = demoTests();

/** A new customer of the demo business with an email of their own, so their mail is theirs alone. */
async function newCustomer(name: string): Promise<{ id: string; name: string; email: string }> {
  const customer = { name: `${name} ${RUN}`, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${RUN}@example.test` };
  const { id } = await demo.api.call<{ id: string }>('POST', `/v1/business/${demo.businessId}/customers`, customer);
  return { id, ...customer };
}

/** The invoice page's link in the newest mail to the customer. */
async function mailedLink(email: string): Promise<string> {
  const mail = (await mailbox()).find((m) => m.to === email);
  const link = /http:\/\/invoice\.localhost:\d+\/\S+\/inv_[A-Za-z0-9]+/.exec(mail?.text ?? '')?.[0];
  expect(link, `a mail to ${email} with the invoice's link`).toBeDefined();
  return link!;
}

/** On the hosted checkout's payment page: fills in a card and pays. */
async function enterCard(page: Page, amount: string, number: string): Promise<void> {
  await page.waitForURL(/^http:\/\/securecheckout\.localhost:\d+\/p\/pay_/);
  await page.getByRole('heading', { level: 1, name: /^Invoice INV-/ }).waitFor();
  await page.getByRole('radio', { name: /^Card/ }).click();
  await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially(number);
  await page.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
  await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
  await page.getByRole('textbox', { name: /^Name on card/ }).fill('Ivy Tan');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** Pays with the success test card; the checkout sends the customer back to the invoice's page. */
async function payByCard(page: Page, amount: string): Promise<void> {
  await enterCard(page, amount, '4242424242424242');
  await page.waitForURL(/^http:\/\/invoice\.localhost:\d+\//);
}

describe('paying an invoice in the browser', () => {
  it('the owner sends an invoice with two lines and a tax; the customer pays it by card; it is paid and in Transactions', async () => {
    const customer = await newCustomer('Ivy Payer');
    const owner = await demo.page();
    const page = owner.page;
    await page.goto(`/business/${demo.businessId}/payments/invoices/create`);
    await page.getByRole('heading', { level: 1, name: 'Create invoice' }).waitFor();
    await page.getByRole('textbox', { name: 'Customer' }).fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Description' }).fill('Espresso beans, 1 kg');
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Unit price' }).fill('12.50');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('group', { name: 'Line 2' }).getByRole('textbox', { name: 'Description' }).fill('Grinder service');
    await page.getByRole('group', { name: 'Line 2' }).getByRole('textbox', { name: 'Unit price' }).fill('10');
    await page.getByRole('button', { name: 'Add tax' }).click();
    await page.getByRole('group', { name: 'Tax 1' }).getByRole('textbox', { name: 'Tax name' }).fill('GST');
    await page.getByRole('group', { name: 'Tax 1' }).getByRole('textbox', { name: 'Rate %' }).fill('9');
    // 2 x 12.50 + 10.00 = 35.00; GST 9 % = 3.15.
    await page.getByText('Total: SGD 38.15').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/payments\/invoices\/[0-9a-f-]{36}$/);
    const number = (await page.getByRole('heading', { level: 1, name: /^INV-/ }).textContent())!.trim();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send invoice' }).click();
    await page.getByText('Sent', { exact: true }).first().waitFor();
    const detailUrl = page.url();
    // The detail's "Customer's page" is the link the mail carries.
    const link = await mailedLink(customer.email);
    expect(await page.getByRole('link', { name: /\/inv_/ }).getAttribute('href')).toBe(link);

    // The customer, not signed in, opens the mailed link on the invoice host.
    const visitor = await newPage(demo.browser);
    const pay = visitor.page;
    await pay.goto(link);
    await pay.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor();
    await pay.getByText('Demo Coffee').first().waitFor();
    await pay.getByText('Espresso beans, 1 kg').waitFor();
    await pay.getByText('GST (9 %)').waitFor();
    await expect.poll(() => pay.getByTestId('invoice-amount-due').textContent()).toBe('SGD 38.15');
    // When it is due, in the customer's words (never the dashboard's "SENT"), and its PDF to download.
    expect(await pay.getByTestId('invoice-state').textContent()).toMatch(/^Due \d{1,2} [A-Z][a-z]{2}( \d{4})?$/);
    expect(await pay.getByText(/^sent$/i).count()).toBe(0);
    // Fetched by the page itself: the link is on the invoice host, which only the browser resolves (*.localhost).
    const href = (await pay.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!;
    const pdf = await pay.evaluate(async (url) => {
      const res = await fetch(url);
      const head = new Uint8Array(await res.arrayBuffer()).subarray(0, 5);
      return { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...head) };
    }, href);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await expectAccessible(pay);
    await screenshot(pay, 'invoice-page');
    await pay.getByRole('button', { name: 'Pay SGD 38.15' }).click();
    await payByCard(pay, 'SGD 38.15');

    // Back on the invoice's page: paid, with the payment and its receipt.
    await pay.getByRole('status').filter({ hasText: 'Paid in full' }).waitFor();
    await pay.getByText('Paid', { exact: true }).first().waitFor();
    await expect.poll(() => pay.getByTestId('invoice-amount-due').textContent()).toBe('SGD 0.00');
    const receipt = pay.getByRole('link', { name: /^Receipt of SGD 38\.15/ });
    await receipt.waitFor();
    await expectAccessible(pay);
    await screenshot(pay, 'invoice-page-paid');
    await receipt.click();
    await pay.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    await pay.getByText(`Invoice ${number}`).waitFor();
    await visitor.context.close();

    // The owner: the invoice is paid, its timeline has the view and the payment; the payment is in Transactions.
    await page.goto(detailUrl);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.getByText(/SGD 38\.15 paid online by card ending 4242/).waitFor();
    await page.getByText('Viewed by the customer').first().waitFor();
    // Its Payments section lists the card payment.
    const paymentsSection = page.getByRole('region', { name: 'Payments' });
    await paymentsSection
      .getByText(/SGD 38\.15/)
      .first()
      .waitFor();
    await expectAccessible(page);
    await page.goto(`/business/${demo.businessId}/payments/transactions?q=${encodeURIComponent(number)}`);
    const table = page.getByRole('table').first();
    await table.getByRole('row', { name: /SGD 38\.15/ }).waitFor();
    await expectAccessible(page);

    const payments = await demo.api.call<{
      data: { id: string; amount: { amount: number }; fee: { amount: number }; net: { amount: number }; status: string; reference: string | null }[];
    }>('GET', `/v1/business/${demo.businessId}/transactions?source=invoice&q=${encodeURIComponent(number)}`);
    expect(payments.data.map((p) => [p.status, p.amount.amount, p.reference])).toEqual([['succeeded', 38_15, number]]);
    // The ledger: the charge and its fee were posted to the pending balance, which moved by the payment's net.
    const payment = payments.data[0]!;
    const statement = await demo.api.call<{ data: { kind: string; amount: { amount: number }; payment_id: string | null }[] }>(
      'GET',
      `/v1/business/${demo.businessId}/balances/wallet/statement?account=pending&currency=sgd&limit=100`,
    );
    const postings = statement.data.filter((e) => e.payment_id === payment.id);
    expect(postings.map((e) => [e.kind, e.amount.amount]).sort()).toEqual([
      ['charge', 38_15],
      ['fee', -payment.fee.amount],
    ]);
    expect(postings.reduce((sum, e) => sum + e.amount.amount, 0)).toBe(payment.net.amount);

    // A refund finishes what it touches, and every screen shows it without a reload: the invoice (seen before the
    // refund, so cached as paid) is partially paid again with the refund on its timeline.
    await page.goto(detailUrl);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    const menu = page.getByRole('navigation', { name: 'Payments menu' });
    await menu.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(number);
    // This invoice's payment: other files' invoices may be paid SGD 38.15 too, and the list answers the search a
    // moment after the typing.
    await page
      .getByRole('table')
      .first()
      .getByRole('row', { name: /SGD 38\.15/ })
      .filter({ hasText: number })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByText('SGD 38.15 left to refund').waitFor();
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('10.00');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Back to the invoice through the payment's source.
    await page.getByRole('region', { name: 'Payment' }).getByRole('link', { name: 'Invoice' }).click();
    await page.waitForURL(detailUrl);
    await page.getByText('Partially paid', { exact: true }).first().waitFor();
    // The timeline names the payment by its payer, not its id.
    await page.getByText(/^SGD 10\.00 of the payment from .+ refunded; SGD 10\.00 due again$/).waitFor();
    expect(await page.getByText(/of payment pay_/).count()).toBe(0);
    // The overview's recent payments show it partially refunded.
    await menu.getByRole('link', { name: 'Overview' }).click();
    await page
      .getByRole('table', { name: 'Recent payments' })
      .getByRole('row', { name: /SGD 38\.15/ })
      .first()
      .getByText('Partially refunded')
      .waitFor();
    await owner.close();
  });

  it('a second invoice paid in part (after a declined card) stays partially paid, with what is left to pay', async () => {
    const customer = await newCustomer('Pat Partial');
    const draft = await demo.api.call<{ id: string; number: string }>('POST', `/v1/business/${demo.businessId}/invoices`, {
      customer_id: customer.id,
      issue_date: new Date().toISOString().slice(0, 10),
      due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      lines: [{ description: 'Catering deposit', quantity: 1, unit_price: 120_00 }],
      allow_partial: true,
    });
    await demo.api.call('POST', `/v1/business/${demo.businessId}/invoices/${draft.id}/send`);
    const link = await mailedLink(customer.email);

    const { context, page } = await newPage(demo.browser);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: `Invoice ${draft.number}` }).waitFor();
    const amount = page.getByRole('textbox', { name: /^Amount to pay/ });
    await amount.fill('');
    await amount.pressSequentially('50');
    await page.getByRole('button', { name: 'Pay SGD 50.00' }).click();
    // A declined card: nothing is paid, and "Try again" leads back to the invoice.
    await enterCard(page, 'SGD 50.00', '4000000000000002');
    await page.getByRole('heading', { level: 1, name: 'Payment failed' }).waitFor();
    await page
      .getByText(/declined/i)
      .first()
      .waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: `Invoice ${draft.number}` }).waitFor();
    await expect.poll(() => page.getByTestId('invoice-amount-due').textContent()).toBe('SGD 120.00');
    await amount.fill('');
    await amount.pressSequentially('50');
    await page.getByRole('button', { name: 'Pay SGD 50.00' }).click();
    await payByCard(page, 'SGD 50.00');

    // In the customer's words: part paid, and when the rest is due.
    await expect.poll(() => page.getByTestId('invoice-state').textContent()).toMatch(/^Part paid · due /);
    await expect.poll(() => page.getByTestId('invoice-amount-due').textContent()).toBe('SGD 70.00');
    await page.getByRole('link', { name: /^Receipt of SGD 50\.00/ }).waitFor();
    // The rest can still be paid: the field offers what is left.
    expect(await page.getByRole('textbox', { name: /^Amount to pay/ }).inputValue()).toBe('70.00');
    await expectAccessible(page);
    await screenshot(page, 'invoice-page-partial');
    const invoice = await demo.api.call<{ status: string; amount_paid: number }>('GET', `/v1/business/${demo.businessId}/invoices/${draft.id}`);
    expect([invoice.status, invoice.amount_paid]).toEqual(['partially_paid', 50_00]);
    await context.close();
  });

  it('fits a 375 px phone, and an unknown invoice is the 404 page', async () => {
    const customer = await newCustomer('Sam Small');
    const draft = await demo.api.call<{ id: string; number: string }>('POST', `/v1/business/${demo.businessId}/invoices`, {
      customer_id: customer.id,
      issue_date: new Date().toISOString().slice(0, 10),
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      lines: [
        { description: 'A rather long description of a line that has to wrap on a small screen', quantity: 3, unit_price: 4_50 },
        { description: 'Delivery', quantity: 1, unit_price: 5_00 },
      ],
      taxes: [{ name: 'GST', rate_bps: 900 }],
      allow_partial: true,
    });
    await demo.api.call('POST', `/v1/business/${demo.businessId}/invoices/${draft.id}/send`);
    const link = await mailedLink(customer.email);

    const { context, page } = await newPage(demo.browser, { width: 375, height: 800 });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: `Invoice ${draft.number}` }).waitFor();
    expect(await page.getByTestId('invoice-state').textContent()).toMatch(/^Due \d{1,2} [A-Z][a-z]{2}( \d{4})?$/);
    await page.getByRole('link', { name: 'Download PDF' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'invoice-page-phone');
    await page.getByRole('button', { name: /^Pay SGD/ }).click();
    await page.waitForURL(/^http:\/\/securecheckout\.localhost:\d+\/p\/pay_/);
    await page.getByRole('textbox', { name: /^Card number/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'invoice-checkout-phone');

    await page.goto(link.replace(/inv_[A-Za-z0-9]+$/, 'inv_0000000000000000000000'));
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
