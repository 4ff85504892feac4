import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness, type ApiSession } from './api';
import { expectAccessible, launch, mailbox, newPage, screenshot, signedInPage } from './support';

/**
 * The customer portal in the browser (docs/payments.md, "Customer portal"): a subscription whose card has
 * insufficient funds goes past due; the owner emails the portal link; the customer follows it on the invoice host,
 * updates the card to 4242 through the subscription's setup page (the charge is retried at once and succeeds), sees
 * the receipt and cancels at period end. A second customer pays by direct debit through the test bank and the
 * direct-debit redirection screen, declining once and trying again. A tampered link offers nothing.
 */
let browser: Browser;
let api: ApiSession;
let businessId: string;
const OWNER = 'owner@demo.test';
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
  ({ api, businessId } = await demoBusiness('demo-coffee', OWNER));
});
afterAll(() => browser?.close());

/** A new customer with a monthly subscription of their own (no trial), and the setup page's link. */
async function subscribedCustomer(name: string, plan: string): Promise<{ id: string; email: string; setupUrl: string; subscriptionId: string }> {
  const email = `${name.toLowerCase()}-${RUN}@example.test`;
  const { id } = await api.call<{ id: string }>('POST', `/v1/business/${businessId}/customers`, { name: `${name} ${RUN}`, email });
  const sub = await api.call<{ id: string }>('POST', `/v1/business/${businessId}/subscriptions`, {
    customer_id: id,
    name: plan,
    amount: 15_00,
    currency: 'sgd',
    interval: 'monthly',
  });
  const setup = await api.call<{ url: string }>('POST', `/v1/business/${businessId}/subscriptions/${sub.id}/setup-link`);
  return { id, email, setupUrl: setup.url, subscriptionId: sub.id };
}

/** The portal's link in the newest mail to the customer. */
async function portalLinkIn(email: string): Promise<string> {
  const mail = (await mailbox()).find((m) => m.to === email && /Your payments with/.test(m.subject));
  const link = /http:\/\/invoice\.localhost:\d+\/[0-9a-f-]{36}\/portal\/[A-Za-z0-9._-]+/.exec(mail?.text ?? '')?.[0];
  expect(link, `a mail to ${email} with the portal's link`).toBeDefined();
  return link!;
}

/** The owner's "Email portal link" through its endpoint (the first test presses the customer page's button), and the mailed link. */
async function mailedPortalLink(customerId: string, email: string): Promise<string> {
  await api.call('POST', `/v1/business/${businessId}/customers/${customerId}/portal-link`);
  return portalLinkIn(email);
}

