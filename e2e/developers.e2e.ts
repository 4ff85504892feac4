import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PUBLIC_API_PATHS } from '@merchant/payments';
import { baseURL, DEMO_PASSWORD, expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The developers screen: the owner of the demo business creates a named API key (asked for the password), sees
 * the key and its salt once in full, and the key works against the API host (127.0.0.1 with the Host header
 * `api.localhost`); after a reload the key is masked. At 375 and 1280 px, axe clean.
 */
const demo = demoTests();

/** A GET of the public API, as a merchant's server sends it. */
function apiGet(path: string, key: string): Promise<{ status: number; body: string }> {
  const port = new URL(baseURL()).port;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: `api.localhost:${port}`, 'x-business-api-key': key } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('developers in the browser', () => {
  for (const width of [375, 1280]) {
    it(`the owner creates an API key, sees it once, and it works against the API host (${width} px wide)`, async () => {
      const name = `Website ${width} ${Date.now().toString().slice(-6)}`;
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/developers`);
      await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Create API key' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('radio', { name: /Read-only/ }).check();
      await dialog.getByLabel('Password').fill('not the password');
      await dialog.getByRole('button', { name: 'Create API key' }).click();
      await dialog.getByText('The password is incorrect.').waitFor();
      await expectAccessible(page);
      await screenshot(page, `developers-create-${width}`);
      await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: 'Create API key' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The notice is named by its title (the key's name).
      const shown = page.getByRole('region', { name: `Copy the key "${name}" now` });
      const key = (await shown.locator('[data-secret="API key"]').innerText()).trim();
      const salt = (await shown.locator('[data-secret="Salt"]').innerText()).trim();
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(salt).toMatch(/^[0-9a-f]{64}$/);
      await shown.getByRole('button', { name: 'Copy api key' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `developers-shown-${width}`);

      const answer = await apiGet(PUBLIC_API_PATHS.paymentRequests, key);
      expect(answer.status).toBe(200);
      const listed = JSON.parse(answer.body) as { data: { id: string; url: string; status: string }[] };
      expect(Array.isArray(listed.data)).toBe(true);
      for (const r of listed.data) expect(r.url).toMatch(/^http:\/\/securecheckout\.localhost:\d+\//);
      expect((await apiGet(PUBLIC_API_PATHS.paymentRequests, 'f'.repeat(64))).status).toBe(401);

      // Once dismissed (or after a reload) the key is masked: only its last four characters.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
      const list = page.getByRole(width < 900 ? 'list' : 'table', { name: 'API keys' });
      const row = (width < 900 ? list.getByRole('listitem') : list.getByRole('row')).filter({ hasText: name });
      await row.getByText(`•••• ${key.slice(-4)}`).waitFor();
      expect(await page.content()).not.toContain(key);
      expect(await page.content()).not.toContain(salt);
      await expectAccessible(page);
      await screenshot(page, `developers-list-${width}`);

      // Revoking asks for the password; the key is refused from then on.
      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke API key?' });
      await revoke.getByLabel('Password').fill(DEMO_PASSWORD);
      await revoke.getByRole('button', { name: 'Revoke API key' }).click();
      await revoke.waitFor({ state: 'detached' });
      await row.getByText('Revoked').waitFor();
      expect((await apiGet(PUBLIC_API_PATHS.paymentRequests, key)).status).toBe(401);
      await close();
    });
  }
});
