import { describe, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Abandoned carts (docs/online-store.md, "Abandoned carts"): the demo store's carts left at the checkout, on the
 * Orders screen's "Abandoned carts" tab, at desktop width and on a phone.
 */
const demo = demoTests();
const ordersPath = () => `/business/${demo.businessId}/online-store/orders`;

describe('online store: abandoned carts', () => {
  it('the owner opens the Abandoned carts tab of the orders and sees the cart that got its recovery mail', async () => {
    const { page, close } = await demo.page();
    await page.goto(ordersPath());
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('tab', { name: 'Abandoned carts' }).click();
    await page.waitForURL(/tab=abandoned/);
    const table = page.getByRole('table', { name: 'Abandoned carts' });
    const row = table.getByRole('row').filter({ hasText: 'liam.oconnor@example.com' });
    await row.waitFor();
    await row.getByText('1 × House blend').waitFor();
    await row.getByText('Not recovered').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-abandoned-carts');
    await close();
  });

  it('lists them on a phone', async () => {
    const { page, close } = await demo.page({ width: 375, height: 800 });
    await page.goto(`${ordersPath()}?tab=abandoned`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('liam.oconnor@example.com').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-abandoned-carts-phone');
    await close();
  });
});
