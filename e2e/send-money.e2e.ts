import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyWithCode, minorToMajorString } from '@merchant/core';
import type { SendMoneyOverview } from '@merchant/payments';
import { ApiSession, cardEndingIn, CheckoutCustomer } from './api';
import { DEMO_PASSWORD, expectAccessible, screenshot, serverClock } from './support';
import { demoTests } from './demo';

/**
 * Send money in the browser: payments made through the checkout become available when the server's clock moves
 * past their settlement; the owner sets an approval threshold; the manager adds a beneficiary and sends more than
 * the threshold through a quote, which waits (its funds held) and lights the sidebar's dot; the owner approves it
 * and the available balance has dropped by the amount and the fee. A cashier sees none of these screens. Axe clean,
 * and the overview works at 375 px. The clock is put back afterwards for the tests that follow.
 */
const RUN = Date.now().toString(36).toUpperCase();
const PAYEE = `E2E Supplier ${RUN}`;
const AMOUNT = 600_00;
const FEE = 1_00;
const DAY_MS = 24 * 60 * 60_000;
let availableBefore = 0;

async function signedInApi(email: string): Promise<ApiSession> {
  const api = new ApiSession();
  await api.call('POST', '/auth', { email, password: DEMO_PASSWORD });
  return api;
}

async function available(): Promise<number> {
  const owner = await signedInApi('owner@demo.test');
  const overview = await owner.call<SendMoneyOverview>('GET', `/v1/business/${demo.businessId}/send-money`);
  return overview.balances.find((b) => b.currency === 'sgd')?.available.amount ?? 0;
}

const sendMoneyPath = (sub = 'send-money') => `/business/${demo.businessId}/payments/${sub}`;
const sidebar = (page: Page) => page.getByRole('navigation', { name: /menu$/ });
/** The Send payments entry of the sidebar (a collapsible heading, not a link), with its dot spelled out for screen readers. */
const sendPaymentsEntry = (page: Page) => sidebar(page).locator('.mantine-NavLink-label').filter({ hasText: 'Send payments' });

const demo = demoTests({ moveClock: true });
beforeAll(async () => {
  const owner = demo.api;
  // Two card payments, then two days and more pass: the settlement makes them available.
  const link = await owner.call<{ public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
    purpose: `Send money test ${RUN}`,
    amount: null,
    reference: `SEND-${RUN}`,
    single_use: false,
  });
  const customer = new CheckoutCustomer();
  for (const amount of [500_00, 500_00]) {
    const paid = await customer.pay('link', link.public_id, { method: 'card', number: cardEndingIn('4242') }, { email: 'send@example.test', amount });
    expect(paid.status).toBe('succeeded');
  }
  // Payouts only by hand while the clock runs ahead: the demo's weekly payout would take the money on a Monday.
  await owner.call('PUT', `/v1/business/${demo.businessId}/payout-settings`, { schedule: 'manual', minimum_amount: 50_00 });
  // Two business days from any weekday (a weekend counted from its Monday) are at most five days.
  await serverClock('/advance', { ms: 5 * DAY_MS });
  // The settlement job runs in the background once the clock has moved: wait for it (up to 30 s).
  for (let tries = 0; (await available()) < AMOUNT + FEE; tries++) {
    if (tries >= 30) throw new Error('The payments did not become available');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  // Transfers above 500.00 SGD need a second person.
  const again = await signedInApi('owner@demo.test');
  await again.call('PUT', `/v1/business/${demo.businessId}/transfer-settings`, { approval_threshold: 500_00 });
});
afterAll(async () => {
  await serverClock('/reset');
  const owner = await signedInApi('owner@demo.test');
  await owner.call('PUT', `/v1/business/${demo.businessId}/payout-settings`, { schedule: 'weekly', weekly_day: 1, minimum_amount: 50_00 });
});

