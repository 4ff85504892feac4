import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from './api';
import { expectAccessible, launch, signedInPage } from './support';

/**
 * Super admins read every business but change one only through the admin area (docs/decisions.md): the screens
 * that list and show what a business made offer them no Create, Edit, Cancel or Archive, since the server would
 * answer each with a 403.
 */
let browser: Browser;
let businessId = '';
let linkId = '';
let qrId = '';

beforeAll(async () => {
  browser = await launch();
  const demo = await demoBusiness();
  businessId = demo.businessId;
  const unique = Date.now().toString(36);
  linkId = (
    await demo.api.call<{ id: string }>('POST', `/v1/business/${businessId}/payment-links`, {
      amount: 12_00,
      purpose: `Read-only look ${unique}`,
      customer_email: 'reader@example.com',
      single_use: false,
    })
  ).id;
  qrId = (await demo.api.call<{ id: string }>('POST', `/v1/business/${businessId}/static-qr-codes`, { name: `Read-only stall ${unique}`, amount: null })).id;
});
afterAll(() => browser?.close());

/** The visible controls of a page (once its main heading is shown) whose names say they change something. */
async function changingControls(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.goto(`/business/${businessId}/payments${path ? `/${path}` : ''}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  // Let the business's answer (which decides the controls) arrive before counting.
  await page.waitForLoadState('networkidle');
  const changing = /^(create|new|add|invite|edit|cancel link|archive|bulk create|send by email)\b/i;
  const controls = [...(await page.getByRole('button', { name: changing }).all()), ...(await page.getByRole('link', { name: changing }).all())];
  const names = await Promise.all(controls.map(async (c) => ((await c.isVisible()) ? ((await c.textContent()) ?? '').trim() : null)));
  return names.filter((n) => n !== null);
}

describe('a super admin reading a business', () => {
  it('sees its lists and details without the controls that would change it', async () => {
    const { page, close } = await signedInPage(browser, 'super@demo.test');
    const screens: [string, string | RegExp][] = [
      ['', /^Overview$/],
      ['links', 'Payment links'],
      [`links/${linkId}`, /Read-only look/],
      ['static-qr-code', 'Static QR codes'],
      [`static-qr-code/${qrId}`, /Read-only stall/],
      ['invoices', 'Invoices'],
      ['invoices/repeating', 'Repeating invoices'],
      ['recurring-plans', 'Plans'],
    ];
    const seen: Record<string, string[]> = {};
    for (const [path, heading] of screens) seen[path] = await changingControls(page, path, heading);
    expect(seen).toEqual(Object.fromEntries(screens.map(([path]) => [path, []])));
    await expectAccessible(page);
    await close();
  });

  it('still sees them as the owner does when a member', async () => {
    const { page, close } = await signedInPage(browser, 'owner@demo.test');
    await page.goto(`/business/${businessId}/payments/links`);
    await page.getByRole('link', { name: /create payment link/i }).waitFor();
    await page.goto(`/business/${businessId}/payments/static-qr-code/${qrId}`);
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await close();
  });
});
