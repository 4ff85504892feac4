import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import {
  PUBLIC_ORDERS_PATHS,
  drawerEndpoints,
  locationEndpoints,
  posOrderEndpoints,
  productEndpoints,
  type DrawerSession,
  type Location,
  type Order,
  type Product,
} from '@merchant/catalogue';
import { apiKeyEndpoints, type NewApiKey } from '@merchant/payments';
import { ApiSession } from './api';
import { demoTests } from './demo';
import { baseURL, DEMO_PASSWORD, expectAccessible, screenshot } from './support';

/**
 * Draft orders on the register at tablet size: a draft kept through the public API (`POST /v1/orders`) shows under
 * "Open orders" at its location, opens into the cart with its lines, note and discount, is paid by cash with change,
 * leaves the open orders, reads as completed through the public API and is in the orders list. A cart of two lines
 * saved from the register as an open order is listed, opened and paid the same way.
 */
const demo = demoTests();
const SELLER = 'admin@demo.test';
/** The public API key and the Roastery, made by the first test. */
let key = '';
let roasteryId = '';

/** A call to the public API, as a merchant's server sends it (127.0.0.1 with the Host header `api.localhost`). */
function publicApi(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const port = new URL(baseURL()).port;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `api.localhost:${port}`, 'x-business-api-key': key };
    if (payload) headers['content-type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('draft orders on the register', () => {
  it('a draft kept through the API is opened on the register, paid by cash and then listed as an order', async () => {
    const businessId = demo.businessId;
    const params = { business_id: businessId };
    const owner = demo.api;
    key = (
      await owner.call<NewApiKey>('POST', endpointPath(apiKeyEndpoints.create, { params }), {
        name: `Register drafts ${Date.now().toString(36)}`,
        access: 'full',
        password: DEMO_PASSWORD,
      })
    ).api_key;
    const roastery = (await owner.call<{ data: Location[] }>('GET', endpointPath(locationEndpoints.list, { params, query: { q: 'Roastery' } }))).data[0]!;
    const flatWhite = (
      await owner.call<{ data: Product[] }>('GET', `${endpointPath(productEndpoints.list, { params })}?q=${encodeURIComponent('Flat white')}&limit=10`)
    ).data.find((p) => p.name === 'Flat white')!;
    roasteryId = roastery.id;
    const remark = `Pick up at 5 (${Date.now().toString(36)})`;
    const made = await publicApi('POST', PUBLIC_ORDERS_PATHS.orders, key, {
      currency: 'sgd',
      location_id: roastery.id,
      remark,
      discount_amount: 1,
      products: [{ product_id: flatWhite.id, quantity: 2 }],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const draft = made.json as { id: string; order_display_number: number };

    // The seller's own drawer at the Roastery (closed first if a run left one open).
    const seller = new ApiSession();
    await seller.signIn(SELLER);
    const { drawer } = await seller.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
    if (drawer)
      await seller.call('POST', endpointPath(drawerEndpoints.close, { params: { ...params, drawer_id: drawer.id } }), {
        counted_cash: drawer.expected_cash.amount,
      });
    await seller.call('POST', endpointPath(drawerEndpoints.open, { params }), { location_id: roastery.id, opening_float: 100_00 });

    const { page, close } = await demo.page({ as: SELLER, width: 1024, height: 768 });
    await page.goto(`/business/${businessId}/pos`);
    await page.getByRole('heading', { level: 1, name: 'Point of Sales' }).waitFor();
    await page.getByRole('button', { name: /^Open orders \(\d+\)$/ }).click();
    const list = page.getByRole('dialog', { name: 'Open orders' });
    const card = list.getByRole('article', { name: `Draft order #${draft.order_display_number}` });
    await card.getByText(remark, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-open-orders');
    await card.getByRole('button', { name: `Open draft order #${draft.order_display_number}` }).click();
    await list.waitFor({ state: 'detached' });

    // Its lines, note and discount in the cart: 2 × 6.00 less 1.00.
    await page
      .getByRole('status')
      .filter({ hasText: `Paying draft order #${draft.order_display_number}` })
      .waitFor();
    const cart = page.getByRole('list', { name: 'Cart lines' });
    await cart.getByText('Flat white', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Charge .*11\.00/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-draft-cart');
    await page.getByRole('button', { name: /^Charge/ }).click();
    const tender = page.getByRole('dialog', { name: /^Charge/ });
    await tender.getByRole('textbox', { name: /^Cash received/ }).fill('20.00');
    await tender.getByText(/Change due: .*9\.00/).waitFor();
    await tender.getByRole('button', { name: 'Take cash' }).click();
    const receipt = page.getByRole('dialog', { name: /^Order #\d+ paid/ });
    await receipt.getByText(/Change due: .*9\.00/).waitFor();
    const number = Number(/#(\d+)/.exec((await receipt.getByRole('heading').first().textContent()) ?? '')?.[1]);
    await expectAccessible(page);
    await receipt.getByRole('button', { name: 'New sale' }).click();

    // The draft is paid: gone from the open orders, completed through the API with its sale.
    await page.getByRole('button', { name: /^Open orders \(\d+\)$/ }).click();
    await page.getByRole('dialog', { name: 'Open orders' }).getByText('Orders kept to be paid later', { exact: false }).waitFor();
    expect(await page.getByRole('article', { name: `Draft order #${draft.order_display_number}` }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const read = await publicApi('GET', PUBLIC_ORDERS_PATHS.order.replace(':order_id', draft.id), key);
    expect(read.json).toMatchObject({ status: 'completed', payment_status: 'paid' });
    const order = await seller.call<Order>('GET', endpointPath(posOrderEndpoints.get, { params: { ...params, order_id: String(read.json.paid_order_id) } }));
    expect([order.number, order.total.amount, order.change.amount, order.note]).toEqual([number, 11_00, 9_00, remark]);
    expect(order.lines.map((l) => [l.name, l.quantity])).toEqual([['Flat white', 2]]);

    // In the orders list.
    await page.goto(`/business/${businessId}/pos/orders`);
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await page.getByRole('searchbox', { name: /Search orders/ }).fill(String(number));
    await page.getByRole('link', { name: `#${number}` }).waitFor();
    await expectAccessible(page);
    await close();
  });

  it('a cart of two lines is saved as an open order, listed, opened again and paid by cash', async () => {
    const businessId = demo.businessId;
    const params = { business_id: businessId };
    const roastery = (await demo.api.call<{ data: Location[] }>('GET', endpointPath(locationEndpoints.list, { params, query: { q: 'Roastery' } }))).data[0]!;
    const seller = new ApiSession();
    await seller.signIn(SELLER);
    const { drawer } = await seller.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
    if (!drawer || drawer.location.id !== roastery.id) {
      if (drawer)
        await seller.call('POST', endpointPath(drawerEndpoints.close, { params: { ...params, drawer_id: drawer.id } }), {
          counted_cash: drawer.expected_cash.amount,
        });
      await seller.call('POST', endpointPath(drawerEndpoints.open, { params }), { location_id: roastery.id, opening_float: 100_00 });
    }

    const { page, close } = await demo.page({ as: SELLER, width: 1024, height: 768 });
    await page.goto(`/business/${businessId}/pos`);
    await page.getByRole('heading', { level: 1, name: 'Point of Sales' }).waitFor();
    // Two lines: a flat white chosen on screen and a tote bag scanned (6.00 + 25.00).
    await page.getByRole('button', { name: /^Flat white/ }).click();
    const choice = page.getByRole('dialog', { name: 'Flat white' });
    await choice.getByRole('button', { name: 'Add to cart' }).click();
    await choice.waitFor({ state: 'detached' });
    const search = page.getByRole('textbox', { name: /^Search or scan/ });
    await search.fill('9556000000019');
    await search.press('Enter');
    const cart = page.getByRole('list', { name: 'Cart lines' });
    await cart.getByText('Tote bag', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Charge .*31\.00/ }).waitFor();

    // Saved with a name: the cart is cleared and a snackbar says so.
    const name = `Window table (${Date.now().toString(36)})`;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as an open order' });
    await dialog.getByRole('textbox', { name: 'Name or note (optional)' }).fill(name);
    await expectAccessible(page);
    await screenshot(page, 'register-save-cart');
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await page.getByText('Saved as an open order').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Choose products, or scan their barcodes, to add them.').waitFor();

    // Listed under the open orders with its name; opened, it fills the cart again.
    await page.getByRole('button', { name: /^Open orders \(\d+\)$/ }).click();
    const list = page.getByRole('dialog', { name: 'Open orders' });
    const card = list.getByRole('article').filter({ hasText: name });
    await card.getByText(/SGD 31\.00/).waitFor();
    const number = Number(/#(\d+)$/.exec((await card.getAttribute('aria-label')) ?? '')?.[1]);
    expect(number).toBeGreaterThan(0);
    await card.getByRole('button', { name: `Open draft order #${number}` }).click();
    await list.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Paying draft order #${number}` })
      .waitFor();
    await cart.getByText('Flat white', { exact: true }).waitFor();
    await cart.getByText('Tote bag', { exact: true }).waitFor();

    // Paid by cash with change; it leaves the open orders and the sale keeps its name as the note.
    await page.getByRole('button', { name: /^Charge .*31\.00/ }).click();
    const tender = page.getByRole('dialog', { name: /^Charge/ });
    await tender.getByRole('textbox', { name: /^Cash received/ }).fill('40.00');
    await tender.getByText(/Change due: .*9\.00/).waitFor();
    await tender.getByRole('button', { name: 'Take cash' }).click();
    const receipt = page.getByRole('dialog', { name: /^Order #\d+ paid/ });
    await receipt.getByText(/Change due: .*9\.00/).waitFor();
    const orderNumber = Number(/#(\d+)/.exec((await receipt.getByRole('heading').first().textContent()) ?? '')?.[1]);
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: /^Open orders \(\d+\)$/ }).click();
    await page.getByRole('dialog', { name: 'Open orders' }).getByText('Orders kept to be paid later', { exact: false }).waitFor();
    expect(await page.getByRole('article', { name: `Draft order #${number}` }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const sold = await seller.call<{ data: { id: string }[] }>('GET', endpointPath(posOrderEndpoints.list, { params, query: { q: `#${orderNumber}` } }));
    const order = await seller.call<Order>('GET', endpointPath(posOrderEndpoints.get, { params: { ...params, order_id: sold.data[0]!.id } }));
    expect([order.total.amount, order.change.amount, order.note]).toEqual([31_00, 9_00, name]);
    expect(order.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Flat white', 1],
      ['Tote bag', 1],
    ]);
    await close();
  });

  for (const width of [375, 768]) {
    it(`lists the open orders on a ${width} px screen, opened by the keyboard, and deletes one after a confirmation`, async () => {
      const made = await publicApi('POST', PUBLIC_ORDERS_PATHS.orders, key, { currency: 'sgd', location_id: roasteryId, amount: 8.5 });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      const number = made.json.order_display_number as number;
      const { page, close } = await demo.page({ as: SELLER, width, height: 812 });
      await page.goto(`/business/${demo.businessId}/pos`);
      await page.getByRole('heading', { level: 1, name: 'Point of Sales' }).waitFor();
      // Focused once the location's drafts are read (until then it is disabled, and Enter on it does nothing).
      const button = page.getByRole('button', { name: /^Open orders \(\d+\)$/, disabled: false });
      await button.waitFor();
      await button.focus();
      await page.keyboard.press('Enter');
      const list = page.getByRole('dialog', { name: 'Open orders' });
      const card = list.getByRole('article', { name: `Draft order #${number}` });
      await card.getByText(/SGD 8\.50/).waitFor();
      const box = await list.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await screenshot(page, `register-open-orders-${width}`);
      await card.getByRole('button', { name: `Delete draft order #${number}` }).click();
      await page
        .getByRole('dialog', { name: `Delete draft order #${number}?` })
        .getByRole('button', { name: `Delete #${number}` })
        .click();
      await card.waitFor({ state: 'detached' });
      expect((await publicApi('GET', PUBLIC_ORDERS_PATHS.order.replace(':order_id', String(made.json.id)), key)).status).toBe(404);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      // With a line in the cart, Save sits beside Charge and both fit the screen.
      const search = page.getByRole('textbox', { name: /^Search or scan/ });
      await search.fill('9556000000019');
      await search.press('Enter');
      for (const name of [/^Charge /, /^Save$/]) {
        const action = page.getByRole('button', { name });
        await action.waitFor();
        const { x, width: w } = (await action.boundingBox())!;
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x + w).toBeLessThanOrEqual(width);
        // The whole label shows (a clipped "Charge SGD 25" once hid the cents at 375 px).
        expect(await action.evaluate((el) => [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
      }
      await screenshot(page, `register-cart-actions-${width}`);
      await close();
    });
  }
});