describe('send money in the browser', () => {
  it("the manager adds a beneficiary and sends more than the threshold: it waits for approval and the sidebar's dot shows 1", async () => {
    const { page, close } = await demo.page({ as: 'manager@demo.test', width: 1280, height: 860 });
    await page.goto(sendMoneyPath('beneficiaries'));
    await page.getByRole('heading', { level: 1, name: 'Beneficiaries' }).waitFor();
    await page.getByRole('button', { name: 'New beneficiary' }).click();
    const form = page.getByRole('dialog', { name: 'New beneficiary' });
    await form.getByRole('textbox', { name: 'Beneficiary name' }).fill(PAYEE);
    await form.getByRole('textbox', { name: 'Bank', exact: true }).fill('DBS Bank');
    await form.getByRole('textbox', { name: 'Bank code' }).fill('7171');
    await form.getByRole('textbox', { name: 'Branch code' }).fill('081');
    // A wrong number is refused on its field, with the bank accounts' message.
    await form.getByRole('textbox', { name: 'Account number' }).fill('12');
    await form.getByRole('button', { name: 'Add beneficiary' }).click();
    await form.getByText('Use 7 to 14 digits').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'send-money-beneficiary-form');
    await form.getByRole('textbox', { name: 'Account number' }).fill('0123 4567 89');
    await form.getByRole('button', { name: 'Add beneficiary' }).click();
    await page.getByRole('heading', { level: 1, name: PAYEE }).waitFor();
    await page.getByText('•••• 6789').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'send-money-beneficiary-detail');

    availableBefore = await available();
    await page.goto(sendMoneyPath());
    await page.getByRole('heading', { level: 1, name: 'Send payments' }).waitFor();
    await page.getByRole('button', { name: 'Send money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send money' });
    await dialog.getByRole('textbox', { name: 'Beneficiary' }).fill(PAYEE);
    await page.getByRole('option', { name: new RegExp(PAYEE) }).click();
    // More than the balance holds: the quote says so on the amount, before anything can be sent.
    await dialog.getByRole('textbox', { name: 'Amount to send' }).fill(minorToMajorString(availableBefore + 1_000_00, 'sgd'));
    await dialog.getByRole('button', { name: 'Get quote' }).click();
    await dialog.getByText(/are more than the available balance/).waitFor();
    expect(await dialog.getByRole('timer').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Send / }).count()).toBe(0);
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Amount to send' }).fill('600');
    await dialog.getByRole('button', { name: 'Get quote' }).click();
    await dialog.getByRole('timer').waitFor();
    const quote = dialog.getByRole('region', { name: 'Quote' });
    expect(await quote.textContent()).toContain(formatMoneyWithCode(AMOUNT + FEE, 'sgd'));
    // Above the threshold: the manager is told before Send that it will wait for approval.
    await quote.getByText('This transfer will need approval').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'send-money-quote');
    await dialog.getByRole('button', { name: `Send ${formatMoneyWithCode(AMOUNT + FEE, 'sgd')} for approval` }).click();
    await page.getByText(`Transfer of ${formatMoneyWithCode(AMOUNT, 'sgd')} is waiting for approval.`).waitFor();

    const awaiting = page.getByRole('table', { name: 'Transfers awaiting approval' });
    await awaiting.getByRole('row', { name: new RegExp(PAYEE) }).waitFor();
    // Their own transfer: the manager may cancel it but not approve it.
    expect(await awaiting.getByRole('button', { name: new RegExp(`^Approve .*${PAYEE}`) }).count()).toBe(0);
    await awaiting.getByRole('button', { name: new RegExp(`^Cancel transfer .*${PAYEE}`) }).waitFor();
    // The dot is for people who can act on it: the requester, who may not approve their own, sees none.
    await expect.poll(async () => sendPaymentsEntry(page).textContent()).not.toContain('awaiting review');
    // The funds are held: the available balance already counts them out.
    expect(await available()).toBe(availableBefore - AMOUNT - FEE);
    await expectAccessible(page);
    await screenshot(page, 'send-money-overview-manager');
    await close();
  });

  it('the owner approves it: the dot goes, and the available balance has dropped by the amount and the fee', async () => {
    const { page, close } = await demo.page({ as: 'owner@demo.test', width: 1280, height: 860 });
    await page.goto(sendMoneyPath());
    await page.getByRole('heading', { level: 1, name: 'Send payments' }).waitFor();
    expect(await sendPaymentsEntry(page).textContent()).toContain('1 awaiting review');
    const awaiting = page.getByRole('table', { name: 'Transfers awaiting approval' });
    await awaiting.getByRole('button', { name: `Approve ${formatMoneyWithCode(AMOUNT, 'sgd')} to ${PAYEE}` }).click();
    await page.getByRole('dialog', { name: 'Approve this transfer?' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No transfer is waiting for approval.').waitFor();
    await expect.poll(async () => sendPaymentsEntry(page).textContent()).not.toContain('awaiting review');
    expect(await available()).toBe(availableBefore - AMOUNT - FEE);
    await page
      .getByTestId('available-sgd')
      .filter({ hasText: formatMoneyWithCode(availableBefore - AMOUNT - FEE, 'sgd') })
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'send-money-overview-owner');

    // The history lists it; its detail tells the story, and the bank completes it.
    await page.goto(sendMoneyPath('transfer-history'));
    const row = page.getByRole('row', { name: new RegExp(PAYEE) }).first();
    await row.getByRole('link', { name: formatMoneyWithCode(AMOUNT, 'sgd') }).click();
    await page.getByRole('heading', { level: 1, name: `${formatMoneyWithCode(AMOUNT, 'sgd')} to ${PAYEE}` }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Waiting for approval').waitFor();
    await timeline.getByText('Approved', { exact: true }).waitFor();
    await expect.poll(async () => timeline.textContent(), { timeout: 20_000, interval: 1_000 }).toContain('Arrived');
    await expectAccessible(page);
    await screenshot(page, 'send-money-transfer-detail');
    await page.goto(sendMoneyPath('transfer-history'));
    await page.getByRole('table', { name: 'Transfers' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'send-money-history');

    // The beneficiary's own page lists its transfers without repeating the beneficiary and its bank account.
    const answer = await page.request.get(`/v1/business/${demo.businessId}/beneficiaries?q=${encodeURIComponent(PAYEE)}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const payees = (await answer.json()) as { data: { id: string }[] };
    await page.goto(sendMoneyPath(`beneficiaries/${payees.data[0]!.id}`));
    const theirs = page.getByRole('table', { name: 'Transfers to this beneficiary' });
    await theirs.getByRole('row').nth(1).waitFor();
    const headers = await theirs.getByRole('columnheader').allTextContents();
    expect(headers).not.toContain('Beneficiary');
    expect(headers).not.toContain('Bank account');
    expect(headers).toContain('Amount');
    await expectAccessible(page);
    await close();
  });

  it("at 375 px the owner sees a manager's waiting transfer's Approve and Reject, and reaches them by keyboard, on the list and on its detail", async () => {
    // A small transfer above a lowered threshold, requested by the manager (the threshold is put back after). The
    // clock has moved since the file's sessions were made: they have gone idle, so both sign in again.
    const owner = await signedInApi('owner@demo.test');
    await owner.call('PUT', `/v1/business/${demo.businessId}/transfer-settings`, { approval_threshold: 5_00 });
    const manager = await signedInApi('manager@demo.test');
    const payees = await manager.call<{ data: { id: string }[] }>('GET', `/v1/business/${demo.businessId}/beneficiaries?q=${encodeURIComponent(PAYEE)}`);
    const transfer = await manager.call<{ id: string }>(
      'POST',
      `/v1/business/${demo.businessId}/transfers`,
      { beneficiary_id: payees.data[0]!.id, amount: 12_00, reference: `Phone review ${RUN}` },
      { 'idempotency-key': `phone-review-${RUN}` },
    );
    const label = `${formatMoneyWithCode(12_00, 'sgd')} to ${PAYEE}`;
    const { page, close } = await demo.page({ width: 375 });
    try {
      await page.goto(sendMoneyPath());
      const awaiting = page.getByRole('list', { name: 'Transfers awaiting approval' });
      await awaiting.waitFor();
      /** Tab from the top of the page until `button` has the focus; then it is on the screen, whole. */
      const tabTo = async (button: ReturnType<Page['getByRole']>) => {
        await page.locator('body').focus();
        for (let i = 0; i < 80 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
        await expect.poll(() => button.isVisible()).toBe(true);
      };
      for (const action of ['Approve', 'Reject']) {
        const button = awaiting.getByRole('button', { name: `${action} ${label}` });
        await button.scrollIntoViewIfNeeded();
        expect(await button.isVisible()).toBe(true);
        await tabTo(button);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, 'send-money-approval-375');

      // Its detail offers both too; Reject by keyboard puts the funds back.
      await page.goto(sendMoneyPath(`transfer-history/${transfer.id}`));
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      const approve = page.getByRole('button', { name: `Approve ${label}` });
      const reject = page.getByRole('button', { name: `Reject ${label}` });
      await tabTo(approve);
      await tabTo(reject);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, 'send-money-transfer-review-375');
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Reject this transfer?' });
      await confirm.getByRole('button', { name: 'Reject' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Transfer rejected: the funds are available again.').waitFor();
      await expect.poll(() => reject.count()).toBe(0);
    } finally {
      await owner.call('PUT', `/v1/business/${demo.businessId}/transfer-settings`, { approval_threshold: 500_00 });
      await close();
    }
  });

  it('works at 375 px', async () => {
    const { page, close } = await demo.page({ as: 'owner@demo.test', width: 375, height: 860 });
    for (const sub of ['send-money', 'beneficiaries', 'transfer-history']) {
      await page.goto(sendMoneyPath(sub));
      await page.getByRole('heading', { level: 1 }).waitFor();
      // A list is a card per row on a phone (components/data-list.tsx).
      await page.getByRole('list').or(page.getByRole('table')).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
    }
    await screenshot(page, 'send-money-history-375');

    // The quote at 375 px: refused above the balance, and under the threshold no approval is announced.
    await page.goto(sendMoneyPath());
    await page.getByRole('button', { name: 'Send money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send money' });
    await dialog.getByRole('textbox', { name: 'Beneficiary' }).fill(PAYEE);
    await page.getByRole('option', { name: new RegExp(PAYEE) }).click();
    await dialog.getByRole('textbox', { name: 'Amount to send' }).fill(minorToMajorString((await available()) + 1_00, 'sgd'));
    await dialog.getByRole('button', { name: 'Get quote' }).click();
    await dialog.getByText(/are more than the available balance/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Amount to send' }).fill('10');
    await dialog.getByRole('button', { name: 'Get quote' }).click();
    await dialog.getByRole('timer').waitFor();
    expect(await dialog.getByText('This transfer will need approval').count()).toBe(0);
    await dialog.getByRole('button', { name: `Send ${formatMoneyWithCode(10_00 + FEE, 'sgd')}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'send-money-quote-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await close();
  });

  it('a cashier sees none of these screens', async () => {
    const { page, close } = await demo.page({ as: 'cashier@demo.test', width: 1280, height: 860 });
    await page.goto(`/business/${demo.businessId}/payments`);
    await sidebar(page).getByRole('link').first().waitFor();
    expect(await sidebar(page).textContent()).not.toMatch(/Send payments|Beneficiaries|Transfer history/);
    for (const sub of ['send-money', 'beneficiaries', 'transfer-history']) {
      await page.goto(sendMoneyPath(sub));
      await page.getByText("You don't have access").waitFor();
    }
    await expectAccessible(page);
    await close();
  });
});
