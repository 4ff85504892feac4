import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, CheckoutCustomer } from './api';
import { baseURL, DEMO_PASSWORD, expectAccessible, landed, launch, minorOfShown, newPage, screenshot, signIn } from './support';

/** The hosted checkout in the browser, on the checkout host (securecheckout.localhost): the customer's pages and the owner's view of what they paid. */
let browser: Browser;
let api: ApiSession;
let businessId: string;
const OWNER = 'owner@demo.test';

beforeAll(async () => {
  browser = await launch();
  api = new ApiSession();
  await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', '/v1/user');
  businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee')!.id;
});
afterAll(() => browser?.close());

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
/** "SGD 1,234.50" as minor units. */
const minor = minorOfShown;

async function customerPage(width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width, height: 860 });
  return { page, close: () => context.close() };
}

/** A payment link made through the API (the owner's screen is covered by the main path). */
async function createLink(
  values: { amount?: number | null; single_use?: boolean; redirect_url?: string; expires_at?: string } = {},
): Promise<{ id: string; public_id: string; url: string }> {
  return api.call('POST', `/v1/business/${businessId}/payment-links`, {
    amount: 25_00,
    purpose: `Checkout test ${unique()}`,
    collect_email: true,
    single_use: false,
    ...values,
  });
}

async function linkUrl(amount: number | null = 25_00): Promise<string> {
  return (await createLink({ amount })).url;
}

