import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REGISTER_APP_VERSION } from '@merchant/pos';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Register devices (POS settings): a manager sees a device the register reported, renames it, allows offline selling
 * (confirmed), and forgets it; the list on a phone.
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
});
