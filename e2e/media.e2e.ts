import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { endpointPath } from '@merchant/core';
import { productEndpoints } from '@merchant/catalogue';
import { baseURL, expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Images (issues 26 and 28): the owner uploads an image in the online store's media screen and edits its alt text;
 * adds an image to a product in its form, sees it in the product list, and on the storefront's product page.
 */
const RUN = Date.now().toString(36);
const demo = demoTests();
const store = (path: string) => `/business/${demo.businessId}/online-store/${path}`;

/** A test picture made here (no binary fixtures): a two-colour PNG. */
async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: await sharp({ create: { width: Math.round(width / 2), height, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

async function settled(page: Page, title: string | RegExp, shot: string) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('status', { name: /^Loading/ }).waitFor({ state: 'detached' });
  await expectAccessible(page);
  await screenshot(page, shot);
}

/** Whether an img has loaded its picture (a broken one has no natural width). */
const loaded = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(s);
    return img !== null && img.complete && img.naturalWidth > 0;
  }, selector);

describe('images', () => {
  it('the media screen uploads an image and edits its alt text (1280 px and 375 px)', async () => {
    const { page, close } = await demo.page();
    await page.goto(store('media'));
    await settled(page, 'Media', 'media-list-1280');
    await page.getByRole('textbox', { name: 'Alt text' }).fill(`Beans ${RUN}`);
    await page.locator('input[type=file]').setInputFiles({ name: `beans-${RUN}.png`, mimeType: 'image/png', buffer: await picture(800, 600, '#8b4513') });
    const link = page.getByRole('link', { name: `beans-${RUN}.png` });
    await link.waitFor();
    await loaded(page, `img[alt="Beans ${RUN}"]`);
    // Text renamed .png is refused by its bytes.
    await page.locator('input[type=file]').setInputFiles({ name: `notes-${RUN}.png`, mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText('Not an image. Upload a JPEG, PNG, WebP or GIF file.').waitFor();

    await link.click();
    await settled(page, `beans-${RUN}.png`, 'media-edit-1280');
    await page.getByText('Not used by any product or category.').waitFor();
    await page.getByRole('textbox', { name: 'Alt text' }).fill(`Roasted beans in a bowl ${RUN}`);
    await page.getByRole('button', { name: 'Save image' }).click();
    await page.getByText('All changes saved').waitFor();
    await page.goto(store('media'));
    await page.getByRole('searchbox', { name: 'Search media' }).fill(`bowl ${RUN}`);
    await page.getByRole('link', { name: `beans-${RUN}.png` }).waitFor();
    await expect(page.getByRole('list', { name: 'Images' }).getByRole('listitem').count()).resolves.toBe(1);
    await close();

    const phone = await demo.page({ width: 375 });
    await phone.page.goto(store(`media?search=${encodeURIComponent(RUN)}`));
    await settled(phone.page, 'Media', 'media-list-375');
    await phone.page.getByRole('link', { name: `beans-${RUN}.png` }).click();
    await settled(phone.page, `beans-${RUN}.png`, 'media-edit-375');
    await expect(phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await phone.close();
  });

  it('the owner adds an image to a product and sees it in the product list and on the storefront product page', async () => {
    const product = await demo.api.call<{ id: string }>('POST', endpointPath(productEndpoints.create, { params: { business_id: demo.businessId } }), {
      name: `Pictured mug ${RUN}`,
      variants: [{ price: 18_00 }],
    });
    const { page, close } = await demo.page();
    await page.goto(store(`products/${product.id}/edit`));
    await settled(page, `Pictured mug ${RUN}`, 'product-images-1280');
    await page
      .getByRole('region', { name: 'Images' })
      .locator('input[type=file]')
      .setInputFiles({
        name: `mug-${RUN}.png`,
        mimeType: 'image/png',
        buffer: await picture(600, 600, '#1c5bd6'),
      });
    const alt = page.getByRole('textbox', { name: 'Alt text' });
    await alt.waitFor();
    await alt.fill(`A blue mug ${RUN}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForURL(/\/online-store\/products$/);

    // The list shows its thumbnail beside its name.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`Pictured mug ${RUN}`);
    const row = page.getByRole('row', { name: new RegExp(`Pictured mug ${RUN}`) });
    await row.waitFor();
    await loaded(page, 'table img[src*=".w160.webp"]');
    await screenshot(page, 'product-list-thumbnail-1280');

    // The storefront's product page shows it with its alt text, and names it for social previews.
    const shop = new URL(baseURL());
    shop.hostname = 'demo-coffee.shop.localhost';
    await page.goto(`${shop.origin}/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: `Pictured mug ${RUN}` }).waitFor();
    await loaded(page, `img[alt="A blue mug ${RUN}"]`);
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toMatch(new RegExp(`^${shop.origin.replace(/[.]/g, '\\.')}/v1/store-media/.+\\.w1200\\.webp$`));
    await expectAccessible(page);
    await screenshot(page, 'storefront-product-image-1280');

    // The library says where it is used.
    await page.goto(store(`media?search=mug-${RUN}`));
    await page.getByRole('link', { name: `mug-${RUN}.png` }).click();
    await page.getByRole('link', { name: `Pictured mug ${RUN}` }).waitFor();
    await close();
  });
});