async function payByEwallet(page: Page, email = 'casey@example.com'): Promise<void> {
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('radio', { name: /^E-wallet/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { level: 1, name: 'E-wallet' }).waitFor();
}

async function payByCard(page: Page, number: string, email = 'casey@example.com'): Promise<void> {
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('radio', { name: /^Card/ }).click();
  await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially(number);
  await page.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
  await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
  await page.getByRole('textbox', { name: /^Name on card/ }).fill('Casey Tan');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The business's SGD balance on the Overview: pending and available together (a refund may come out of either). */
async function sgdBalance(page: Page): Promise<number> {
  await page.goto(`/business/${businessId}/payments`);
  const balances = page.getByRole('region', { name: 'Balances and payouts' });
  await balances.waitFor();
  // A business without funds yet shows a sentence instead of the figures.
  if (await balances.getByText(/^No funds yet/).isVisible()) return 0;
  const available = await balances.getByTestId('available-sgd').textContent();
  const pending = await balances.getByTestId('pending-sgd').textContent();
  return minor(available ?? '') + minor(pending ?? '');
}

describe('hosted checkout', () => {
  it('the owner makes a payment link, a customer pays it by card, the owner refunds part; overview and CSV agree', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 860 });
    await signIn(page, OWNER);
    await landed(page);
    const before = await sgdBalance(page);

    const reference = `CHK-${unique()}`;
    const purpose = `Pottery workshop ${reference}`;
    await page.goto(`/business/${businessId}/payments/links/create`);
    await page.getByRole('heading', { level: 1, name: 'Create payment link' }).waitFor();
    await page.getByRole('textbox', { name: /^Purpose/ }).fill(purpose);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('80.00');
    await page.getByRole('textbox', { name: /^Reference/ }).fill(reference);
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
    const url = (await page.getByTestId('link-url').textContent()) ?? '';
    expect(url).toMatch(/^http:\/\/securecheckout\.localhost:\d+\/l\/pl_/);

    // The customer, in another browser: the link's page on the checkout host.
    const customer = await customerPage();
    await customer.page.goto(url);
    await customer.page.getByRole('heading', { level: 1, name: purpose }).waitFor();
    await customer.page.getByText('SGD 80.00').first().waitFor();
    await customer.page.getByRole('note', { name: 'Test mode' }).getByText('4242 4242 4242 4242').waitFor();
    await expectAccessible(customer.page);
    await payByCard(customer.page, '4242424242424242');
    await customer.page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    expect(customer.page.url()).toMatch(/\/r\/pay_/);
    await customer.page.getByText('Card ending 4242').waitFor();
    await customer.page.getByText(reference, { exact: true }).waitFor();
    // The business sends receipts: the page says where the mail went, its name part masked.
    await customer.page.getByText('c•••@example.com', { exact: true }).waitFor();
    const paid = minor((await customer.page.getByTestId('receipt-amount').textContent()) ?? '');
    expect(paid).toBeGreaterThanOrEqual(80_00);
    await expectAccessible(customer.page);
    // On a phone (issue 25): a receipt number people can read out, the zone in words, and labels on one line.
    await customer.page.setViewportSize({ width: 375, height: 800 });
    expect(await customer.page.getByTestId('receipt-number').textContent()).toMatch(/^#\d{4}-\d{4}$/);
    await customer.page.getByText(/Singapore time \(GMT\+8\)$/).waitFor();
    expect(await customer.page.getByText(/pay_|Asia\/Singapore/).count()).toBe(0);
    const lineHeight = (await customer.page.locator('dt', { hasText: /^Date$/ }).boundingBox())!.height;
    for (const label of ['Paid with', 'Receipt number', 'Paid to']) {
      expect((await customer.page.locator('dt', { hasText: new RegExp(`^${label}$`) }).boundingBox())!.height).toBe(lineHeight);
    }
    const number = (await customer.page.getByTestId('receipt-number').boundingBox())!;
    expect(number.height).toBeLessThan(lineHeight * 1.5);
    await expectAccessible(customer.page);
    await customer.close();

    // The owner finds it in Transactions, and on the Overview's recent payments.
    await page.goto(`/business/${businessId}/payments/transactions?q=${reference}`);
    const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await page.goto(`/business/${businessId}/payments`);
    await page
      .getByRole('table', { name: 'Recent payments' })
      .getByText(`SGD ${(paid / 100).toFixed(2)}`)
      .first()
      .waitFor();

    await page.goto(`/business/${businessId}/payments/transactions?q=${reference}`);
    await rows.nth(1).getByRole('link').first().click();
    const details = page.getByRole('region', { name: 'Payment' });
    // The status is said once, beside the title.
    const status = page.getByTestId('detail-status');
    await status.getByText('Succeeded').waitFor();
    const field = async (label: string) =>
      minor((await details.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent()) ?? '');
    const fee = await field('Fee');
    expect(await field('Amount')).toBe(paid);

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('30.00');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await status.getByText('Partially refunded').waitFor();
    expect(await field('Refunded')).toBe(30_00);

    // The balance grew by what was paid less the fee and the refund.
    await expect.poll(() => sgdBalance(page), { timeout: 30_000 }).toBe(before + paid - fee - 30_00);

    // The CSV export of the same search says the same.
    await page.goto(`/business/${businessId}/payments/transactions?q=${reference}`);
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    const header = csv[0]!.split(',');
    const cells = csv[1]!.split(',');
    const cell = (name: string) => cells[header.indexOf(name)] ?? '';
    expect(minor(cell('Amount'))).toBe(paid);
    expect(minor(cell('Refunded'))).toBe(30_00);
    expect(minor(cell('Net')) - minor(cell('Refunded'))).toBe(paid - fee - 30_00);
    expect(cell('Status')).toMatch(/partially/i);
    expect(cell('Reference')).toBe(reference);
    await context.close();
  });

  it('a declined card and one without funds say why and charge nothing; a wrong number is refused on its field', async () => {
    const url = await linkUrl();
    const { page, close } = await customerPage();
    await page.goto(url);
    await payByCard(page, '4000000000000002');
    await page.getByRole('alert').getByText('Your card was declined. Try another card or payment method.').waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^Card number/ }).fill('');
    await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4000000000009995');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('alert').getByText('Your card has insufficient funds. Try another card or payment method.').waitFor();
    await page.getByRole('textbox', { name: /^Card number/ }).fill('');
    await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4242424242424241');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toBe(url);
    await close();

    const publicId = url.split('/').pop()!;
    const links = await api.call<{ data: { public_id: string; id: string }[] }>('GET', `/v1/business/${businessId}/payment-links?limit=100`);
    const id = links.data.find((l) => l.public_id === publicId)!.id;
    const payments = await api.call<{ data: { status: string }[] }>('GET', `/v1/business/${businessId}/payment-links/${id}/payments`);
    expect(payments.data.some((p) => p.status === 'succeeded')).toBe(false);
  });

  it('3-D Secure: approving pays, failing does not', async () => {
    const url = await linkUrl();
    const { page, close } = await customerPage();
    await page.goto(url);
    await payByCard(page, '4000000000003220');
    await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
    expect(page.url()).toMatch(/\/p\/pay_/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();

    await page.goto(url);
    await payByCard(page, '4000000000003220');
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment failed' }).waitFor();
    await page.getByRole('alert').getByText('The card could not be authenticated. Try again or use another card.').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await close();
  });

  it('e-wallet: cancelling charges nothing and the customer tries again; approving pays; the page opened on its own keeps the branding', async () => {
    const link = await createLink();
    const { page, close } = await customerPage();
    await page.goto(link.url);
    await payByEwallet(page);
    expect(page.url()).toMatch(/\/p\/pay_/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment failed' }).waitFor();
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    expect(page.url()).toBe(link.url);

    await payByEwallet(page);
    // The same page opened in another browser, without the link's page before it: the business's header and test mode.
    const alone = await customerPage();
    await alone.page.goto(page.url());
    await alone.page.getByRole('heading', { level: 1, name: 'E-wallet' }).waitFor();
    await alone.page.getByText('Demo Coffee Roasters').first().waitFor();
    await alone.page.getByRole('note', { name: 'Test mode' }).waitFor();
    await alone.close();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    await page.getByText('E-wallet', { exact: true }).waitFor();
    await close();

    const payments = await api.call<{ data: { status: string }[] }>('GET', `/v1/business/${businessId}/payment-links/${link.id}/payments`);
    expect(payments.data.map((p) => p.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it("a link with a redirect URL sends the customer there after paying, from the link's page and from the e-wallet's", async () => {
    const back = `${baseURL()}/login`;
    const link = await createLink({ redirect_url: back });
    const { page, close } = await customerPage();
    await page.goto(link.url);
    await payByCard(page, '4242424242424242');
    await page.waitForURL(back);
    await page.getByLabel('Email').waitFor();

    await page.goto(link.url);
    await payByEwallet(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(back);
    await close();
  });

  it('an expired, a cancelled and an already-paid single-use link each say so', async () => {
    const expired = await createLink({ expires_at: new Date(Date.now() + 2_000).toISOString() });
    const cancelled = await createLink();
    await api.call('POST', `/v1/business/${businessId}/payment-links/${cancelled.id}/cancel`);
    const paid = await createLink({ single_use: true });
    const payment = await new CheckoutCustomer().pay('link', paid.public_id, { method: 'card', number: '4242424242424242' }, { email: 'paid@example.com' });
    expect(payment.status).toBe('succeeded');

    const { page, close } = await customerPage();
    const says = async (url: string, sentence: string) => {
      await page.goto(url);
      await page.getByRole('status').getByText(sentence).waitFor();
      expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    };
    await says(cancelled.url, 'This payment link was cancelled.');
    await says(paid.url, 'This payment link has been paid already.');
    await expectAccessible(page);
    // The link expires two seconds after it was made: the page says so once that moment has passed.
    await expect
      .poll(
        async () => {
          await page.goto(expired.url);
          await page.getByRole('heading', { level: 1 }).waitFor();
          return page.getByRole('status').getByText('This payment link has expired.').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await close();
  });

  it('a static QR code paid with PayNow through the simulated scan', async () => {
    const qr = await api.call<{ url: string }>('POST', `/v1/business/${businessId}/static-qr-codes`, { name: `Stall ${unique()}`, amount: null });
    const { page, close } = await customerPage();
    await page.goto(qr.url);
    await page.getByRole('textbox', { name: /^Amount to pay/ }).fill('12.40');
    const email = page.getByRole('textbox', { name: /^Email/ });
    if (await email.isVisible()) await email.fill('casey@example.com');
    await page.getByRole('radio', { name: /^PayNow/ }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('img', { name: 'PayNow QR code to scan with your bank app' }).waitFor();
    await page.getByText('Waiting for the payment').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Simulate scan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    await page.getByText('PayNow QR', { exact: true }).waitFor();
    await close();
  });

  it('fits a phone and works by keyboard; an unknown link says so', async () => {
    const url = await linkUrl();
    const { page, close } = await customerPage(375);
    await page.goto(url);
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'checkout-page-375');

    // Keyboard only: tab to each field, type, choose the card with the arrow keys, submit with Enter.
    await page.getByRole('textbox', { name: /^Email/ }).focus();
    await page.keyboard.type('kim@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: /^Card number/ }).waitFor();
    await page.getByRole('textbox', { name: /^Card number/ }).focus();
    await page.keyboard.type('4242424242424242');
    expect(await page.getByRole('textbox', { name: /^Card number/ }).inputValue()).toBe('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    expect(await page.getByRole('textbox', { name: /^Expiry/ }).inputValue()).toBe('12/30');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kim Lee');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    await page.getByText('k•••@example.com', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'checkout-receipt-375');
    await expectAccessible(page);

    await page.goto(url.replace(/pl_\w+$/, 'pl_doesnotexist'));
    await page.getByRole('heading', { level: 1, name: 'This payment page does not exist' }).waitFor();
    await expectAccessible(page);
    await close();
  });

  it('exists on the checkout host only', async () => {
    const url = await linkUrl();
    const { page, close } = await customerPage();
    await page.goto(new URL(url).pathname);
    await page.getByText('Page not found').first().waitFor();
    await close();
  });
});
