import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, IDEMPOTENCY_KEY_HEADER } from '@merchant/core';
import type { Payment, TransactionDetail } from '@merchant/payments';
import { ApiSession, cardEndingIn, CheckoutCustomer } from './api';
import { DEMO_PASSWORD, expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Transactions in the browser: payments made for real through the hosted checkout's public API, then listed,
 * filtered, searched, opened, refunded in part and exported by the owner; a cashier may look but not refund.
 */
const CASHIER = 'cashier@demo.test';

const stamp = Date.now().toString(36).toUpperCase();
const reference = `TXN-${stamp}`;
/** Last 4 digits of the two good cards, unlikely to be in the demo data (the checks below hold even if they are). */
const last4 = { big: String(1000 + (Date.now() % 9000)), small: String(1000 + ((Date.now() + 4321) % 9000)) };
/** Each of our payments by what tells it apart, with its dashboard id. */
const paid: Record<'bigCard' | 'bigPaynow' | 'smallDeclined' | 'smallCard', Payment> = {} as never;

const list = (query = '') => `/business/${demo.businessId}/payments/transactions${query}`;
const detail = (id: string) => `/business/${demo.businessId}/payments/transactions/${id}`;

const demo = demoTests();
beforeAll(async () => {
  // Two reusable links with the same reference: SGD 123.45 and SGD 67.89.
  const link = (amount: number) =>
    demo.api.call<{ public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
      purpose: `Transactions test ${stamp}`,
      amount,
      reference,
      single_use: false,
    });
  const big = await link(123_45);
  const small = await link(67_89);
  const customer = new CheckoutCustomer();
  const a = await customer.pay('link', big.public_id, { method: 'card', number: cardEndingIn(last4.big) }, { email: 'ana@example.test' });
  const b = await customer.pay('link', big.public_id, { method: 'paynow' }, { email: 'ben@example.test' });
  const c = await customer.pay('link', small.public_id, { method: 'card', number: '4000 0000 0000 0002' }, { email: 'cy@example.test' });
  const d = await customer.pay('link', small.public_id, { method: 'card', number: cardEndingIn(last4.small) }, { email: 'di@example.test' });
  expect([a.status, b.status, c.status, d.status]).toEqual(['succeeded', 'succeeded', 'failed', 'succeeded']);

  const mine = await demo.api.call<{ data: Payment[] }>('GET', `/v1/business/${demo.businessId}/transactions?q=${reference}&limit=100`);
  expect(mine.data).toHaveLength(4);
  const find = (test: (p: Payment) => boolean) => mine.data.find(test)!;
  paid.bigCard = find((p) => p.card?.last4 === last4.big);
  paid.bigPaynow = find((p) => p.method === 'paynow');
  paid.smallDeclined = find((p) => p.status === 'failed');
  paid.smallCard = find((p) => p.card?.last4 === last4.small);
});
/** The dashboard ids of the payments the list shows now, in its order. */
const shownIds = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    // A table on a laptop, a card per payment on a phone (components/data-list.tsx): each row's links lead to its detail.
    [
      ...new Set(
        [...document.querySelectorAll<HTMLAnchorElement>('table[aria-label="Transactions"] tbody a, ul[aria-label="Transactions"] > li a')].map(
          (a) => a.pathname.split('/').pop() ?? '',
        ),
      ),
    ],
  );
