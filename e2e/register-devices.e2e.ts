import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { drawerEndpoints, posOrderEndpoints, type DrawerSession, type Order } from '@merchant/catalogue';
import { REGISTER_APP_VERSION } from '@merchant/pos';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Register devices (POS settings): a manager sees a device the register reported, renames it, allows offline selling
 * (confirmed), and forgets it; the list on a phone. A sale a device not allowed to sell offline sent later is marked in
 * the register's orders, and found with the offline filter.
 */
const demo = demoTests();

describe('register devices', () => {
  it('lists a device with its location, version and offline selling; renames it, allows offline selling and forgets it', async () => {
    const suffix = Date.now().toString(36);
    const deviceId = randomUUID();
    const locations = await demo.api.call<{ data: { id: string; name: string }[] }>('GET', `/v1/business/${demo.businessId}/locations?status=active&limit=100`);
    const roastery = locations.data.find((l) => l.name.includes('Roastery')) ?? locations.data[0]!;
    // What the register does when it opens in a browser.
    await demo.api.call('POST', `/v1/business/${demo.businessId}/pos/devices`, {
      device_id: deviceId,
      name: `Till ${suffix}`,
      location_id: roastery.id,
      app_version: REGISTER_APP_VERSION,
    });

    const { page, close } = await demo.page({ width: 1280 });
    await page.goto(`/business/${demo.businessId}/pos/settings/devices`);
    await page.getByRole('heading', { level: 1, name: 'Register devices' }).waitFor();
    const list = page.getByRole('table', { name: 'Register devices' });
    const row = list.getByRole('row').filter({ hasText: `Till ${suffix}` });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(roastery.name);
    expect(await row.textContent()).toContain(REGISTER_APP_VERSION);
    expect(await row.textContent()).toContain('Off');
    await expectAccessible(page);
    await screenshot(page, 'register-devices');

    await page.getByRole('button', { name: `Rename Till ${suffix}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename device' });
    await dialog.getByRole('textbox', { name: 'Device name' }).fill(`Door till ${suffix}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Renamed to Door till ${suffix}.`).waitFor();
    const renamed = list.getByRole('row').filter({ hasText: `Door till ${suffix}` });
    await renamed.waitFor();

    await page.getByRole('button', { name: `Allow offline selling on Door till ${suffix}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Allow offline selling' });
    await confirm.getByText(/keeps cash and quick sales/).waitFor();
    await confirm.getByRole('button', { name: 'Allow offline selling' }).click();
    await page.getByText(`Door till ${suffix} may sell offline.`).waitFor();
    await renamed.getByText('Allowed', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Stop offline selling on Door till ${suffix}` }).waitFor();

    await page.getByRole('button', { name: `Forget Door till ${suffix}` }).click();
    await page.getByRole('dialog', { name: 'Forget device' }).getByRole('button', { name: 'Forget' }).click();
    await page.getByText(`Door till ${suffix} is forgotten.`).waitFor();
    await expect
      .poll(() =>
        list
          .getByRole('row')
          .filter({ hasText: `Door till ${suffix}` })
          .count(),
      )
      .toBe(0);
    await close();

    // On a phone, each device is a card with its actions.
    await demo.api.call('POST', `/v1/business/${demo.businessId}/pos/devices`, { device_id: randomUUID(), name: `Kiosk ${suffix}`, location_id: roastery.id });
    const phone = await demo.page({ width: 375, height: 800 });
    await phone.page.goto(`/business/${demo.businessId}/pos/settings/devices`);
    await phone.page.getByRole('heading', { level: 1, name: 'Register devices' }).waitFor();
    await phone.page.getByRole('button', { name: `Rename Kiosk ${suffix}` }).waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'register-devices-phone');
    await phone.close();
  });

  it('marks a sale sent from a device not allowed to sell offline, and finds it with the offline filter', async () => {
    const params = { business_id: demo.businessId };
    let { drawer } = await demo.api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
    if (!drawer) {
      const locations = await demo.api.call<{ data: { id: string; name: string }[] }>(
        'GET',
        `/v1/business/${demo.businessId}/locations?status=active&limit=100`,
      );
      const roastery = locations.data.find((l) => l.name.includes('Roastery')) ?? locations.data[0]!;
      drawer = await demo.api.call<DrawerSession>('POST', endpointPath(drawerEndpoints.open, { params }), { location_id: roastery.id, opening_float: 0 });
    }
    const order = await demo.api.call<Order>('POST', endpointPath(posOrderEndpoints.createSale, { params }), {
      idempotency_key: `offline-e2e-${Date.now().toString(36)}`,
      location_id: drawer.location.id,
      quick_sale: { amount: 6_50, description: 'Sold while offline' },
      tenders: [{ kind: 'cash', amount: 6_50 }],
      offline: { device_id: randomUUID(), taken_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(order.offline?.allowed).toBe(false);

    for (const width of [1280, 375]) {
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/pos/orders`);
      await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
      if (width === 375) await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByRole('textbox', { name: 'Offline sales' }).click();
      await page.getByRole('option', { name: 'Offline without allowance' }).click();
      await page.waitForURL(/offline=flagged/);
      const row = width === 1280 ? page.getByRole('row', { name: new RegExp(`#${order.number}`) }) : page.getByRole('link', { name: `#${order.number}` });
      await row.waitFor();
      await page.getByText('Not allowed', { exact: true }).first().waitFor();
      await expectAccessible(page);
      await screenshot(page, `pos-orders-offline-${width}`);
      await close();
    }
  });
});
