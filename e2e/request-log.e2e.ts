import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_PATHS } from '@merchant/payments';
import { baseURL, DEMO_PASSWORD, expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The request log (docs/developers.md, "Request log"): the owner of the demo business makes public API calls with a
 * key of their own (a list that answers 200, a missing payment request that answers 404), opens Developers > Request
 * log, finds the calls by their path, filters by status (4xx) and opens a call's details. At 375 and 1280 px, axe clean.
 */
const demo = demoTests();
let key = '';
let keyId = '';

/** A GET of the public API on the API host (127.0.0.1 with the Host header `api.localhost`), as a merchant's server sends it. */
function apiGet(path: string): Promise<number> {
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

beforeAll(async () => {
  const made = await demo.api.call<{ id: string; api_key: string }>('POST', `/v1/business/${demo.businessId}/api-keys`, {
    name: `Request log ${Date.now()}`,
    access: 'full',
    password: DEMO_PASSWORD,
  });
  key = made.api_key;
  keyId = made.id;
});
afterAll(async () => {
  await demo.api.call('POST', `/v1/business/${demo.businessId}/api-keys/${keyId}/revoke`, { password: DEMO_PASSWORD });
});

describe('the request log in the browser', () => {
  for (const width of [375, 1280]) {
    it(`lists the calls of a key, filters them by status and shows one's details (${width} px wide)`, async () => {
      const marker = `e2e${width}x${Date.now().toString(36)}`;
      expect(await apiGet(`${PUBLIC_API_PATHS.paymentRequests}?per_page=3&ref=${marker}`)).toBe(200);
      const missing = randomUUID();
      expect(await apiGet(`${PUBLIC_API_PATHS.paymentRequest.replace(':request_id', missing)}?ref=${marker}`)).toBe(404);
      // The log writes its calls within a second of their answers.
      await new Promise((resolve) => setTimeout(resolve, 1500));

      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/developers`);
      await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
      await page.getByRole('tab', { name: 'Request log' }).click();
      await page.getByRole('searchbox', { name: 'Search paths' }).fill(marker);
      await page.waitForURL(new RegExp(`path=${marker}`));
      const list = page.getByRole(width < 900 ? 'list' : 'table', { name: 'API requests' });
      const rows = () => (width < 900 ? list.getByRole('listitem') : list.locator('tbody tr'));
      // Once the search is applied, only this test's two calls are listed.
      await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
      await list.getByText('200 OK').waitFor();
      await list.getByText('404 Not found').waitFor();
      await expectAccessible(page);
      await screenshot(page, `request-log-${width}`);

      // Only the refused call once the status filter says 4xx (on a phone behind the Filters button).
      if (width < 900) await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('textbox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: '4xx Refused' }).click();
      await page.waitForURL(/status=4xx/);
      if (width < 900) await page.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => rows().count()).toBe(1);
      await list.getByText('404 Not found').waitFor();
      expect(await list.getByText('200 OK').count()).toBe(0);

      // The call's details: its error message and request id.
      await list.getByRole('link', { name: new RegExp(missing) }).click();
      const dialog = page.getByRole('dialog', { name: 'API request' });
      await dialog.getByText(`No query results for model [PaymentRequest] ${missing}`).waitFor();
      await dialog.getByText('Request ID').waitFor();
      await expectAccessible(page);
      await screenshot(page, `request-log-detail-${width}`);
      await close();
    });
  }
});
