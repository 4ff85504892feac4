import { describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { drawerEndpoints, locationEndpoints, posOrderEndpoints, posPinEndpoints, type DrawerSession, type Location, type Order } from '@merchant/catalogue';
import { userEndpoints } from '@merchant/identity';
import { ApiSession } from './api';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The register's orders: a cashier finds a sale in the list, opens it and refunds it with a manager's PIN; the list on a phone. */

const demo = demoTests();
const CASHIER = 'cashier@demo.test';
const MANAGER = 'manager@demo.test';

/** The person's open drawer at the Roastery (opened when they have none), through the API as their other device would. */
async function drawerOf(api: ApiSession, businessId: string): Promise<DrawerSession> {
  const params = { business_id: businessId };
  const current = await api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
  if (current.drawer) return current.drawer;
  const locations = await api.call<{ data: Location[] }>('GET', endpointPath(locationEndpoints.list, { params, query: { q: 'Roastery' } }));
  return api.call('POST', endpointPath(drawerEndpoints.open, { params }), { location_id: locations.data[0]!.id, opening_float: 50_00 });
}

describe('pos orders', () => {
  it('a cashier finds their sale, opens it and refunds it with a manager’s PIN', async () => {
    const businessId = demo.businessId;
    const params = { business_id: businessId };
    const cashierApi = new ApiSession();
    await cashierApi.signIn(CASHIER);
    const managerApi = new ApiSession();
    await managerApi.signIn(MANAGER);
    await managerApi.call('PUT', endpointPath(posPinEndpoints.save), { pin: '2468' });
    const manager = await managerApi.call<{ name: string }>('GET', endpointPath(userEndpoints.me));
    const drawer = await drawerOf(cashierApi, businessId);
    const description = `Pastry box ${Date.now().toString(36)}`;
    const order = await cashierApi.call<Order>('POST', endpointPath(posOrderEndpoints.createSale, { params }), {
      idempotency_key: `e2e-${Date.now().toString(36)}`,
      location_id: drawer.location.id,
      quick_sale: { amount: 12_50, description },
      tenders: [{ kind: 'cash', amount: 12_50, tendered: 20_00 }],
    });

    const { page, close } = await demo.page({ as: CASHIER });
    await page.goto(`/business/${businessId}/pos/orders`);
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await page.getByRole('searchbox', { name: /Search orders/ }).fill(String(order.number));
    const link = page.getByRole('link', { name: `#${order.number}` });
    await link.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'pos-orders-list');
    await link.click();

    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    await page.getByText(description).first().waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order #${order.number}` });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Dropped on the floor');
    await dialog.getByRole('textbox', { name: 'Manager', exact: true }).click();
    await page.getByRole('option', { name: manager.name }).click();
    await dialog.getByLabel(/^Manager’s POS PIN/).fill('1357');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('The PIN is not right').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'pos-order-refund');
    await dialog.getByLabel(/^Manager’s POS PIN/).fill('2468');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Refunded', { exact: true }).first().waitFor();
    await page.getByRole('table', { name: 'Refunds' }).getByText('Dropped on the floor').waitFor();
    await expectAccessible(page);
    await close();
  });

  it('the owner makes the table number required on the order form, and sets their POS PIN', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/pos/settings/order-form-customisation`);
    await page.getByRole('heading', { level: 1, name: 'Order form customisation' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Table number' }).click();
    await page.getByRole('option', { name: 'Required' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Order form saved.').waitFor();
    const params = { business_id: demo.businessId };
    expect(await demo.api.call('GET', endpointPath(posOrderEndpoints.orderForm, { params }))).toMatchObject({ table_number: 'required' });
    await demo.api.call('PUT', endpointPath(posOrderEndpoints.saveOrderForm, { params }), { customer: 'optional', table_number: 'off', note: 'optional' });

    await page.goto('/user-settings/security');
    const section = page.getByRole('region', { name: 'POS PIN' });
    await section.waitFor();
    await section.getByLabel(/^(New )?POS PIN/).fill('12');
    await section.getByRole('button', { name: /(Set|Change) PIN/ }).click();
    await section.getByText('Enter 4 to 6 digits').waitFor();
    await section.getByLabel(/^(New )?POS PIN/).fill('5791');
    await section.getByRole('button', { name: /(Set|Change) PIN/ }).click();
    await section.getByText('Your POS PIN is set. Enter a new one to change it.').waitFor();
    await expectAccessible(page);
    await close();
  });

  it('lists orders on a phone without scrolling sideways', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/pos/orders`);
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await page.getByRole('list', { name: 'Orders' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'pos-orders-list-375');
    await close();
  });
});
