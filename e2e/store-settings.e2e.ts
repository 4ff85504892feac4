import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, expectAccessible, newPage, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The online store's settings, domain, opening steps and orders export (docs/online-store.md, "Store settings, domain
 * and onboarding"): the owner's main path at desktop width, each screen on a phone. The demo business's settings are
 * put back afterwards (other files shop on its storefront), and only harmless changes are made meanwhile.
 */

const demo = demoTests();
const bar = (page: Page, name: string) => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });
const at = (path: string) => `/business/${demo.businessId}/online-store/${path}`;
const settingsPath = () => `/v1/business/${demo.businessId}/store-settings`;
let saved: Record<string, unknown> | undefined;

afterAll(async () => {
  if (!saved) return;
  const { business_name: _n, business_logo_url: _l, storefront_url: _u, ...body } = saved;
  await demo.api.call('PUT', settingsPath(), body);
  await demo.api.call('DELETE', `/v1/business/${demo.businessId}/store-domain`);
});

const shopOrigin = () => {
  const url = new URL(baseURL());
  url.hostname = 'demo-coffee.shop.localhost';
  return url.origin;
};

describe('online store: settings, domain, onboarding and export', () => {
  it('the owner writes a refund policy and asks for a phone number; the storefront shows the policy and the checkout the field', async () => {
    saved = await demo.api.call<Record<string, unknown>>('GET', settingsPath());
    const { page, close } = await demo.page();
    const policy = `Refunds within 14 days (${Date.now().toString(36)}).`;
    await page.goto(at('settings/store'));
    await page.getByRole('heading', { level: 1, name: 'Store settings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Policies' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Refund policy' }).fill(policy);
    await page.getByRole('radio', { name: 'Optional' }).check();
    await page.getByRole('textbox', { name: /^Logo address/ }).fill('http://not-secure.example/logo.png');
    await bar(page, 'Save').click();
    await page.getByText('Enter an https:// address of the image').waitFor();
    await page.getByRole('textbox', { name: /^Logo address/ }).fill('');
    await screenshot(page, 'store-settings');
    await bar(page, 'Save').click();
    await page.getByText(/Store settings saved/).waitFor();

    const { context: shopContext, page: shop } = await newPage(demo.browser, { width: 375, height: 800 });
    await shop.goto(`${shopOrigin()}/`);
    await shop.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Refund policy' }).click();
    await shop.getByRole('heading', { level: 1, name: 'Refund policy' }).waitFor();
    await shop.getByText(policy).waitFor();
    await expectAccessible(shop);
    await shopContext.close();
    await close();
  });

  it('the owner connects a domain, sees its DNS records, verifies it and disconnects it', async () => {
    const { page, close } = await demo.page();
    const domain = `shop-${Date.now().toString(36)}.example.test`;
    await page.goto(at('domain'));
    await page.getByRole('heading', { level: 1, name: 'Domain' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'No domain connected' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^Domain/ }).fill('not a domain');
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await page.getByText(/Enter a domain name like shop\.example\.com/).waitFor();
    await page.getByRole('textbox', { name: /^Domain/ }).fill(`https://${domain.toUpperCase()}/`);
    await page.getByRole('button', { name: 'Connect domain' }).click();
    await page.getByRole('heading', { level: 2, name: domain }).waitFor();
    await page.getByText('Waiting for DNS').first().waitFor();
    const records = page.getByRole('table', { name: 'DNS records to add' });
    await records.getByText('shop.localhost', { exact: true }).waitFor();
    await records.getByText(`_merchant-verification.${domain}`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-domain');
    // No DNS has these records: the check says what is missing, and the domain stays unverified.
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Not verified yet/ })
      .waitFor();
    await page.getByText(/Last checked/).waitFor();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('heading', { level: 2, name: 'No domain connected' }).waitFor();
    await close();
  });

  it('the opening steps are checked from the demo business and link to where each is done', async () => {
    const { page, close } = await demo.page();
    await page.goto(at('onboarding'));
    await page.getByRole('heading', { level: 1, name: 'Set up your online store' }).waitFor();
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect.poll(() => steps.getByRole('listitem').count()).toBe(5);
    const shipping = steps.getByRole('listitem').filter({ hasText: 'Set up shipping or pickup' });
    // The demo business may or may not have delivery set up: the step says which, from its data.
    await shipping.getByText(/^(Done|To do)$/).waitFor();
    const domainStep = steps.getByRole('listitem').filter({ hasText: 'Connect your domain' });
    await domainStep.getByText('Optional', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-onboarding');
    await shipping.getByRole('link', { name: 'Go to shipping and pickup' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shipping and pickup' }).waitFor();
    await close();
  });

  it('the owner exports the orders of a period with chosen columns', async () => {
    const { page, close } = await demo.page();
    await page.goto(at('orders'));
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('link', { name: 'Export CSV' }).click();
    await page.getByRole('heading', { level: 1, name: 'Export orders' }).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText('Choose at least one column', { exact: true }).waitFor();
    for (const column of ['Reference', 'Status', 'Total']) await page.getByRole('checkbox', { name: column, exact: true }).check();
    await page.getByRole('textbox', { name: /^Placed from/ }).fill('2020-01-01');
    await page.getByRole('textbox', { name: /^Placed until/ }).fill('2019-01-01');
    await page.getByRole('textbox', { name: /^Search/ }).click();
    await page.getByText('Check the period: its end is before its start.').waitFor();
    await page.getByRole('textbox', { name: /^Placed until/ }).fill('');
    await page.getByRole('textbox', { name: /^Search/ }).click();
    await expectAccessible(page);
    await screenshot(page, 'store-orders-export');
    const link = page.getByRole('link', { name: 'Download CSV' });
    const href = await link.getAttribute('href');
    expect(href).toContain('columns=reference%2Cstatus%2Ctotal');
    expect(href).toContain('from=2020-01-01');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const csv = await (await page.request.get(href!)).text();
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Reference,Status,Total');
    expect(download.suggestedFilename()).toMatch(/^store-orders-demo-coffee-.*\.csv$/);
    await close();
  });

  it('fits a phone: the settings, domain, onboarding and export screens', async () => {
    const { page, close } = await demo.page({ width: 375 });
    for (const [path, heading] of [
      ['settings/store', 'Store settings'],
      ['domain', 'Domain'],
      ['onboarding', 'Set up your online store'],
      ['orders/export', 'Export orders'],
    ] as const) {
      await page.goto(at(path));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, `store-${path.replace(/\//g, '-')}-375`);
    }
    await close();
  });
});
