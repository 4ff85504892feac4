import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, uniqueEmail } from './support';
import { demoTests } from './demo';

/**
 * Bulk invoices in the browser: the owner uploads a CSV with two good rows and a bad one, reads why the bad
 * row is refused, confirms, watches the progress finish and finds the two drafts in the invoice list.
 */
const RUN = Date.now().toString(36);

const demo = demoTests();

const CSV = [
  'customer_email,customer_name,description,quantity,unit_price,currency,issue_date,due_date,discount_percent,tax_name,tax_percent,notes',
  `${uniqueEmail('bulk-a')},Bulk ${RUN} Ada,Beans subscription,2,12.50,,,2027-01-31,,,,`,
  `${uniqueEmail('bulk-b')},Bulk ${RUN} Ben,Catering,1,80,,,2027-01-31,,GST,9,`,
  `${uniqueEmail('bulk-c')},Bulk ${RUN} Cy,Refund owed,1,-5,,,2027-01-31,,,,`,
].join('\r\n');

describe('bulk invoices in the browser', () => {
  it('a CSV with good and bad rows creates the good ones and reports the bad ones', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/invoices`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Bulk create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bulk create invoices' }).waitFor();
    await page.getByRole('table', { name: 'Columns of the file' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'invoice-import-upload');

    await page.locator('input[type="file"]').setInputFiles({ name: `bulk-${RUN}.csv`, mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await page.getByRole('heading', { name: 'Check the rows' }).waitFor();
    await page.getByText('3 rows, 2 ready, 1 with problems').waitFor();
    const rows = page.getByRole('table', { name: 'Rows of the file' });
    const bad = rows.getByRole('row').filter({ hasText: 'Refund owed' });
    await bad.getByText('Not imported').waitFor();
    await bad.getByText('unit_price: The amount cannot be negative').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'invoice-import-preview');

    await page.getByRole('button', { name: 'Create 2 invoices' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 20_000 });
    await page.getByText('Created 2 draft invoices').waitFor();
    await rows.getByRole('link', { name: /^INV-/ }).first().waitFor();
    expect(await rows.getByRole('link', { name: /^INV-/ }).count()).toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'invoice-import-result');

    // The upload is listed for later: back to its result from the list of earlier uploads.
    await page.getByRole('button', { name: 'Upload another file' }).click();
    const earlier = page
      .getByRole('table', { name: 'Earlier uploads' })
      .getByRole('row')
      .filter({ hasText: `bulk-${RUN}.csv` });
    await earlier.getByText('Done').waitFor();
    await earlier.getByRole('link', { name: `bulk-${RUN}.csv` }).click();
    await page.getByText('Created 2 draft invoices').waitFor();

    await page.getByRole('link', { name: 'View invoices' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill(`Bulk ${RUN}`);
    const list = page.getByRole('table', { name: 'Invoices' });
    await list.getByText(`Bulk ${RUN} Ada`).waitFor();
    await expect.poll(() => list.getByRole('row').count()).toBe(3);
    await close();
  });

  it('fits a 375 px phone, the feed-file screen too', async () => {
    const { page, close } = await demo.page({ width: 375 });
    for (const [path, title] of [
      ['bulk-create', 'Bulk create invoices'],
      ['feed-upload', 'Upload invoice feed file'],
    ] as const) {
      await page.goto(`/business/${demo.businessId}/payments/invoices/${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, `invoice-import-${path}-phone`);
    }
    await page.locator('input[type="file"]').setInputFiles({
      name: `feed-${RUN}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`Email,Item,Price,Due Date\n${uniqueEmail('feed')},Tea,4.5,2027-01-31\n`),
    });
    await page.getByRole('heading', { name: 'Check the rows' }).waitFor();
    await page.getByText('Columns read: Email as customer_email, Item as description, Price as unit_price, Due Date as due_date.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'invoice-import-preview-phone');
    await close();
  });
});
