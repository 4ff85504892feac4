import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoneyWithCode } from '@merchant/core';
import { type CheckoutPayment, type Payment, type PayoutDetail, type StatementEntry, paymentLineLabel } from '@merchant/payments';
import { ApiSession, cardEndingIn, CheckoutCustomer } from './api';
import { DEMO_PASSWORD, expectAccessible, mailbox, minorOfShown, screenshot, serverClock } from './support';
import { demoTests } from './demo';

/**
 * Payouts in the browser: two payments made through the hosted checkout (one partly refunded) become
 * available when the server's clock moves past the settlement delay; the owner sets the schedule to manual in
 * the wallet's "Payout schedule" dialog, pays out everything available, and the payout's detail lists our
 * payments (gross, fee, net) and the refund, its lines summing to the payout, which equals payments minus
 * refunds and fees. The payout_sent mail goes out. A cashier sees no payout screen. Axe clean, usable at 375 px.
 * The demo's bank account (DBS, ending 4567) is the SGD default. The clock and the schedule are put back.
 */
const OWNER = 'owner@demo.test';
const DAY_MS = 86_400_000;
const stamp = Date.now().toString(36).toUpperCase();
const reference = `PO-${stamp}`;
const paid: { checkout: CheckoutPayment; payment: Payment }[] = [];
const REFUND = 10_00;

const eventually = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout, interval: 1_000 });
const money = (amount: number) => formatMoneyWithCode(amount, 'sgd');
/** "SGD 1,234.56" or "-SGD 5.00" back to minor units. */
const minor = minorOfShown;

const demo = demoTests({ moveClock: true });
beforeAll(async () => {
  const link = await demo.api.call<{ public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
    purpose: `Payout test ${stamp}`,
    amount: null,
    reference,
    single_use: false,
  });
  const customer = new CheckoutCustomer();
  for (const amount of [120_00, 80_00]) {
    const checkout = await customer.pay('link', link.public_id, { method: 'card', number: cardEndingIn('4242') }, { email: 'payout@example.test', amount });
    expect(checkout.status).toBe('succeeded');
    const mine = await demo.api.call<{ data: Payment[] }>('GET', `/v1/business/${demo.businessId}/transactions?q=${reference}&limit=100`);
    paid.push({ checkout, payment: mine.data.find((p) => p.amount.amount === amount)! });
  }
  await demo.api.call(
    'POST',
    `/v1/business/${demo.businessId}/transactions/${paid[1]!.payment.id}/refunds`,
    { amount: REFUND, reason: 'requested_by_customer' },
    {
      'idempotency-key': `payout-e2e-${stamp}`,
    },
  );
});
afterAll(async () => {
  await serverClock('/reset');
  const api = new ApiSession();
  await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
  await api.call('PUT', `/v1/business/${demo.businessId}/payout-settings`, { schedule: 'weekly', weekly_day: 1, minimum_amount: 50_00 });
});

