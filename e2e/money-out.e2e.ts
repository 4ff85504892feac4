import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyWithCode } from '@merchant/core';
import { paymentLineLabel, type BalanceView, type CheckoutPayment, type Payment } from '@merchant/payments';
import { cardEndingIn, CheckoutCustomer } from './api';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The wallet balance in the browser: payments made for real through the hosted checkout's public API land in
 * the pending balance and on the statement (charge and fee), the figures are the ledger's, the statement's
 * filters live in the URL and its CSV is the filtered view; axe clean, and usable at 375 px.
 */

const stamp = Date.now().toString(36).toUpperCase();
const reference = `BAL-${stamp}`;
/** Our two payments as the customer saw them and as the dashboard does (fee, net, and what names them on the statement). */
const paid: { checkout: CheckoutPayment; payment: Payment }[] = [];

const wallet = (query = '') => `/business/${demo.businessId}/payments/balance${query}`;
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const demo = demoTests();
beforeAll(async () => {
  const link = await demo.api.call<{ public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
    purpose: `Balance test ${stamp}`,
    amount: null,
    reference,
    single_use: false,
  });
  const customer = new CheckoutCustomer();
  for (const amount of [111_11, 222_22]) {
    const checkout = await customer.pay('link', link.public_id, { method: 'card', number: cardEndingIn('4242') }, { email: 'bal@example.test', amount });
    expect(checkout.status).toBe('succeeded');
    const mine = await demo.api.call<{ data: Payment[] }>('GET', `/v1/business/${demo.businessId}/transactions?q=${reference}&limit=100`);
    paid.push({ checkout, payment: mine.data.find((p) => p.amount.amount === amount)! });
  }
});
/** How the statement names a payment's lines (its customer, its description or its method; never its id). */
const labelOf = (payment: Payment) => paymentLineLabel({ customerName: payment.customer.name, description: payment.description, method: payment.method });
const statementRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table[aria-label="Statement"] tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );

describe('the wallet balance', () => {
  it("shows the ledger's pending balance and the statement entries of payments made through the checkout", async () => {
    const { page, close } = await demo.page({ width: 1280, height: 860 });
    await page.goto(wallet('?account=pending'));
    await page.getByRole('heading', { level: 1, name: 'Wallet balance' }).waitFor();
    await page.getByRole('table', { name: 'Statement' }).waitFor();

    // Each payment is a charge of its amount and a fee taken from it, both named as the payment is, not by an id.
    for (const { payment } of paid) {
      expect(payment.net.amount).toBe(payment.amount.amount - payment.fee.amount);
      const charge = formatMoneyWithCode(payment.amount.amount, 'sgd');
      await eventually(async () => (await statementRows(page)).find((r) => r[1] === 'Payment' && r[3] === charge)?.slice(1, 4)).toEqual([
        'Payment',
        labelOf(payment),
        charge,
      ]);
      const fee = formatMoneyWithCode(-payment.fee.amount, 'sgd');
      expect((await statementRows(page)).find((r) => r[1] === 'Fee' && r[3] === fee)?.[2]).toBe(labelOf(payment));
    }
    expect((await statementRows(page)).filter((r) => r.join(' ').includes('pay_'))).toEqual([]);

    // The figures on the page are the ledger's sums, as the API answers them.
    const ledger = await demo.api.call<BalanceView>('GET', `/v1/business/${demo.businessId}/balances/wallet`);
    const sgd = ledger.currencies.find((c) => c.currency === 'sgd')!;
    await eventually(() => page.getByTestId('sgd-pending').textContent()).toBe(formatMoneyWithCode(sgd.pending.amount, 'sgd'));
    await eventually(() => page.getByTestId('sgd-available').textContent()).toBe(formatMoneyWithCode(sgd.available.amount, 'sgd'));
    // The newest entry's balance after it is the pending balance (nothing newer on the account).
    const newest = (await statementRows(page))[0]!;
    expect(newest[4]).toBe(formatMoneyWithCode(sgd.pending.amount, 'sgd'));
    await expectAccessible(page);

    // An entry of a payment opens the payment.
    await page
      .getByRole('link', { name: labelOf(paid[0]!.payment), exact: true })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/payments/transactions/(${paid[0]!.payment.id}|${paid[1]!.payment.id})$`));
    await page.goBack();
    await page.getByRole('table', { name: 'Statement' }).waitFor();

    // The type filter lives in the URL; every row shown is a fee.
    await page.getByRole('textbox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Fee', exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('kind')).toBe('fee');
    await eventually(async () => (await statementRows(page)).every((r) => r[1] === 'Fee')).toBe(true);
    await eventually(async () => (await statementRows(page)).some((r) => r[2] === labelOf(paid[0]!.payment))).toBe(true);

    // The CSV is the filtered statement: fees only, ours among them, money out in major units.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-wallet-sgd-.*\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]!.replace(/^\uFEFF/, '')).toBe('Date (UTC),Type,Description,Source ID,Currency,Money in,Money out,Balance after,Entry ID');
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'Fee')).toBe(true);
    // The CSV names the payment by its label and gives the id the customer saw in a column of its own.
    const ours = lines.find((line) => line.split(',')[3] === paid[0]!.checkout.public_id);
    expect(ours?.split(',').slice(2, 7)).toEqual([
      labelOf(paid[0]!.payment),
      paid[0]!.checkout.public_id,
      'SGD',
      '',
      (paid[0]!.payment.fee.amount / 100).toFixed(2),
    ]);
    await close();
  });

  it('is usable at 375 px and axe clean', async () => {
    const { page, close } = await demo.page({ width: 375, height: 860 });
    await page.goto(wallet('?account=pending'));
    await page.getByRole('heading', { level: 1, name: 'Wallet balance' }).waitFor();
    // On a phone the statement is a card per entry (components/data-list.tsx).
    const cards = page.getByRole('list', { name: 'Statement' });
    await eventually(async () => (await cards.textContent())?.includes(labelOf(paid[1]!.payment)) ?? false).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'wallet-balance-375');
    await expectAccessible(page);
    await close();
  });
});
