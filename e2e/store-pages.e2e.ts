import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, expectAccessible, newPage, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The online store's pages and its overview (docs/online-store.md, "Pages" and "Shop insight"): the owner writes a page
 * with hostile text and publishes it, a customer reads it on the storefront (found through its footer, the text shown as
 * text), the overview shows its figures against the previous period and its daily sales chart, and the page is deleted after confirming (the demo is left as it was).
 */

const demo = demoTests();
const bar = (page: Page, name: string) => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });
const at = (path: string) => `/business/${demo.businessId}/online-store${path ? `/${path}` : ''}`;
const shopOrigin = () => {
  const url = new URL(baseURL());
  url.hostname = 'demo-coffee.shop.localhost';
  return url.origin;
};

describe('online store: pages and shop insight', () => {
  it('the owner publishes a page, a customer reads it on the store, the overview shows figures, and the page is deleted', async () => {
    const { page, close } = await demo.page();
    const suffix = Date.now().toString(36);
    const title = `About us ${suffix}`;

    await page.goto(at('pages'));
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create page' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create page' }).waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    // The address follows the title.
    expect(await page.getByRole('textbox', { name: /^Address/ }).inputValue()).toBe(`about-us-${suffix}`);
    await page
      .getByRole('textbox', { name: /^Text/ })
      .fill(['## Our story', '', 'We <script>window.hacked = 1</script> roast **daily**.', '', '- [See the menu](/search?q=latte)'].join('\n'));
    await page.getByRole('switch', { name: 'Published' }).click({ force: true });
    await expectAccessible(page);
    await screenshot(page, 'store-page-create');
    await bar(page, 'Create page').click();

    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Published').waitFor();
    await row.getByText(`/pages/about-us-${suffix}`).waitFor();
    await page.getByRole('searchbox', { name: /^Search pages/ }).fill(suffix);
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-pages-list');

    // A customer on a phone finds it in the storefront's footer; the hostile text is text.
    const { context: shopContext, page: shop } = await newPage(demo.browser, { width: 375, height: 800 });
    await shop.goto(`${shopOrigin()}/`);
    await shop.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: title }).click();
    await shop.getByRole('heading', { level: 1, name: title }).waitFor();
    await shop.getByRole('heading', { level: 2, name: 'Our story' }).waitFor();
    await shop.getByText('We <script>window.hacked = 1</script> roast daily.').waitFor();
    expect(await shop.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await shop.getByRole('link', { name: 'See the menu' }).waitFor();
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(shop);
    await screenshot(shop, 'store-page-storefront-375');

    // The overview: the demo store's figures for the last 30 days, the page views above among them.
    await page.goto(at(''));
    await page.getByRole('heading', { level: 1, name: 'Shop insight' }).waitFor();
    await page.getByText('Visits', { exact: true }).waitFor();
    await page.getByText('Conversion', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Top products' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Orders by status' }).waitFor();
    // Each figure against the previous 30 days, in words; the daily sales as bars over a table of the days.
    await page
      .getByText(/vs the previous 30 days$/)
      .first()
      .waitFor();
    expect(await page.getByText(/vs the previous 30 days$/).count()).toBe(7);
    await page.getByRole('table', { name: /^Daily sales, / }).waitFor({ state: 'attached' });
    await page.locator('figure canvas').first().waitFor();
    await page.getByText('7 days', { exact: true }).click();
    await page.waitForURL(/range=7/);
    await page.getByText('Visits', { exact: true }).waitFor();
    await page
      .getByText(/vs the previous 7 days$/)
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('table', { name: /^Daily sales, / })
        .getByRole('row')
        .count(),
    ).toBe(1 + 7);
    await expectAccessible(page);
    await screenshot(page, 'store-insight');

    // Deleted after confirming: gone from the list and the store.
    await page.goto(at('pages'));
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit page' }).waitFor();
    await page.getByRole('button', { name: 'Delete page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete page' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await page.getByText('Page deleted.').waitFor();
    expect(await page.getByRole('row').filter({ hasText: title }).count()).toBe(0);
    const gone = await shop.goto(`${shopOrigin()}/pages/about-us-${suffix}`);
    expect(gone?.status()).toBe(404);
    await shopContext.close();
    await close();
  });

  it('fits a phone: the pages list, the page form and the overview', async () => {
    const { page, close } = await demo.page({ width: 375 });
    for (const [path, heading] of [
      ['pages', 'Pages'],
      ['pages/create', 'Create page'],
      ['', 'Shop insight'],
    ] as const) {
      await page.goto(at(path));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (path === '') {
        await page.getByText('Visits', { exact: true }).waitFor();
        await page
          .getByText(/vs the previous 30 days$/)
          .first()
          .waitFor();
        await page.locator('figure canvas').first().waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, `store-${path.replace(/\//g, '-') || 'insight'}-375`);
    }
    await close();
  });
});
