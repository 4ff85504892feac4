import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { endpointPath } from '@merchant/core';
import { productEndpoints } from '@merchant/catalogue';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The catalogue's screens in the point of sale (issue 26): the owner makes an add-on group, a category and a product
 * with two variants in it; a cashier sees the product and cannot change its price; the product log shows the changes
 * and exports them.
 */
const RUN = Date.now().toString(36);
const demo = demoTests();

// The demo business is shared by every browser test file: the product made here ("Latte …") would stand beside the
// demo's own Latte on the register's tiles and the storefront. It is archived after the file.
afterAll(async () => {
  const params = { business_id: demo.businessId };
  const found = await demo.api.call<{ data: { id: string }[] }>(
    'GET',
    `${endpointPath(productEndpoints.list, { params })}?q=${encodeURIComponent(names.product)}&limit=100`,
  );
  for (const p of found.data) await demo.api.call('POST', endpointPath(productEndpoints.archive, { params: { ...params, product_id: p.id } }));
});
const pos = (path: string) => `/business/${demo.businessId}/pos/${path}`;

const names = { group: `Milk ${RUN}`, category: `Drinks ${RUN}`, product: `Latte ${RUN}`, taken: `Taken ${RUN}` };
const skus = { small: `LAT-S-${RUN}`.toUpperCase(), taken: `DUP-${RUN}`.toUpperCase() };
let productId = '';

/** The page's h1 shows the title, axe finds nothing serious, and a screenshot is kept when asked for. */
async function settled(page: Page, title: string | RegExp, shot: string) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('status', { name: /^Loading/ }).waitFor({ state: 'detached' });
  await expectAccessible(page);
  await screenshot(page, shot);
}

