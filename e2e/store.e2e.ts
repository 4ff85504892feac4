import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './api';
import { baseURL, DEMO_PASSWORD, expectAccessible, landed, launch, newPage, signIn } from './support';

/**
 * The online store end to end (docs/online-store.md): a customer on the demo business's shop host buys two products,
 * ships them with a zone's rate and a coupon, pays on the hosted checkout and sees the order's page; the owner ships it
 * with a tracking number in the dashboard and the customer's page shows it.
 */

let browser: Browser;
let api: ApiSession;
let businessId: string;
const OWNER = 'owner@demo.test';
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
/** A postcode only this run's zone names exactly (an exact postcode beats every other zone of the country). */
const POSTCODE = String(100000 + (Date.now() % 800000));

beforeAll(async () => {
  browser = await launch();
  api = new ApiSession();
  await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', '/v1/user');
  businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee')!.id;
});
afterAll(() => browser?.close());

/** The demo business's storefront origin: its shop host on the server's port. */
const shopOrigin = () => {
  const url = new URL(baseURL());
  url.hostname = 'demo-coffee.shop.localhost';
  return url.origin;
};

async function addToCart(page: Page, productId: string): Promise<void> {
  await page.goto(`${shopOrigin()}/products/${productId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL(/\/cart$/);
}

describe('online store', () => {
  it('a customer checks out with shipping and a coupon and pays; the owner ships it with tracking; the status page shows it', async () => {
    const product = (name: string, price: number) =>
      api.call<{ id: string }>('POST', `/v1/business/${businessId}/products`, { name: `${name} ${RUN}`, variants: [{ price }] });
    const beans = await product('Store beans', 24_00);
    const mug = await product('Store mug', 16_00);
    await api.call('POST', `/v1/business/${businessId}/shipping-zones`, {
      name: `Doorstep ${RUN}`,
      countries: ['sg'],
      postcodes: [POSTCODE],
      rates: [{ kind: 'flat', name: `Courier ${RUN}`, amount: 6_00, estimate: 'Next day' }],
    });
    const code = `STORE${RUN}`;
    await api.call('POST', `/v1/business/${businessId}/coupons`, { code, value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' } });

    // The customer, on the shop host.
    const customer = await newPage(browser, { width: 375, height: 800 });
    const page = customer.page;
    await addToCart(page, beans.id);
    await addToCart(page, mug.id);
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check out' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('store-e2e@example.com');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Casey Tan');
    await page.getByRole('radio', { name: /^Ship to my address/ }).check();
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('5 Orchard Road');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Singapore');
    await page.getByRole('textbox', { name: 'Postal code', exact: true }).fill(POSTCODE);
    await page.getByRole('textbox', { name: /^Country/ }).fill('SG');
    await page.getByRole('textbox', { name: /^Coupon code/ }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    // The address's rates are offered; the shopper chooses one.
    await page.getByText('Choose how your order is shipped').waitFor();
    await page.getByRole('radio', { name: new RegExp(`^Courier ${RUN}`) }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The hosted checkout: 40.00 − 10 % + 6.00 shipping = 42.00.
    await page.waitForURL(/securecheckout\.localhost:\d+\/p\/pay_/);
    await page.getByText('SGD 42.00').first().waitFor();
    await page.getByRole('radio', { name: /^Card/ }).waitFor();
    const email = page.getByRole('textbox', { name: /^Email/ });
    if ((await email.count()) > 0) await email.fill('store-e2e@example.com');
    await page.getByRole('radio', { name: /^Card/ }).click();
    await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4242424242424242');
    await page.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
    await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
    await page.getByRole('textbox', { name: /^Name on card/ }).fill('Casey Tan');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/demo-coffee\.shop\.localhost:\d+\/orders\//, { timeout: 30_000 });
    const statusUrl = page.url();
    const reference = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(/^Order /, '');
    expect(reference).toMatch(/^#[A-Z0-9]{8}$/);
    await page.getByText(`Discount (${code})`).waitFor();
    await page.getByText(`Shipping (Courier ${RUN})`).waitFor();

    // The owner ships it from the dashboard.
    const owner = await newPage(browser, { width: 1280, height: 860 });
    await signIn(owner.page, OWNER);
    await landed(owner.page);
    await owner.page.goto(`/business/${businessId}/online-store/orders?q=store-e2e%40example.com`);
    await owner.page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await owner.page.getByRole('link', { name: reference }).first().waitFor();
    await expectAccessible(owner.page);
    await owner.page.getByRole('link', { name: reference }).first().click();
    await owner.page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    await owner.page.getByText('Casey Tan').first().waitFor();
    await expectAccessible(owner.page);
    // The refund dialog offers what is left; closed without refunding.
    await owner.page.getByRole('button', { name: 'Refund' }).click();
    const refund = owner.page.getByRole('dialog', { name: `Refund order ${reference}` });
    expect(await refund.getByRole('textbox', { name: /^Amount/ }).inputValue()).toBe('42.00');
    await expectAccessible(owner.page);
    await refund.getByRole('button', { name: 'Close' }).first().click();
    await refund.waitFor({ state: 'hidden' });
    // The cancel screen (reason, restock, refund), left without cancelling.
    await owner.page.getByRole('link', { name: 'Cancel order' }).click();
    await owner.page.getByRole('heading', { level: 1, name: `Cancel order ${reference}` }).waitFor();
    await owner.page.getByRole('switch', { name: 'Put the items back on stock' }).waitFor();
    await expectAccessible(owner.page);
    await owner.page.getByRole('link', { name: 'Keep the order' }).click();
    await owner.page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    await owner.page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = owner.page.getByRole('dialog', { name: `Ship order ${reference}` });
    await dialog.getByRole('textbox', { name: /^Carrier/ }).fill('SingPost');
    await dialog.getByRole('textbox', { name: /^Tracking number/ }).fill(`RR${RUN}SG`);
    await expectAccessible(owner.page);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.page.getByText(`RR${RUN}SG`).waitFor();
    await owner.page.getByRole('button', { name: 'Mark delivered' }).waitFor();

    // The customer's page shows the tracking number.
    await page.goto(statusUrl);
    await page.getByText(`RR${RUN}SG`).waitFor();
    await page.getByText('Shipped', { exact: true }).waitFor();
    await customer.context.close();
    await owner.context.close();
  });
});