describe('payouts in the browser', () => {
  it('the owner pays out what became available; the detail sums to the payments minus refunds and fees', async () => {
    // The schedule dialog: manual, so only our payout moves the money while the clock runs ahead.
    let session = await demo.page({ width: 1280, height: 900 });
    let page = session.page;
    await page.goto(`/business/${demo.businessId}/payments/balance`);
    await page.getByRole('heading', { level: 1, name: 'Wallet balance' }).waitFor();
    await page.getByRole('button', { name: 'Payout schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Payout schedule' });
    await schedule.getByRole('radio', { name: 'Weekly' }).check();
    await schedule.getByRole('textbox', { name: 'Day of the week' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'payout-schedule-dialog');
    await schedule.getByRole('radio', { name: 'Manual' }).check();
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await eventually(() => page.getByTestId('payout-schedule').textContent()).toBe('Manual: only when you pay out');
    await session.close();

    // Five days pass on the server (two business days from any weekday, a weekend counted from its Monday): the
    // settlement job makes our payments' nets available.
    await serverClock('/advance', { ms: 5 * DAY_MS });
    const api = new ApiSession();
    await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
    const settled = async () => {
      const page1 = await api.call<{ data: StatementEntry[] }>(
        'GET',
        `/v1/business/${demo.businessId}/balances/wallet/statement?account=available&kind=settlement&limit=100`,
      );
      return paid.filter(({ payment }) => page1.data.some((e) => e.payment_id === payment.id)).length;
    };
    await eventually(settled, 60_000).toBe(2);

    session = await demo.page({ width: 1280, height: 900 });
    page = session.page;
    await page.goto(`/business/${demo.businessId}/payments/balance`);
    await page.getByRole('heading', { level: 1, name: 'Wallet balance' }).waitFor();
    await page.getByRole('button', { name: 'Pay out now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay out now' });
    await dialog.getByTestId('payout-available').waitFor();
    const available = minor((await dialog.getByTestId('payout-available').textContent())!);
    expect(available).toBeGreaterThanOrEqual(paid[0]!.payment.net.amount + paid[1]!.payment.net.amount - REFUND);
    // More than is available is refused on the form, before any request.
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    await dialog.getByRole('textbox', { name: 'Amount (SGD)' }).fill(((available + 1_00) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Pay out' }).click();
    await dialog.getByText(/is available to pay out/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('radio', { name: 'Everything available' }).check();
    // The dialog names where the money goes and how much, before anything is sent.
    await dialog.getByTestId('payout-destination').getByText('DBS Bank •••• 4567', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: `Pay out ${money(available)} to DBS Bank •••• 4567`, exact: true }).click();

    await page.waitForURL(/\/payments\/balance\/payouts\/[0-9a-f-]{36}$/);
    const payoutId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: `Payout of ${money(available)}` }).waitFor();
    await page.getByText('In transit', { exact: true }).first().waitFor();
    await page.getByText('DBS Bank •••• 4567', { exact: true }).waitFor();

    // Every line of the payout, every page of them.
    const table = page.getByRole('table', { name: 'Payout lines' });
    await table.waitFor();
    for (;;) {
      const more = page.getByRole('button', { name: /load more/i });
      if (!(await more.isVisible())) break;
      await more.click();
      await page.waitForTimeout(500);
    }
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('table[aria-label="Payout lines"] tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    expect(rows.reduce((sum, r) => sum + minor(r[6]!), 0)).toBe(available);
    // A line names its payment as the statement does (never by its id): its customer, its description or its method.
    const naming = (payment: Payment) => ({ customerName: payment.customer.name, description: payment.description, method: payment.method });
    for (const { payment } of paid) {
      const line = rows.find((r) => r[1] === 'Settlement' && r[2] === paymentLineLabel(naming(payment)) && r[3] === money(payment.amount.amount));
      expect(line?.slice(3)).toEqual([money(payment.amount.amount), money(-payment.fee.amount), money(payment.net.amount), money(payment.net.amount)]);
    }
    const refundLabels = paid.map(({ payment }) => paymentLineLabel(naming(payment), true));
    expect(rows.find((r) => r[1] === 'Refund' && refundLabels.includes(r[2]!))?.[6]).toBe(money(-REFUND));
    expect(rows.filter((r) => r.join(' ').includes('pay_'))).toEqual([]);

    // The summary: payments minus fees and refunds is the payout (the API says the same).
    const detail = await api.call<PayoutDetail>('GET', `/v1/business/${demo.businessId}/payouts/${payoutId}`);
    const { gross, fees, refunds, other } = detail.summary;
    expect(gross.amount - fees.amount - refunds.amount + other.amount).toBe(available);
    // Other movements of the available balance (a transfer another browser test sent) are neither payments nor refunds.
    const others = rows.filter((r) => r[1] !== 'Settlement' && r[1] !== 'Refund').reduce((sum, r) => sum + minor(r[6]!), 0);
    expect(other.amount).toBe(others);
    await expect.poll(() => page.getByTestId('payout-total').textContent()).toBe(money(available));
    await expectAccessible(page);
    await screenshot(page, 'payout-detail');

    // The lines' CSV is the same lines.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export lines CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]!.replace(/^\uFEFF/, '')).toBe('Date (UTC),Type,Description,Payment reference,Currency,Gross,Fee,Net,In this payout,Entry ID');
    expect(csv.length - 1).toBe(rows.length);

    // The list shows it; the mail went to the payout_sent recipients (owners and admins by default).
    await page.goto(`/business/${demo.businessId}/payments/balance/payouts?status=in_transit`);
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await page.getByRole('table', { name: 'Payouts' }).getByText(money(available)).first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'payout-list');
    await eventually(async () => (await mailbox()).some((m) => m.to === OWNER && m.subject === `Payout of ${money(available)} sent`)).toBe(true);
    await session.close();

    // 375 px: the detail fits (the lines are a card each).
    session = await demo.page({ width: 375, height: 900 });
    page = session.page;
    await page.goto(`/business/${demo.businessId}/payments/balance/payouts/${payoutId}`);
    await page.getByRole('heading', { level: 1, name: `Payout of ${money(available)}` }).waitFor();
    await page.getByRole('list', { name: 'Payout lines' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'payout-detail-375');
    await expectAccessible(page);

    // 375 px: the Pay out now dialog names the bank too (closed without paying out).
    await page.goto(`/business/${demo.businessId}/payments/balance`);
    await page.getByRole('button', { name: 'Pay out now' }).click();
    const small = page.getByRole('dialog', { name: 'Pay out now' });
    await small.getByTestId('payout-destination').getByText('DBS Bank •••• 4567', { exact: true }).waitFor();
    await small.getByRole('radio', { name: 'Part of it' }).check();
    await small.getByRole('textbox', { name: 'Amount (SGD)' }).fill('1');
    await small.getByRole('button', { name: `Pay out ${money(1_00)} to DBS Bank •••• 4567`, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'payout-now-375');
    await small.getByRole('button', { name: 'Cancel' }).click();
    await session.close();
  }, 180_000);

  it("the statement names each line by its source, linked to its page, with no raw ids; its date filters read the product's days (1280 and 375 px)", async () => {
    const singaporeDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(ms);
    for (const width of [1280, 375]) {
      const { page, close } = await demo.page({ width, height: 900 });
      await page.goto(`/business/${demo.businessId}/payments/balance?kind=settlement`);
      const statement = page.getByRole(width === 1280 ? 'table' : 'list', { name: 'Statement' });
      // Settlements: each is a link to the payment's page, labelled by what the payment was for. (The settlement job
      // settles every earlier file's payments at the same moment, so ours need not be on the first page.)
      const ours = statement.locator('a[href*="/payments/transactions/"]');
      await ours.first().waitFor();
      expect(await ours.first().textContent()).not.toMatch(/pay_|[0-9a-f]{8}-/);
      expect(await statement.textContent()).not.toMatch(/pay_/);
      await expectAccessible(page);

      // The payout made above: "Payout to DBS Bank •••• 4567", linked to the payout's page.
      await page.goto(`/business/${demo.businessId}/payments/balance?kind=payout`);
      const payout = statement.getByRole('link', { name: 'Payout to DBS Bank •••• 4567' }).first();
      await payout.waitFor();
      expect(await payout.getAttribute('href')).toMatch(/\/payments\/balance\/payouts\/[0-9a-f-]{36}$/);

      // The dates: shown and typed as the product writes them (on a phone, behind the Filters button).
      if (width === 375) await page.getByRole('button', { name: /^Filters/ }).click();
      const from = page.getByRole('textbox', { name: 'From' });
      const start = singaporeDay(Date.now() - 30 * DAY_MS);
      await from.fill(formatDate(start));
      await from.press('Tab');
      await page.waitForURL(new RegExp(`from=${start}`));
      expect(await from.inputValue()).toBe(formatDate(start));
      await payout.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      if (width === 375) {
        await screenshot(page, 'statement-sources-375');
        // A line's type is small text under its description, which keeps the card's width (it was as large as the
        // description beside it and squeezed "Transfer to Tan Printing Pte Ltd" onto 3-4 lines).
        const card = statement
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: 'Payout to DBS Bank •••• 4567' }) })
          .first();
        const [titleWidth, titleSize, typeSize] = await Promise.all([
          payout.evaluate((a) => a.closest('p')!.getBoundingClientRect().width),
          payout.evaluate((a) => parseFloat(getComputedStyle(a).fontSize)),
          card.getByText('Payout', { exact: true }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
        ]);
        expect(titleWidth).toBeGreaterThanOrEqual(192);
        expect(typeSize).toBeLessThan(titleSize);
      }

      // The label opens the payout.
      await payout.click();
      await page.getByRole('heading', { level: 1, name: /^Payout of / }).waitFor();
      if (width === 375) {
        // Gross, Fee and Net stand in the same place on every line's card.
        const lines = page.getByRole('list', { name: 'Payout lines' }).getByRole('listitem');
        await lines.first().waitFor();
        const netAt = await lines.evaluateAll((cards) =>
          cards.map((card) => {
            const label = [...card.querySelectorAll('div')].find((el) => el.textContent === 'Net' && el.children.length === 0);
            return label ? Math.round(label.getBoundingClientRect().left - card.getBoundingClientRect().left) : null;
          }),
        );
        expect(netAt.length).toBeGreaterThan(1);
        expect(new Set(netAt).size, JSON.stringify(netAt)).toBe(1);
        expect(netAt[0]).not.toBeNull();
        await expectAccessible(page);
        await screenshot(page, 'payout-lines-375');
      }
      await close();
    }
  });

  it('a cashier sees no payout screen', async () => {
    const api = new ApiSession();
    await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
    const list = await api.call<{ data: { id: string }[] }>('GET', `/v1/business/${demo.businessId}/payouts?limit=1`);
    const { page, close } = await demo.page({ as: 'cashier@demo.test', width: 1280, height: 900 });
    for (const path of ['balance', 'balance/payouts', `balance/payouts/${list.data[0]!.id}`]) {
      await page.goto(`/business/${demo.businessId}/payments/${path}`);
      await page.getByText("You don't have access").waitFor();
    }
    await expectAccessible(page);
    await close();
  });
});