describe('the catalogue screens in the browser', () => {
  it('the owner makes an add-on group, a category and a product with two variants in it (1280 px)', async () => {
    const { page, close } = await demo.page();

    // An add-on group with two priced choices.
    await page.goto(pos('product-customisation'));
    await settled(page, 'Product customisation', 'catalogue-add-ons-1280');
    await page.getByRole('link', { name: 'New add-on group' }).first().click();
    await settled(page, 'New add-on group', 'catalogue-add-on-create-1280');
    await page.getByRole('textbox', { name: 'Name' }).fill(names.group);
    await page.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('Oat');
    await page.getByRole('textbox', { name: 'Price of choice 1' }).fill('0.8');
    await page.getByRole('button', { name: 'Add choice' }).click();
    await page.getByRole('textbox', { name: 'Choice 2', exact: true }).fill('Soy');
    await page.getByRole('textbox', { name: 'Price of choice 2' }).fill('0.5');
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.waitForURL(/\/pos\/product-customisation$/);
    const groups = page.getByRole('table', { name: 'Add-on groups' });
    await groups.getByText('Oat +SGD 0.80, Soy +SGD 0.50').waitFor();

    // A category, at the end of the list.
    await page.goto(pos('product-categories'));
    await settled(page, 'Product categories', 'catalogue-categories-1280');
    await page.getByRole('link', { name: 'New category' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill(names.category);
    await page.getByRole('button', { name: 'Add category' }).click();
    await settled(page, names.category, 'catalogue-category-detail-1280');
    await page.getByText('No products in this category').waitFor();

    // Another product holds a SKU already: the server's refusal lands on the variant's field.
    await demo.api.call('POST', endpointPath(productEndpoints.create, { params: { business_id: demo.businessId } }), {
      name: names.taken,
      variants: [{ price: 300, sku: skus.taken }],
    });

    await page.goto(pos('products'));
    await settled(page, 'Products', 'catalogue-products-1280');
    await page.getByRole('link', { name: 'New product' }).first().click();
    await settled(page, 'New product', 'catalogue-product-create-1280');
    await page.getByText('No image yet.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(names.product);
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Size');
    await page.getByRole('textbox', { name: 'Values of option 1' }).fill('Small, Large');
    await page.getByRole('textbox', { name: 'Values of option 1' }).blur();
    const small = page.getByRole('group', { name: 'Small' });
    const large = page.getByRole('group', { name: 'Large' });
    await small.getByRole('textbox', { name: 'Price', exact: true }).fill('4.5');
    await small.getByRole('textbox', { name: 'SKU' }).fill(skus.small);
    await large.getByRole('textbox', { name: 'Price', exact: true }).fill('5.5');
    await large.getByRole('textbox', { name: 'Compare-at price' }).fill('6');
    await large.getByRole('textbox', { name: 'SKU' }).fill(skus.taken);
    // A business has many categories (the whole suite's, in a full run): the picker is searched, as a merchant would.
    await page.getByRole('textbox', { name: 'Category' }).fill(names.category);
    await page.getByRole('option', { name: names.category }).click();
    await page.getByRole('checkbox', { name: new RegExp(names.group) }).check();
    await page.getByRole('button', { name: 'Add product' }).click();
    await large.getByText(`The SKU ${skus.taken} is already used by another product`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'catalogue-product-sku-taken-1280');
    await large.getByRole('textbox', { name: 'SKU' }).fill(`LAT-L-${RUN}`);
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.waitForURL(/\/pos\/products$/);

    // Found by the start of its SKU, from 4.50, in its category with its add-on group.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(skus.small.slice(0, -2));
    await page.waitForURL(/search=/);
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: names.product }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText('From SGD 4.50').waitFor();
    await table.getByText(names.category).waitFor();
    await table.getByRole('link', { name: names.product }).click();
    await settled(page, names.product, 'catalogue-product-edit-1280');
    productId = /\/products\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] ?? '';
    expect(await page.getByRole('checkbox', { name: new RegExp(names.group) }).isChecked()).toBe(true);

    // A price change, for the log.
    await page.getByRole('group', { name: 'Small' }).getByRole('textbox', { name: 'Price', exact: true }).fill('4.8');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForURL(/\/pos\/products(\?.*)?$/);

    await page.goto(pos('product-categories'));
    const categories = page.getByRole('table', { name: 'Product categories' });
    await categories
      .getByRole('row', { name: new RegExp(names.category) })
      .getByText('1', { exact: true })
      .waitFor();
    await close();
  });

  it('a cashier sees the product and cannot change its price (375 px)', async () => {
    const { page, close } = await demo.page({ as: 'cashier@demo.test', width: 375 });
    await page.goto(pos('products'));
    await settled(page, 'Products', 'catalogue-products-cashier-375');
    expect(await page.getByRole('link', { name: 'New product' }).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(names.product);
    // The search goes into the address after a pause: a click before it would be undone by it.
    await page.waitForURL(/search=/);
    const cards = page.getByRole('list', { name: 'Products' });
    await cards.getByRole('link', { name: names.product }).click();
    await settled(page, names.product, 'catalogue-product-cashier-375');
    const price = page.getByRole('group', { name: 'Small' }).getByRole('textbox', { name: 'Price', exact: true });
    expect(await price.inputValue()).toBe('4.80');
    expect(await price.isEditable()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Name' }).isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save product' }).count()).toBe(0);
    await page.getByText('you can see them here but not change them').waitFor();
    await close();
  });

  it('the product log shows the changes by product and kind and exports them (375 px)', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(pos(`product-logs?product_id=${productId}&kind=price`));
    await settled(page, 'Product logs', 'catalogue-product-log-375');
    const cards = page.getByRole('list', { name: 'Product log' });
    await cards.getByText('SGD 4.50').first().waitFor();
    await cards.getByText('SGD 4.80').first().waitFor();
    await expect.poll(() => cards.getByRole('listitem').count()).toBe(4); // made at two prices and a compare-at price, then one price changed
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toContain(`product_id=${productId}`);
    const csv = await (await page.request.get(href!)).text();
    expect(csv.split('\r\n').filter((line) => line.includes(names.product))).toHaveLength(4);
    expect(csv).toContain('4.50,4.80');

    // The other catalogue screens at a phone's width.
    await page.goto(pos('product-categories'));
    await settled(page, 'Product categories', 'catalogue-categories-375');
    await page.goto(pos('product-categories/all-products'));
    await settled(page, 'All products', 'catalogue-all-products-375');
    await page.goto(pos('product-customisation'));
    await settled(page, 'Product customisation', 'catalogue-add-ons-375');
    await page.getByRole('list', { name: 'Add-on groups' }).getByRole('link', { name: names.group }).click();
    await settled(page, names.group, 'catalogue-add-on-edit-375');
    await page.goto(pos(`products/${productId}/edit`));
    await settled(page, names.product, 'catalogue-product-edit-375');
    await close();
  });
});
