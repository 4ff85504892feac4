import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PUBLIC_API_PATHS } from '@merchant/payments';
import { baseURL, DEMO_PASSWORD, expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Plugin integrations: the owner of the demo business adds an integration (asked for the password), sees its key
 * and salt once in full, and the key works against the API host; the list shows it masked; the edit screen renames
 * it; deleting it (with the password) refuses its key and leaves the demo business as it was. 375 and 1280 px, axe.
 */
const demo = demoTests();

/** A GET of the public API, as a shop's plugin sends it. */
function apiGet(path: string, key: string): Promise<number> {
  const port = new URL(baseURL()).port;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: `api.localhost:${port}`, 'x-business-api-key': key } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('plugin integrations in the browser', () => {
  for (const width of [375, 1280]) {
    it(`the owner adds an integration, sees its key once, edits and deletes it (${width} px wide)`, async () => {
      const suffix = `${width} ${Date.now().toString().slice(-6)}`;
      const name = `Shop ${suffix}`;
      const renamed = `Main shop ${suffix}`;
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/integrations`);
      await page.getByRole('heading', { level: 1, name: 'Plugins integration' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Add integration' }).first().click();

      await page.getByRole('heading', { level: 1, name: 'Add plugin integration' }).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('textbox', { name: 'Platform' }).click();
      await page.getByRole('option', { name: 'WooCommerce' }).click();
      await page.getByRole('textbox', { name: /^Callback URL/ }).fill('ftp://shop.example.com');
      await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Add integration' }).click();
      await page.getByText('Use an http:// or https:// address').waitFor();
      await page.getByRole('textbox', { name: /^Callback URL/ }).fill('https://shop.example.com/hitpay/callback');
      await expectAccessible(page);
      await screenshot(page, `integrations-create-${width}`);
      await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Add integration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add plugin integration' });
      await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: 'Add integration' }).click();
      await dialog.waitFor({ state: 'detached' });

      const shown = page.getByRole('region', { name: `Copy the key of "${name}" now` });
      const key = (await shown.locator('[data-secret="API key"]').innerText()).trim();
      const salt = (await shown.locator('[data-secret="Salt"]').innerText()).trim();
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(salt).toMatch(/^[0-9a-f]{64}$/);
      await shown.getByRole('button', { name: 'Copy api key' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `integrations-shown-${width}`);
      expect(await apiGet(PUBLIC_API_PATHS.paymentRequests, key)).toBe(200);

      // Once copied, the list shows it; neither the key nor the salt is on the page any more.
      await shown.getByRole('button', { name: 'I have copied them' }).click();
      await page.getByRole('heading', { level: 1, name: 'Plugins integration' }).waitFor();
      const list = page.getByRole(width < 900 ? 'list' : 'table', { name: 'Plugin integrations' });
      const row = (width < 900 ? list.getByRole('listitem') : list.getByRole('row')).filter({ hasText: name });
      await row.getByText('WooCommerce').waitFor();
      await row.getByText('Enabled').waitFor();
      expect(await page.content()).not.toContain(key);
      expect(await page.content()).not.toContain(salt);
      await expectAccessible(page);
      await screenshot(page, `integrations-list-${width}`);

      // The edit screen: renamed, the key masked.
      await row.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: `Edit ${name}` }).waitFor();
      await page.getByText(`•••• ${key.slice(-4)}`).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
      await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Integration "${renamed}" saved.`).waitFor();
      await expectAccessible(page);
      await screenshot(page, `integrations-edit-${width}`);

      // Deleting asks for the password; the key is refused from then on and the list no longer shows it.
      await page.getByRole('button', { name: 'Delete integration' }).click();
      const remove = page.getByRole('dialog', { name: 'Delete integration?' });
      await remove.getByLabel('Password').fill(DEMO_PASSWORD);
      await remove.getByRole('button', { name: 'Delete integration' }).click();
      await page.getByRole('heading', { level: 1, name: 'Plugins integration' }).waitFor();
      await page.getByText(`Integration "${renamed}" deleted.`).waitFor();
      await expect.poll(() => page.getByRole('link', { name: renamed, exact: true }).count()).toBe(0);
      expect(await apiGet(PUBLIC_API_PATHS.paymentRequests, key)).toBe(401);
      await close();
    });
  }
});
