import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The online store's shipping and pickup, and coupons: the owner's main path at desktop width, and the lists on a phone. */

const demo = demoTests();

const bar = (page: Page, name: string) => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });
const choose = async (page: Page, field: RegExp, option: string) => {
  await page.getByRole('textbox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('online store: shipping, pickup and coupons', () => {
  it('the owner creates a zone with two rates, a pickup point and a coupon, and sees them listed', async () => {
    const { page, close } = await demo.page();
    const suffix = Date.now().toString(36);
    const zone = `Island ${suffix}`;
    const pickup = `Collect ${suffix}`;
    const code = `WELCOME${suffix}`.toUpperCase();

    await page.goto(`/business/${demo.businessId}/online-store/shipping-pickup`);
    await page.getByRole('heading', { level: 1, name: 'Shipping and pickup' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Pickup points', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'shipping-pickup-list');

    // A zone with a flat rate and a rate by weight.
    await page.getByRole('link', { name: 'Create shipping zone' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create shipping zone' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(zone);
    await page.getByRole('textbox', { name: /^Countries/ }).fill('Singap');
    await page.getByRole('option', { name: 'Singapore', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: /^Postcodes/ }).fill('01*\n018956');
    await page.getByRole('textbox', { name: /^Rate 1 name/ }).fill('Standard');
    await page.getByRole('textbox', { name: /^Rate 1 delivery estimate/ }).fill('2 to 4 working days');
    await page.getByRole('textbox', { name: /^Rate 1 amount/ }).fill('5');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await page.getByRole('textbox', { name: /^Rate 2 name/ }).fill('Heavy parcels');
    await choose(page, /^Rate 2 price/, 'By weight');
    await page.getByRole('textbox', { name: /^Rate 2 band 1 up to/ }).fill('1000');
    await page.getByRole('textbox', { name: /^Rate 2 band 1 amount/ }).fill('4');
    await page.getByRole('button', { name: 'Add band to rate 2' }).click();
    await page.getByRole('textbox', { name: /^Rate 2 band 2 amount/ }).fill('9');
    await page.getByRole('textbox', { name: /^Rate 2 free over/ }).fill('150');
    await expectAccessible(page);
    await screenshot(page, 'shipping-zone-create');
    await bar(page, 'Create zone').click();

    await page.getByRole('heading', { level: 1, name: 'Shipping and pickup' }).waitFor();
    const zoneRow = page.getByRole('row').filter({ hasText: zone });
    await zoneRow.getByText(/Standard: SGD 5\.00 · Heavy parcels: SGD 4\.00 to SGD 9\.00 \(free over SGD 150\.00\)/).waitFor();
    await zoneRow.getByText('01*, 018956').waitFor();

    // The zone opens with its rates as saved.
    await zoneRow.getByRole('link', { name: zone }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit shipping zone' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /^Rate 2 band 1 up to/ }).inputValue()).toBe('1000');
    await expect.poll(() => page.getByRole('textbox', { name: /^Rate 1 amount/ }).inputValue()).toBe('5.00');
    await expectAccessible(page);
    await page.goBack();

    // A pickup point at the demo's Roastery.
    await page.getByRole('heading', { level: 1, name: 'Shipping and pickup' }).waitFor();
    await page.getByRole('link', { name: 'Add pickup point' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create pickup point' }).waitFor();
    await choose(page, /^Location/, 'Roastery');
    await page.getByRole('textbox', { name: /^Name/ }).fill(pickup);
    await page.getByRole('textbox', { name: /^Instructions/ }).fill('Ask at the counter');
    await page.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await expectAccessible(page);
    await bar(page, 'Create pickup point').click();
    await page.getByRole('heading', { level: 1, name: 'Shipping and pickup' }).waitFor();
    const pickupRow = page.getByRole('row').filter({ hasText: pickup });
    await pickupRow.getByText('Roastery').waitFor();
    await pickupRow.getByText('Mon–Fri 10:00–18:00').waitFor();
    await pickupRow.getByText('Active').waitFor();

    // The search finds each by name.
    await page.getByRole('searchbox', { name: /^Search shipping and pickup/ }).fill(suffix);
    await page.getByRole('row').filter({ hasText: zone }).waitFor();
    await page.getByRole('row').filter({ hasText: pickup }).waitFor();

    // A coupon.
    await page.goto(`/business/${demo.businessId}/online-store/coupons`);
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create coupon' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create coupon' }).waitFor();
    await page.getByRole('textbox', { name: /^Code/ }).fill(code);
    await page.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
    await page.getByRole('textbox', { name: /^Minimum order/ }).fill('30');
    await page.getByRole('textbox', { name: /^Uses per customer/ }).fill('1');
    await expectAccessible(page);
    await screenshot(page, 'coupon-create');
    await bar(page, 'Create coupon').click();

    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    const couponRow = page.getByRole('row').filter({ hasText: code });
    await couponRow.getByText('10 % off').waitFor();
    await couponRow.getByText('Whole order').waitFor();
    await couponRow.getByText('Active').waitFor();
    await page.getByRole('searchbox', { name: /^Search coupons/ }).fill(code.toLowerCase());
    await page.getByRole('row').filter({ hasText: code }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'coupons-list');
    await close();
  });

  it('fits a phone: the shipping and coupon lists and forms', async () => {
    const { page, close } = await demo.page({ width: 375 });
    for (const [path, heading] of [
      ['shipping-pickup', 'Shipping and pickup'],
      ['shipping-pickup/create', 'Create shipping zone'],
      ['shipping-pickup/pickups/create', 'Create pickup point'],
      ['coupons', 'Coupons'],
      ['coupons/create', 'Create coupon'],
    ] as const) {
      await page.goto(`/business/${demo.businessId}/online-store/${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await expectAccessible(page);
    }
    await screenshot(page, 'coupon-create-375');
    await close();
  });
});