/** The list settles after a filter changes (a new query): waited for as long as the page waits for anything. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const ids = (...payments: Payment[]) => payments.map((p) => p.id);
const sorted = (values: string[]) => [...values].sort();
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A calendar day in the viewer's time zone (the browser runs on this machine), days away from today. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toLocaleDateString('en-CA');
}

describe('transactions', () => {
  it('lists the payments; filters and search narrow the list and live in the URL; the export is exactly the filtered view', async () => {
    const { page, close } = await demo.page({ width: 1280, height: 860 });
    await page.goto(list());
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await page.getByRole('table', { name: 'Transactions' }).waitFor();
    await expectAccessible(page);

    // Search by reference: our four payments, newest first.
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(reference);
    await eventually(() => shownIds(page).then(sorted)).toEqual(sorted(ids(paid.bigCard, paid.bigPaynow, paid.smallDeclined, paid.smallCard)));
    await eventually(() => param(page, 'q')).toBe(reference);

    await choose(page, 'Status', 'Succeeded');
    await eventually(() => shownIds(page).then(sorted)).toEqual(sorted(ids(paid.bigCard, paid.bigPaynow, paid.smallCard)));
    expect(param(page, 'status')).toBe('succeeded');

    await choose(page, 'Method', 'Card');
    await eventually(() => shownIds(page).then(sorted)).toEqual(sorted(ids(paid.bigCard, paid.smallCard)));
    expect(param(page, 'method')).toBe('card');

    await page.getByRole('textbox', { name: 'Lowest amount' }).fill('100');
    await eventually(() => shownIds(page)).toEqual(ids(paid.bigCard));
    expect(param(page, 'min_amount')).toBe('10000');

    await page.getByLabel('From', { exact: true }).fill(day(-1));
    await page.getByLabel('To', { exact: true }).fill(day(1));
    await eventually(() => shownIds(page)).toEqual(ids(paid.bigCard));
    await eventually(() => [param(page, 'from'), param(page, 'to')]).toEqual([day(-1), day(1)]);
    await expectAccessible(page);

    // The URL alone brings the same view back (a reload, a shared link).
    const filteredUrl = page.url();
    await page.reload();
    await page.getByRole('table', { name: 'Transactions' }).waitFor();
    await eventually(() => shownIds(page)).toEqual(ids(paid.bigCard));
    expect(await page.getByRole('searchbox', { name: 'Search transactions' }).inputValue()).toBe(reference);
    expect(await page.getByRole('textbox', { name: 'Status', exact: true }).inputValue()).toBe('Succeeded');
    // The date filters show their days as the product writes them, not the browser's mm/dd/yyyy.
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(formatDate(day(-1)));
    expect(await page.getByLabel('To', { exact: true }).getAttribute('type')).toBe('text');

    // A date range before today leaves nothing of ours.
    await page.getByLabel('From', { exact: true }).fill(day(-9));
    await page.getByLabel('To', { exact: true }).fill(day(-2));
    await page.getByText('No payment matches these filters').waitFor();

    // Search by the last 4 of a card: every row shown is paid with a card ending so, ours among them.
    await page.goto(list(`?q=${last4.small}`));
    await eventually(() => shownIds(page)).toContain(paid.smallCard.id);
    const table = page.getByRole('table', { name: 'Transactions' });
    const methodColumn = (await table.locator('thead th').allTextContents()).indexOf('Method') + 1;
    const methods = await table.locator(`tbody tr td:nth-child(${methodColumn})`).allTextContents();
    // A masked number keeps its dots and digits together (a no-break space between them).
    expect(methods.every((m) => m.replace(/\u00a0/g, ' ').endsWith(`•••• ${last4.small}`))).toBe(true);

    // The CSV of a filtered view has exactly its rows.
    await page.goto(new URL(filteredUrl).pathname + `?q=${reference}&status=succeeded`);
    await eventually(() => shownIds(page).then(sorted)).toEqual(sorted(ids(paid.bigCard, paid.bigPaynow, paid.smallCard)));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^\uFEFF?Payment ID,/);
    expect(sorted(lines.slice(1).map((line) => line.split(',')[0]!))).toEqual(sorted(ids(paid.bigCard, paid.bigPaynow, paid.smallCard)));
    await close();
  });

  it('shows a payment with its timeline, fee and net; refunds part of it with a reason, never more than is left', async () => {
    const payment = paid.bigCard;
    const { page, close } = await demo.page({ width: 1280, height: 860 });
    await page.goto(detail(payment.id));
    await page.getByRole('heading', { level: 1, name: 'SGD 123.45' }).waitFor();
    const facts = page.getByRole('region', { name: 'Payment' });
    const money = (m: { amount: number }) => `SGD ${(m.amount / 100).toFixed(2)}`;
    expect(payment.fee.amount).toBeGreaterThan(0);
    expect(payment.net.amount).toBe(payment.amount.amount - payment.fee.amount);
    await facts.getByText(money(payment.fee), { exact: true }).waitFor();
    await facts.getByText(money(payment.net), { exact: true }).waitFor();
    await facts.getByText(`VISA •••• ${last4.big}`, { exact: false }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Payment started').waitFor();
    await timeline.getByText('Payment succeeded').waitFor();
    await expectAccessible(page);

    // A partial refund, with a reason, after a confirmation that says what will happen.
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByText('SGD 123.45 left to refund').waitFor();
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('20');
    await dialog.getByRole('textbox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Duplicate' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Charged twice at the counter');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByText('Refund SGD 20.00 to the customer? This cannot be undone.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The status is said once, beside the title.
    await page.getByText('Partially refunded', { exact: true }).waitFor();
    // The net is the server's (the ledger's): the amount, less the fee, less the refund.
    await facts.getByText(money({ amount: payment.net.amount - 20_00 }), { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Refunds' }).getByText('Charged twice at the counter').waitFor();
    await timeline.getByText('SGD 20.00 · Duplicate').waitFor();

    // More than what is left: the form says so before anything is sent...
    await page.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('SGD 103.45 left to refund').waitFor();
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('200');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByText('At most SGD 103.45 is left to refund.').waitFor();
    // ...and the server refuses it when the screen was stale: another refund took most of it meanwhile.
    await demo.api.call(
      'POST',
      `/v1/business/${demo.businessId}/transactions/${payment.id}/refunds`,
      { amount: 90_00, reason: 'other' },
      { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    );
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('50');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog.getByText('At most SGD 13.45 is left to refund.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const after = await demo.api.call<TransactionDetail>('GET', `/v1/business/${demo.businessId}/transactions/${payment.id}`);
    expect(after.payment.refunded.amount).toBe(110_00);
    expect(after.refunds.map((r) => [r.amount.amount, r.reason])).toEqual(
      expect.arrayContaining([
        [20_00, 'duplicate'],
        [90_00, 'other'],
      ]),
    );
    await close();
  });

  it('a cashier sees the payment but no Refund button, and the server refuses their refund', async () => {
    const payment = paid.smallCard;
    const { page, close } = await demo.page({ as: CASHIER, width: 1280, height: 860 });
    await page.goto(detail(payment.id));
    await page.getByRole('heading', { level: 1, name: 'SGD 67.89' }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Payment succeeded').waitFor();
    // The menu is drawn from the same business data the Refund button reads.
    await page.getByRole('navigation', { name: /menu/ }).getByRole('link', { name: 'Transactions' }).waitFor();
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await close();

    const cashier = new ApiSession();
    await cashier.call('POST', '/auth', { email: CASHIER, password: DEMO_PASSWORD });
    const refused = await cashier.request(
      'POST',
      `/v1/business/${demo.businessId}/transactions/${payment.id}/refunds`,
      { amount: 1_00, reason: 'requested_by_customer' },
      { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    );
    expect(refused.status).toBe(403);
    const still = await demo.api.call<TransactionDetail>('GET', `/v1/business/${demo.businessId}/transactions/${payment.id}`);
    expect(still.payment.refunded.amount).toBe(0);
  });

  for (const width of [1280, 375]) {
    it(`says what was paid and by whom, and links the customer's receipt (${width} px)`, async () => {
      // A payment of its own: a link with a purpose, paid once with an email and once by someone who left none.
      const tag = `${stamp}-${width}`;
      const link = await demo.api.call<{ public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
        purpose: `Gift card ${tag}`,
        amount: 45_00,
        reference: `WHO-${tag}`,
        single_use: false,
        // An email is optional here, so a payer may leave none.
        collect_email: false,
      });
      const customer = new CheckoutCustomer();
      await customer.pay('link', link.public_id, { method: 'card', number: '4242 4242 4242 4242' }, { email: `kim-${width}@example.test` });
      await customer.pay('link', link.public_id, { method: 'card', number: '4242 4242 4242 4242' });
      const mine = await demo.api.call<{ data: Payment[] }>('GET', `/v1/business/${demo.businessId}/transactions?q=WHO-${tag}&limit=10`);
      const named = mine.data.find((p) => p.customer.email)!;
      const anonymous = mine.data.find((p) => !p.customer.email)!;

      const { page, close } = await demo.page({ width: width, height: 860 });
      await page.goto(list(`?q=WHO-${tag}`));
      await eventually(() => shownIds(page).then(sorted)).toEqual(sorted(ids(named, anonymous)));
      // A table with a Purpose column on a laptop; on a phone, cards that say the purpose too.
      const rows = page.getByRole(width === 375 ? 'list' : 'table', { name: 'Transactions' });
      if (width !== 375) await rows.getByRole('columnheader', { name: 'Purpose' }).waitFor();
      expect(await rows.getByText(`Gift card ${tag}`, { exact: true }).count()).toBe(2);
      await rows.getByText('Anonymous', { exact: true }).waitFor();
      expect(await rows.getByText('None', { exact: true }).count()).toBe(0);
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      if (width !== 375) {
        // A few ordinary words keep their line in a table short of room (it read "Office beans, / period 1" while the
        // method kept its whole width): at 1000 px the purpose is one line, the table scrolling in its box if it must.
        await page.setViewportSize({ width: 1000, height: 860 });
        const purpose = rows.getByText(`Gift card ${tag}`, { exact: true }).first();
        const lines = await purpose.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
        expect(lines).toBeLessThan(1.5);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);
        await page.setViewportSize({ width, height: 860 });
      }

      await page.goto(detail(named.id));
      await page.getByRole('heading', { level: 1, name: 'SGD 45.00' }).waitFor();
      // The status is said once, beside the title.
      expect(await page.getByText('Succeeded', { exact: true }).count()).toBe(1);
      // The payment's id is a key fact under the title (copyable): the pay_... id its receipt, the statement and the
      // payout lines know it by, not the internal one; who paid and for what, in the payment's section.
      await page.getByRole('region', { name: 'Key facts' }).getByText(named.public_id, { exact: true }).waitFor();
      expect(named.public_id).toMatch(/^pay_/);
      const facts = page.getByRole('region', { name: 'Payment' });
      await facts.getByText(`kim-${width}@example.test`, { exact: true }).first().waitFor();
      await facts.getByText(`Gift card ${tag}`, { exact: true }).waitFor();
      const receipt = facts.getByRole('link', { name: /receipt/ });
      const shown = await demo.api.call<TransactionDetail>('GET', `/v1/business/${demo.businessId}/transactions/${named.id}`);
      expect(shown.receipt_url).toMatch(/\/r\/pay_/);
      expect(await receipt.getAttribute('href')).toBe(shown.receipt_url);
      const anonymousDetail = await demo.api.call<TransactionDetail>('GET', `/v1/business/${demo.businessId}/transactions/${anonymous.id}`);
      expect(anonymousDetail.payment.customer).toMatchObject({ name: null, email: null });
      if (width === 375) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await screenshot(page, 'transactions-detail-who-375');
      }
      await expectAccessible(page);
      await close();
    });
  }

  it('fits a phone: the list and the detail', async () => {
    const { page, close } = await demo.page({ width: 375, height: 860 });
    await page.goto(list(`?q=${reference}`));
    await eventually(() => shownIds(page).then((shown) => shown.length)).toBe(4);
    // A day typed as the product writes it filters the list, and the field keeps that form (the filters other than
    // the search are behind the Filters button on a phone).
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const from = page.getByLabel('From', { exact: true });
    await from.fill(formatDate(day(-1)));
    await from.press('Tab');
    await eventually(() => param(page, 'from')).toBe(day(-1));
    await eventually(() => shownIds(page).then((shown) => shown.length)).toBe(4);
    expect(await from.inputValue()).toBe(formatDate(day(-1)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'transactions-list-375');
    await page.goto(detail(paid.bigPaynow.id));
    await page.getByRole('heading', { level: 1, name: 'SGD 123.45' }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Payment succeeded').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'transactions-detail-375');
    await expectAccessible(page);
    await close();
  });
});
