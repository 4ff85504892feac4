import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, expectAccessible, newPage, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Store design (docs/online-store.md, "Store design"): the owner opens the demo store's live theme in the designer,
 * adds a section, moves it up with the keyboard, sees it in the preview, publishes, and a customer on the shop host
 * sees it in that place; then the section is removed and the theme published again (the demo is left as it was).
 */

const demo = demoTests();
const at = (path: string) => `/business/${demo.businessId}/online-store/${path}`;
const shopOrigin = () => {
  const url = new URL(baseURL());
  url.hostname = 'demo-coffee.shop.localhost';
  return url.origin;
};

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish theme' });
  await dialog.waitFor();
  const published = page.waitForResponse((r) => r.url().endsWith('/publish') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  expect((await published).status()).toBe(200);
  await page.getByText('All changes saved').waitFor();
}

describe('online store: store design', () => {
  it('the owner adds a section, reorders it by keyboard, publishes, and the storefront shows it there', async () => {
    const { page, close } = await demo.page({ width: 1280, height: 900 });
    const heading = `Roasting notes ${Date.now().toString(36)}`;

    await page.goto(at('store-design'));
    await page.getByRole('heading', { level: 1, name: 'Customize store' }).waitFor();
    const liveRow = page.getByRole('row').filter({ hasText: 'Demo Coffee' });
    await liveRow.getByText('Live').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-design-list');
    await liveRow.getByRole('link', { name: 'Customise Demo Coffee' }).click();

    await page.getByRole('heading', { level: 1, name: 'Theme designer: Demo Coffee' }).waitFor();
    const preview = page.frameLocator('iframe[title="Store preview"]');
    await preview.getByRole('heading', { name: 'Fresh beans, every week' }).waitFor();

    // Add a rich text section: it comes last, chosen, with its settings form.
    await page.getByRole('textbox', { name: 'Section type' }).click();
    await page.getByRole('option', { name: 'Rich text' }).click();
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('heading', { level: 2, name: 'Rich text settings' }).waitFor();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill(heading);
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Our beans rest for a week before they ship.');
    await preview.getByRole('heading', { name: heading }).waitFor();

    // Up twice by keyboard: before the testimonials and the footer.
    const sections = page.getByRole('list', { name: 'Sections of the page' }).getByRole('listitem');
    const count = await sections.count();
    expect(await sections.nth(count - 1).innerText()).toContain(heading);
    await page.getByRole('button', { name: 'Move Rich text up' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Rich text moved to position ${count - 1}` })
      .waitFor();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Rich text moved to position ${count - 2}` })
      .waitFor();
    expect(await sections.nth(count - 3).innerText()).toContain(heading);

    // Undo and redo the last move.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await sections.nth(count - 2).innerText()).toContain(heading);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await sections.nth(count - 3).innerText()).toContain(heading);
    await expectAccessible(page);
    await screenshot(page, 'store-design-designer');

    await publish(page);

    // A customer on a phone sees it, between the products and the testimonials.
    const { context: shopContext, page: shop } = await newPage(demo.browser, { width: 375, height: 800 });
    await shop.goto(`${shopOrigin()}/`);
    await shop.getByRole('heading', { level: 2, name: heading }).waitFor();
    const order = await shop.evaluate(() => [...document.querySelectorAll('[data-section]')].map((e) => e.getAttribute('data-section') ?? ''));
    const mine = order.findIndex((id) => id.startsWith('rich-text-'));
    expect(order[mine + 1]).toBe('testimonials-1');
    expect(order[mine - 1]).toBe('product-grid-1');
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(shop);
    await screenshot(shop, 'store-design-storefront-375');

    // Back as it was: the section removed and the theme published again.
    await page.getByRole('button', { name: 'Remove Rich text' }).click();
    await publish(page);
    await shop.reload();
    await shop.getByRole('heading', { level: 2, name: 'What our customers say' }).waitFor();
    expect(await shop.getByRole('heading', { name: heading }).count()).toBe(0);
    await shopContext.close();
    await close();
  });

  it('fits a phone: the themes list and the designer, its preview at phone width under the editor', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(at('store-design'));
    await page.getByRole('heading', { level: 1, name: 'Customize store' }).waitFor();
    await page.getByText('Live').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'store-design-list-375');

    await page.getByRole('link', { name: 'Customise Demo Coffee' }).click();
    await page.getByRole('heading', { level: 1, name: 'Theme designer: Demo Coffee' }).waitFor();
    await page.locator('label', { hasText: 'Phone' }).click();
    expect(await page.getByRole('radio', { name: 'Phone' }).isChecked()).toBe(true);
    await page.frameLocator('iframe[title="Store preview"]').getByRole('heading', { name: 'Fresh beans, every week' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'store-design-designer-375');
    await close();
  });
});
