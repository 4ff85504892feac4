import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The payments catalogue in the browser: the owner adds, finds and edits a product and a customer, and archives the product. */
const RUN = Date.now().toString(36);

const demo = demoTests();

describe('products and customers in the browser', () => {
  it('the owner creates a product, finds it, edits its price and archives it', async () => {
    const { page, close } = await demo.page();
    const name = `House blend ${RUN}`;
    await page.goto(`/business/${demo.businessId}/payments/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('link', { name: 'New product' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await expectAccessible(page);

    // Server-side rules land on the fields: a price is required.
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByText('Enter a price').waitFor();
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('18.5');
    // Prices are in the business's currency.
    await page.getByText('SGD', { exact: true }).first().waitFor();
    await screenshot(page, 'product-create');
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.waitForURL(/\/payments\/products$/);

    await page.getByRole('searchbox', { name: 'Search products' }).fill(RUN);
    await page.waitForURL(new RegExp(`search=${RUN}`));
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name }).waitFor();
    // The searched list holds the header row and this product only.
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText('SGD 18.50').waitFor();
    await expectAccessible(page);

    await table.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('20');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForURL(/\/payments\/products/);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(RUN);
    await table.getByText('SGD 20.00').waitFor();

    await table.getByRole('button', { name: `Archive ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Archive “${name}”?` });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Archive product' }).click();
    await expect.poll(() => table.getByRole('link', { name }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Archived', exact: true }).click();
    await page.waitForURL(/status=archived/);
    await table.getByRole('link', { name }).waitFor();
    await screenshot(page, 'product-list-archived');
    await close();
  });

  it('the owner adds a customer, is told about a taken email, finds and edits them (375 px wide)', async () => {
    const { page, close } = await demo.page({ width: 375 });
    const email = `kim-${RUN}@example.test`;
    await page.goto(`/business/${demo.businessId}/payments/customers`);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();

    await page.getByRole('button', { name: 'New customer' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Kim ${RUN}`);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+65 8123 4567');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await page.getByRole('heading', { level: 1, name: `Kim ${RUN}` }).waitFor();
    await page.getByText('No payments yet').waitFor();
    await screenshot(page, 'customer-detail');

    // The same email again, in capitals: refused on the field.
    await page.goto(`/business/${demo.businessId}/payments/customers`);
    await page.getByRole('button', { name: 'New customer' }).first().click();
    dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Someone else');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await dialog.getByText('Another customer of this business already has this email').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('searchbox', { name: 'Search customers' }).fill(`8123 4567`);
    // On a phone the list is a card per customer (components/data-list.tsx).
    const table = page.getByRole('list', { name: 'Customers' });
    await table.getByRole('link', { name: `Kim ${RUN}` }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'customer-list-375');
    await table.getByRole('link', { name: `Kim ${RUN}` }).click();

    // On a phone the detail's actions fold into "More actions".
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit customer' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit customer' });
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Prefers oat milk');
    await dialog.getByRole('button', { name: 'Save customer' }).click();
    await page.getByText('Prefers oat milk').waitFor();
    await close();
  });
});
