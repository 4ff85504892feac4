import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** Locations under the register and the store: the owner's main path at desktop width, and the screens on a phone. */

const demo = demoTests();

const bar = (page: Page, name: string) => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });

describe('locations', () => {
  it('the owner creates a location, edits its hours and sees it in the list', async () => {
    const { page, close } = await demo.page();
    const name = `Pop-up ${Date.now().toString(36)}`;
    await page.goto(`/business/${demo.businessId}/pos/locations`);
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    await page.getByRole('link', { name: 'Roastery (online store)' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'locations-list');

    await page.getByRole('link', { name: 'Create location' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create location' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+65 6222 0000');
    await page.getByRole('textbox', { name: /^Address line 1 \(optional\)/ }).fill('3 Duxton Hill');
    await page.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await page.getByRole('textbox', { name: /^Footer/ }).fill('Thanks for visiting the pop-up');
    await screenshot(page, 'location-create');
    await bar(page, 'Create location').click();

    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Mon–Fri 09:00–18:00').waitFor();
    await row.getByRole('link', { name }).click();

    await page.getByRole('heading', { level: 1, name: 'Edit location' }).waitFor();
    await page.getByLabel('Tuesday closes').fill('08:00');
    await bar(page, 'Save').click();
    await page.getByText('The closing time must be after the opening time').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Tuesday closes').fill('18:00');
    await page.getByLabel('Monday closes').fill('20:00');
    await page.getByRole('checkbox', { name: 'Sunday' }).check();
    await bar(page, 'Save').click();

    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    await page.getByRole('row').filter({ hasText: name }).getByText('Mon 09:00–20:00 · Tue–Fri 09:00–18:00 · Sun 09:00–18:00').waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Location settings' }).waitFor();
    // The choice reads as the location's name once the locations have arrived.
    await expect.poll(() => page.getByRole('textbox', { name: /^Location the online store sells from/ }).inputValue()).toBe('Roastery');
    await expectAccessible(page);
    await close();
  });

  it('fits a phone, under the online store as well', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/online-store/locations`);
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    await page.getByRole('list', { name: 'Locations' }).getByRole('link', { name: 'Tanjong Pagar kiosk' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'locations-list-375');
    await page.getByRole('list', { name: 'Locations' }).getByRole('link', { name: 'Tanjong Pagar kiosk' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit location' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/online-store\/locations\/[0-9a-f-]{36}\/edit$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'location-edit-375');
    await close();
  });
});
