import { describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { staffEndpoints } from '@merchant/business';
import { drawerEndpoints, locationEndpoints, posOrderEndpoints, type DrawerSession, type Location, type Order } from '@merchant/catalogue';
import { customerEndpoints, type Customer } from '@merchant/payments';
import { ApiSession } from './api';
import { DEMO_PASSWORD, expectAccessible, mailbox, screenshot, uniqueEmail } from './support';
import { demoTests } from './demo';

/**
 * Staff limited to locations and the customers under the point of sale (docs/roles.md "Locations", docs/catalogue.md
 * "Customers"): a cashier limited to the Roastery is offered only it at the register and sees their orders there; the
 * owner opens a customer under pos/customers and sees their register order.
 */
const demo = demoTests();
const stamp = () => Date.now().toString(36);

async function locationNamed(api: ApiSession, businessId: string, name: string): Promise<Location> {
  const found = await api.call<{ data: Location[] }>('GET', endpointPath(locationEndpoints.list, { params: { business_id: businessId }, query: { q: name } }));
  return found.data.find((l) => l.name === name)!;
}

describe('customers and staff limited to locations', () => {
  it('a cashier limited to the Roastery is offered only it at the register and sees their order there', async () => {
    const businessId = demo.businessId;
    const params = { business_id: businessId };
    const roastery = await locationNamed(demo.api, businessId, 'Roastery');
    // A new cashier, invited limited to the Roastery, who signs up from the mailed link.
    const email = uniqueEmail('roastery-cashier');
    await demo.api.call('POST', endpointPath(staffEndpoints.invite, { params }), { email, role: 'cashier', location_ids: [roastery.id] });
    const token = /\/register-complete\/([A-Za-z0-9_-]+)/.exec((await mailbox()).find((m) => m.to === email)?.text ?? '')?.[1];
    expect(token).toBeDefined();
    await new ApiSession().call('POST', `/register-complete/${token}`, { name: 'Rae Roastery', password: DEMO_PASSWORD });

    const { page, close } = await demo.page({ as: email, width: 1024, height: 768 });
    await page.goto(`/business/${businessId}/pos`);
    await page.getByRole('heading', { level: 1, name: 'Point of Sales' }).waitFor();
    await page.getByRole('heading', { name: 'Open the cash drawer' }).waitFor();
    await page.getByRole('textbox', { name: /^Location/ }).click();
    await page.getByRole('option', { name: 'Roastery' }).waitFor();
    // The kiosk is not offered: the cashier works at the Roastery only.
    await expect(page.getByRole('option').count()).resolves.toBe(1);
    await page.getByRole('option', { name: 'Roastery' }).click();
    await page.getByRole('textbox', { name: /^Opening float/ }).fill('50.00');
    await expectAccessible(page);
    await screenshot(page, 'register-limited-locations');
    await page.getByRole('button', { name: 'Open drawer' }).click();
    await page.getByText(/Drawer open since/).waitFor();

    // A sale from the cashier's other device, then the orders list shows it at the Roastery.
    const api = new ApiSession();
    await api.signIn(email);
    const { drawer } = await api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
    expect(drawer?.location.name).toBe('Roastery');
    const order = await api.call<Order>('POST', endpointPath(posOrderEndpoints.createSale, { params }), {
      idempotency_key: `e2e-${stamp()}`,
      location_id: roastery.id,
      quick_sale: { amount: 4_50, description: 'Filter coffee' },
      tenders: [{ kind: 'cash', amount: 4_50 }],
    });
    await page.goto(`/business/${businessId}/pos/orders`);
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await page.getByRole('link', { name: `#${order.number}` }).waitFor();
    await page.getByRole('row', { name: new RegExp(`#${order.number}.*Roastery`) }).waitFor();
    await expectAccessible(page);
    await close();
  });

  it('the owner opens a customer under pos/customers and sees their register order', async () => {
    const businessId = demo.businessId;
    const params = { business_id: businessId };
    const name = `Priya ${stamp()}`;
    const customer = await demo.api.call<Customer>('POST', endpointPath(customerEndpoints.create, { params }), { name, email: uniqueEmail('priya') });
    // The owner sells to the customer at their open drawer (opened at the Roastery when they have none).
    let { drawer } = await demo.api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
    if (!drawer) {
      const roastery = await locationNamed(demo.api, businessId, 'Roastery');
      drawer = await demo.api.call<DrawerSession>('POST', endpointPath(drawerEndpoints.open, { params }), { location_id: roastery.id, opening_float: 0 });
    }
    const order = await demo.api.call<Order>('POST', endpointPath(posOrderEndpoints.createSale, { params }), {
      idempotency_key: `e2e-${stamp()}`,
      location_id: drawer.location.id,
      customer_id: customer.id,
      quick_sale: { amount: 23_00, description: 'Beans for Priya' },
      tenders: [{ kind: 'cash', amount: 23_00 }],
    });

    for (const width of [1280, 375]) {
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${businessId}/pos/customers`);
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      await page.getByLabel('Search customers').fill(name);
      const link = page.getByRole('link', { name }).first();
      await link.waitFor();
      await link.click();
      await page.waitForURL(new RegExp(`/pos/customers/${customer.id}$`));
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('heading', { name: 'Bought in each channel' }).waitFor();
      await page.getByText(/SGD 23\.00 · 1 order/).waitFor();
      const orderLink = page.getByRole('link', { name: `#${order.number}` }).first();
      await orderLink.waitFor();
      await expectAccessible(page);
      await screenshot(page, `pos-customer-detail-${width}`);
      if (width === 1280) {
        await orderLink.click();
        await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
      }
      await close();
    }
  });
});
