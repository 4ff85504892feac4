import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Accounting connections: the demo business is connected to Xero (seeded, its accounts mapped). Its owner opens the
 * list, connects QuickBooks from it, maps its accounts from the chart (a missing one is refused on its field), sees
 * the journals section with its download, and disconnects QuickBooks after confirming, which leaves the demo business
 * as it was. 375 and 1280 px, axe on every screen.
 */
const demo = demoTests();

const MAPPING: [string, string][] = [
  ['Sales', '4000 Sales of Product Income'],
  ['Processing fees', '6150 Merchant Account Fees'],
  ['Refunds', '4900 Refunds-Allowances'],
  ['Clearing (the balance held here)', '1250 Undeposited Funds'],
  ['Bank (where payouts arrive)', '1000 Checking'],
];

describe('accounting connections in the browser', () => {
  for (const width of [375, 1280]) {
    it(`the owner connects QuickBooks, maps its accounts and disconnects it (${width} px wide)`, async () => {
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/connections`);
      await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
      const list = page.getByRole(width < 900 ? 'list' : 'table', { name: 'Accounting tools' });
      const rowOf = (name: string) => (width < 900 ? list.getByRole('listitem') : list.getByRole('row')).filter({ hasText: name });
      await rowOf('Xero').getByText('Connected', { exact: true }).first().waitFor();
      await rowOf('QuickBooks').getByText('Not connected', { exact: true }).first().waitFor();
      await expectAccessible(page);
      await screenshot(page, `connections-list-${width}`);

      // The seeded Xero connection: its mapping shown from the chart.
      await rowOf('Xero').getByRole('link', { name: 'Manage Xero' }).click();
      await page.getByRole('heading', { level: 1, name: 'Xero' }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Sales' }).inputValue()).toBe('200 Sales');
      await page.getByRole('heading', { name: 'Journals', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Download CSV' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `connections-xero-${width}`);
      await page.getByRole('link', { name: 'All connections' }).click();

      // Connect QuickBooks from the list: its screen opens, asking for the mapping.
      await page.getByRole('button', { name: 'Connect QuickBooks' }).click();
      await page.getByRole('heading', { level: 1, name: 'QuickBooks' }).waitFor();
      await page.getByText('QuickBooks connected. Map your accounts next.').waitFor();
      await page.getByRole('heading', { name: 'Account mapping' }).waitFor();
      await page.getByRole('button', { name: 'Save mapping' }).click();
      await page.getByText('Choose an account').first().waitFor();
      for (const [field, option] of MAPPING) {
        await page.getByRole('textbox', { name: field }).click();
        await page.getByRole('option', { name: option }).click();
      }
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save mapping' }).click();
      await page.getByText('Account mapping of QuickBooks saved.').waitFor();
      await page.getByRole('heading', { name: 'Post a past day' }).waitFor();
      await page.getByText('No journals yet.').waitFor();
      await expectAccessible(page);
      await screenshot(page, `connections-quickbooks-${width}`);

      // Disconnecting asks first; the tool shows as not connected and the demo business is as it was.
      const disconnect = page.getByRole('button', { name: 'Disconnect QuickBooks' });
      if (!(await disconnect.isVisible())) await page.getByRole('button', { name: 'More actions' }).click();
      await ((await disconnect.isVisible()) ? disconnect : page.getByRole('menuitem', { name: 'Disconnect QuickBooks' })).click();
      const dialog = page.getByRole('dialog', { name: 'Disconnect QuickBooks?' });
      await dialog.getByRole('button', { name: 'Disconnect QuickBooks' }).click();
      await page.getByText('QuickBooks disconnected.').waitFor();
      await page.getByRole('button', { name: 'Connect QuickBooks' }).first().waitFor();
      await expectAccessible(page);
      await close();
    });
  }
});