async function saveCard(page: Page, number: string): Promise<void> {
  await page.waitForURL(/^http:\/\/securecheckout\.localhost:\d+\/s\//);
  await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially(number);
  await page.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
  await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByRole('heading', { level: 1, name: 'Card saved' }).waitFor();
}

async function fillAccount(page: Page, number: string): Promise<void> {
  await page.waitForURL(/^http:\/\/securecheckout\.localhost:\d+\/direct-debit\/mdt_/);
  await page.getByRole('heading', { level: 1, name: 'Pay by direct debit' }).waitFor();
  await page.getByRole('textbox', { name: /^Name on the account/ }).fill('Dee Debit');
  await page.getByRole('textbox', { name: /^Bank/ }).fill('Test Bank');
  await page.getByRole('textbox', { name: /^Account number/ }).fill(number);
  await expectAccessible(page);
  await screenshot(page, 'direct-debit-account');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(/\/direct-debit\/mdt_[A-Za-z0-9]+\/bank$/);
  await page.getByRole('heading', { level: 1, name: 'Authorise a direct debit' }).waitFor();
}

/** Gives the success account and authorises at the test bank: back on the redirection screen, the direct debit is set up. */
async function authoriseDirectDebit(page: Page): Promise<void> {
  await fillAccount(page, '000123456');
  await page.getByRole('button', { name: 'Authorise' }).click();
  await page.waitForURL(/\/direct-debit\/return\?mandate=mdt_/);
  await page.getByText('Direct debit set up').waitFor();
}

describe('the customer portal in the browser', () => {
  it('a past-due subscription: the customer follows the mailed link, updates the card to 4242 and the retry succeeds', async () => {
    const customer = await subscribedCustomer('Pat', `Tea club ${RUN}`);
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    // The first card has insufficient funds: the first charge fails and the subscription is past due.
    await page.goto(customer.setupUrl);
    await saveCard(page, '4000000000009995');
    await page.getByText('The charge failed', { exact: false }).waitFor();

    // The owner presses "Email portal link" on the customer's page.
    const owner = await signedInPage(browser, OWNER);
    await owner.page.goto(`/business/${businessId}/payments/customers/${customer.id}`);
    await owner.page.getByRole('button', { name: 'Email portal link' }).click();
    await owner.page.getByText(`Portal link sent to ${customer.email}`, { exact: false }).waitFor();
    await expectAccessible(owner.page);
    await screenshot(owner.page, 'customer-detail-portal-link');
    await owner.close();

    await page.goto(await portalLinkIn(customer.email));
    await page.getByRole('heading', { level: 1, name: /^Your account with / }).waitFor();
    const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
    await subscriptions.getByText('Past due', { exact: true }).waitFor();
    await subscriptions.getByText('ending 9995', { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'customer-portal-past-due-375');
    const portalUrl = page.url();

    await subscriptions.getByRole('button', { name: `Update card for Tea club ${RUN}` }).click();
    await saveCard(page, '4242424242424242');
    await page.getByText('Your payment of SGD 15.00 went through', { exact: false }).waitFor();

    await page.goto(portalUrl);
    await subscriptions.getByText('Active', { exact: true }).waitFor();
    await subscriptions.getByText('ending 4242', { exact: false }).waitFor();
    const receipts = page.getByRole('region', { name: 'Receipts' });
    await receipts.getByRole('link', { name: /^Receipt of SGD 15\.00/ }).waitFor();

    // Cancel at period end, by keyboard, confirmed.
    await subscriptions.getByRole('button', { name: `Cancel Tea club ${RUN} at period end` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await subscriptions.getByText(/^Ends /).waitFor();
    await expect.poll(() => subscriptions.getByRole('button', { name: /at period end$/ }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'customer-portal-375');

    await context.close();
  });

  it('pays a subscription by direct debit through the test bank and the redirection screen, after one decline', async () => {
    const customer = await subscribedCustomer('Dee', `Box club ${RUN}`);
    const { context, page } = await newPage(browser);
    await page.goto(await mailedPortalLink(customer.id, customer.email));
    const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
    await subscriptions.getByText('Pending', { exact: true }).waitFor();
    await subscriptions.getByRole('button', { name: `Pay Box club ${RUN} by direct debit` }).click();

    await fillAccount(page, '000123456');
    await expectAccessible(page);
    await screenshot(page, 'direct-debit-bank');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/direct-debit\/return\?mandate=mdt_/);
    await page.getByText('Your bank declined the direct debit').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'direct-debit-declined');
    await page.getByRole('link', { name: 'Try again' }).click();

    await authoriseDirectDebit(page);
    await page.getByText('Test Bank account ending 3456', { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'direct-debit-return');
    await page.getByRole('link', { name: 'Continue' }).click();

    await page.waitForURL(/^http:\/\/invoice\.localhost:\d+\/[0-9a-f-]{36}\/portal\//);
    await subscriptions.getByText('Active', { exact: true }).waitFor();
    await subscriptions.getByText('Direct debit from Test Bank, account ending 3456').waitFor();
    await context.close();
  });

  it("pays by direct debit from the subscription's setup page; the owner sees a direct-debit payment with the bank and last 4", async () => {
    const customer = await subscribedCustomer('Sid', `Juice club ${RUN}`);
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await page.goto(customer.setupUrl);
    await page.getByRole('heading', { level: 1, name: 'Set up your subscription' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'subscription-setup-direct-debit-375');
    await page.getByRole('button', { name: 'Pay by direct debit' }).click();

    await authoriseDirectDebit(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    // Back on the setup page: it is used now, and says what pays the subscription.
    await page.waitForURL(/^http:\/\/securecheckout\.localhost:\d+\/s\/seti_/);
    await page.getByText('Paid by direct debit from Test Bank, account ending 3456.').waitFor();
    await expectAccessible(page);
    await context.close();

    // The first period was charged at once: a payment by direct debit, with the bank and the account's last 4.
    const owner = await signedInPage(browser, OWNER);
    await owner.page.goto(`/business/${businessId}/payments/transactions?method=direct_debit&q=${encodeURIComponent(`Juice club ${RUN}`)}`);
    const row = owner.page.getByRole('row').filter({ hasText: `Sid ${RUN}` });
    await row.getByText('Direct debit · Test Bank •••• 3456').waitFor();
    await expectAccessible(owner.page);
    await screenshot(owner.page, 'transactions-direct-debit');
    await row.getByRole('link', { name: 'SGD 15.00' }).click();
    await owner.page.waitForURL(/\/payments\/transactions\/[0-9a-f-]{36}$/);
    await owner.page.getByText('Test Bank •••• 3456').waitFor();
    await owner.page.getByText('SGD 0.12').first().waitFor();
    await expectAccessible(owner.page);
    await screenshot(owner.page, 'transaction-direct-debit');
    await owner.close();
  });

  it('a tampered link shows a page that offers nothing', async () => {
    const customer = await subscribedCustomer('Tam', `Jam club ${RUN}`);
    const link = await mailedPortalLink(customer.id, customer.email);
    const { context, page } = await newPage(browser);
    await page.goto(`${link.slice(0, -3)}AAA`);
    await page.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
    expect(await page.getByRole('button').count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
