import { afterAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { surchargeEndpoints, taxEndpoints } from '@merchant/catalogue';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** Taxes, discounts and surcharges: the owner's main path at desktop width, and the shared screens on a phone. */

const demo = demoTests();
const SUFFIX = Date.now().toString(36);

// The demo business is shared by every browser test file: the tax and surcharge made here would price the register's
// and the store's later sales (their totals are asserted). They are archived after the file.
afterAll(async () => {
  const params = { business_id: demo.businessId };
  const ours = (list: { data: { id: string; name: string }[] }) => list.data.filter((x) => x.name.endsWith(SUFFIX));
  const taxes = await demo.api.call<{ data: { id: string; name: string }[] }>('GET', `${endpointPath(taxEndpoints.list, { params })}?limit=100`);
  for (const x of ours(taxes)) await demo.api.call('POST', endpointPath(taxEndpoints.archive, { params: { ...params, tax_id: x.id } }));
  const surcharges = await demo.api.call<{ data: { id: string; name: string }[] }>('GET', `${endpointPath(surchargeEndpoints.list, { params })}?limit=100`);
  for (const x of ours(surcharges)) await demo.api.call('POST', endpointPath(surchargeEndpoints.archive, { params: { ...params, surcharge_id: x.id } }));
});

const bar = (page: Page, name: string) => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });

describe('taxes, discounts and surcharges', () => {
  it('the owner creates a tax, a discount and a surcharge, sees them listed, edits the tax and archives the discount', async () => {
    const { page, close } = await demo.page();
    const suffix = SUFFIX;
    const names = { tax: `City tax ${suffix}`, discount: `Opening week ${suffix}`, surcharge: `Service ${suffix}` };

    // A tax at 8.25 %, entered as a percentage.
    await page.goto(`/business/${demo.businessId}/pos/settings/taxes`);
    await page.getByRole('heading', { level: 1, name: 'Taxes' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create tax' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create tax' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(names.tax);
    await page.getByRole('textbox', { name: /^Rate/ }).fill('8.25');
    await expectAccessible(page);
    await screenshot(page, 'tax-create');
    await bar(page, 'Create tax').click();
    await page.getByRole('heading', { level: 1, name: 'Taxes' }).waitFor();
    const taxRow = page.getByRole('row').filter({ hasText: names.tax });
    await taxRow.getByText('8.25 %').waitFor();

    // Edit it: 9 %.
    await taxRow.getByRole('link', { name: names.tax }).click();
    await page.getByRole('heading', { level: 1, name: names.tax }).waitFor();
    await page.getByRole('textbox', { name: /^Rate/ }).fill('9');
    await bar(page, 'Save tax').click();
    await page.getByRole('heading', { level: 1, name: 'Taxes' }).waitFor();
    await page.getByRole('row').filter({ hasText: names.tax }).getByText('9 %').waitFor();

    // The tax settings.
    await page.getByRole('link', { name: 'Tax settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tax settings' }).waitFor();
    await expectAccessible(page);

    // A discount: a name is needed first, then 10 % off the order.
    await page.goto(`/business/${demo.businessId}/pos/discounts/create`);
    await page.getByRole('heading', { level: 1, name: 'Create discount' }).waitFor();
    await page.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
    await bar(page, 'Create discount').click();
    await page.getByText('Enter a name').waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^Name/ }).fill(names.discount);
    await page.getByRole('switch', { name: /Apply automatically/ }).check();
    await bar(page, 'Create discount').click();
    await page.getByRole('heading', { level: 1, name: 'Discounts' }).waitFor();
    const discountRow = page.getByRole('row').filter({ hasText: names.discount });
    await discountRow.getByText('10 % off the order').waitFor();
    await discountRow.getByText('Automatically').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'discounts-list');

    // A service charge of 10 %, taxed by the lines' taxes.
    await page.goto(`/business/${demo.businessId}/pos/settings/surcharges/create`);
    await page.getByRole('heading', { level: 1, name: 'Create surcharge' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(names.surcharge);
    await page.getByRole('textbox', { name: /^Percentage/ }).fill('10');
    await page.getByRole('switch', { name: /Taxed/ }).check();
    await expectAccessible(page);
    await bar(page, 'Create surcharge').click();
    await page.getByRole('heading', { level: 1, name: 'Surcharges' }).waitFor();
    const surchargeRow = page.getByRole('row').filter({ hasText: names.surcharge });
    await surchargeRow.getByText('Service charge').waitFor();
    await expectAccessible(page);

    // Archive the discount, after confirming.
    await page.goto(`/business/${demo.businessId}/pos/discounts`);
    await page.getByRole('row').filter({ hasText: names.discount }).getByRole('link', { name: names.discount }).click();
    await page.getByRole('heading', { level: 1, name: names.discount }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const dialog = page.getByRole('dialog', { name: `Archive “${names.discount}”?` });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Archive discount' }).click();
    await page.getByText(`${names.discount} archived.`).waitFor();
    await page.goto(`/business/${demo.businessId}/pos/discounts?status=archived`);
    await page.getByRole('row').filter({ hasText: names.discount }).getByText('Archived').waitFor();
    await close();
  });

  it('shows the same screens under the online store, and fits a phone', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/online-store/discounts`);
    await page.getByRole('heading', { level: 1, name: 'Discounts' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.goto(`/business/${demo.businessId}/online-store/discounts/create`);
    await page.getByRole('heading', { level: 1, name: 'Create discount' }).waitFor();
    // Under the store a new discount is offered in the store.
    expect(await page.getByRole('checkbox', { name: 'Online store' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Point of sale' }).isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.goto(`/business/${demo.businessId}/online-store/settings/taxes/create`);
    await page.getByRole('heading', { level: 1, name: 'Create tax' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await close();
  });
});
