import { afterAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { productEndpoints } from '@merchant/catalogue';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Products from a CSV in the browser (issue 26): the owner imports a file of 50 products from the point of sale's
 * products list; the two bad rows are refused with their reasons, the other 48 are added and found in the list.
 */
const RUN = Date.now().toString(36).toUpperCase();
const demo = demoTests();
const sku = (n: number) => `IMP-${RUN}-${String(n).padStart(2, '0')}`;

const CSV = [
  'sku,name,price,cost,channels',
  ...Array.from({ length: 50 }, (_, i) => {
    const n = i + 1;
    if (n === 17) return `${sku(n)},Imported ${RUN} ${n},4.505,,pos`;
    if (n === 33) return `${sku(n)},Imported ${RUN} ${n},4.50,,pos drive_through`;
    return `${sku(n)},Imported ${RUN} ${n},${n}.50,1.00,pos online_store`;
  }),
].join('\r\n');

describe('the product import in the browser', () => {
  // The demo business is shared by every browser test file: the 48 products this file adds would push the demo's own
  // products off the register's first page (sorted by name) and the storefront's. They are archived after the file.
  afterAll(async () => {
    const params = { business_id: demo.businessId };
    const found = await demo.api.call<{ data: { id: string }[] }>(
      'GET',
      `${endpointPath(productEndpoints.list, { params })}?q=${encodeURIComponent(`Imported ${RUN}`)}&limit=100`,
    );
    for (const p of found.data) await demo.api.call('POST', endpointPath(productEndpoints.archive, { params: { ...params, product_id: p.id } }));
  });

  it('a CSV of 50 products imports 48 and reports the two refused rows with why (1280 px)', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/pos/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.getByRole('table', { name: 'Columns of the file' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'product-import-upload-1280');

    await dialog.locator('input[type="file"]').setInputFiles({ name: `products-${RUN}.csv`, mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await dialog.getByText('50 rows: 48 to add, 0 to update, 2 refused.').waitFor();
    await dialog.getByText('2 rows are refused').waitFor();
    const rows = dialog.getByRole('table', { name: 'Rows of the file' });
    const priced = rows.getByRole('row').filter({ hasText: sku(17) });
    await priced.getByText('Refused').waitFor();
    await priced.getByText(/^price: Enter an amount such as 18\.50/).waitFor();
    const channel = rows.getByRole('row').filter({ hasText: sku(33) });
    await channel.getByText('channels: Unknown channel drive_through: use payments, pos or online_store').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'product-import-preview-1280');

    await dialog.getByRole('button', { name: 'Import 48 rows' }).click();
    await dialog.getByText('Imported 48 products').waitFor({ timeout: 60_000 });
    await dialog.getByText('2 rows were not imported: the report says why.').waitFor();
    await rows
      .getByRole('row')
      .filter({ hasText: sku(1) })
      .getByText('Imported', { exact: true })
      .waitFor();
    const report = dialog.getByRole('link', { name: 'Download report (CSV)' });
    expect(await report.getAttribute('href')).toMatch(/\/product-imports\/[0-9a-f-]+\/report$/);
    await expectAccessible(page);
    await screenshot(page, 'product-import-result-1280');
    await page.keyboard.press('Escape');

    // The list finds them, and its export carries its search.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`IMP-${RUN}`);
    const list = page.getByRole('table', { name: 'Products' });
    await list.getByText(`Imported ${RUN} 50`).waitFor();
    expect(await list.getByText(`Imported ${RUN} 17`).count()).toBe(0);
    const exported = page.getByRole('link', { name: 'Export CSV' });
    await expect.poll(() => exported.getAttribute('href')).toContain(`q=IMP-${RUN}`);
    await close();
  });

  it('fits a 375 px phone', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/online-store/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    // On a phone the columns are cards, not a table.
    await dialog.getByText('Download template').waitFor();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku,name,price\nPH-${RUN},Phone ${RUN},2.00\nPH-${RUN},Twice,2.00\n`) });
    await dialog.getByText('2 rows: 1 to add, 0 to update, 1 refused.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'product-import-preview-375');
    await close();
  });
});
