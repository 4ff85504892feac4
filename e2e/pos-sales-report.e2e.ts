import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointPath, formatDateRange } from '@merchant/core';
import { drawerEndpoints, locationEndpoints, posOrderEndpoints, type DrawerSession, type Location } from '@merchant/catalogue';
import { ApiSession } from './api';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The register's sales report in the browser: a sale made at the register shows by staff, the range moves, a breakdown's CSV downloads; 1280 and 375 px. */
const demo = demoTests();
const MANAGER = 'manager@demo.test';
const singaporeDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(ms);
const today = singaporeDay(Date.now());
const daysBefore = (n: number) => singaporeDay(Date.now() - n * 86_400_000);

/** The manager sells at the kiosk from their own drawer (opened when they have none), as their register would. */
async function managerSale(): Promise<void> {
  const api = new ApiSession();
  await api.signIn(MANAGER);
  const params = { business_id: demo.businessId };
  let { drawer } = await api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
  if (!drawer) {
    const locations = await api.call<{ data: Location[] }>('GET', endpointPath(locationEndpoints.list, { params, query: { q: 'kiosk' } }));
    drawer = await api.call<DrawerSession>('POST', endpointPath(drawerEndpoints.open, { params }), {
      location_id: locations.data[0]!.id,
      opening_float: 20_00,
    });
  }
  await api.call('POST', endpointPath(posOrderEndpoints.createSale, { params }), {
    idempotency_key: `report-e2e-${Date.now().toString(36)}`,
    location_id: drawer.location.id,
    quick_sale: { amount: 8_40, description: 'Report e2e sale' },
    tenders: [{ kind: 'cash', amount: 8_40 }],
  });
}

describe('pos sales report', () => {
  it('shows a sale by staff and location, changes the range and downloads a breakdown as CSV', async () => {
    await managerSale();
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/pos`);
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByText(`${formatDateRange(daysBefore(29), today)}. An order counts`).waitFor();
    await page.getByText('Total collected', { exact: true }).first().waitFor();
    await page.getByRole('table', { name: 'By date' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'pos-sales-report');

    await page.getByText('7 days', { exact: true }).click();
    await page.waitForURL(/range=7/);
    await page.getByText(`${formatDateRange(daysBefore(6), today)}. An order counts`).waitFor();

    await page.getByRole('textbox', { name: 'Breakdown' }).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    const byStaff = page.getByRole('table', { name: 'By staff' });
    await byStaff.getByRole('rowheader', { name: 'Maya Manager' }).waitFor();
    await page.getByRole('textbox', { name: 'Breakdown' }).click();
    await page.getByRole('option', { name: 'Location' }).click();
    await page.getByRole('table', { name: 'By location' }).getByRole('rowheader', { name: 'Tanjong Pagar kiosk' }).waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV by location' }).click()]);
    expect(download.suggestedFilename()).toBe(`pos-sales-demo-coffee-${daysBefore(6)}-to-${today}-by-location.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Location,Currency,Gross sales,Discounts,Refunds,Net sales,Taxes,Tips,Surcharges,Total collected,Orders');
    const kiosk = lines.find((l) => l.startsWith('Tanjong Pagar kiosk,SGD,'))!.split(',');
    expect(Number(kiosk[9])).toBeGreaterThanOrEqual(8.4);
    expect(Number(kiosk[10])).toBeGreaterThanOrEqual(1);

    // The staff filter narrows the report to the manager's sales.
    await page.getByRole('textbox', { name: 'Staff' }).click();
    await page.getByRole('option', { name: 'Maya Manager' }).click();
    await page.waitForURL(/staff_id=/);
    await page.getByRole('table', { name: 'By location' }).getByRole('rowheader', { name: 'Tanjong Pagar kiosk' }).waitFor();
    await close();
  });

  it('reads at 375 px', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/pos/sales-report?range=7`);
    await page.getByText('Total collected', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'pos-sales-report-375');
    await close();
  });
});
