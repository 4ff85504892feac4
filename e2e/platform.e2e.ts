import { describe, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Platform accounts: the demo business is a platform with Pending Pottery linked (the demo seed). Its owner opens
 * Settings > Platform, invites New Bakery by its identifier (a pending invitation, then withdrawn so the demo stays as
 * it was), creates a payment request for Pending Pottery with a platform fee (a fee not below the amount is refused on
 * its field first), sends an invoice for it with a platform fee, and sets the commission rate (above 50 % refused on
 * its field; confirmed; then put back). The payments made through the platform are listed below. 375 and 1280 px, axe.
 */
const demo = demoTests();

describe('platform accounts in the browser', () => {
  for (const width of [375, 1280]) {
    it(`the owner invites a business, makes a payment request and an invoice with a platform fee and sets the commission rate (${width} px wide)`, async () => {
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/settings/platform`);
      await page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor();
      const linked = page.getByRole(width < 900 ? 'list' : 'table', { name: 'Linked businesses' });
      await linked.getByText('Pending Pottery').first().waitFor();
      await expectAccessible(page);
      await screenshot(page, `platform-${width}`);

      // Invite by identifier: the invitation waits for the owner's answer.
      await page.getByRole('textbox', { name: 'Business identifier or owner email' }).fill('new-bakery');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText("Invitation sent to New Bakery's owners.").waitFor();
      const pending = page.getByRole(width < 900 ? 'list' : 'table', { name: 'Pending invitations' });
      await pending.getByText('New Bakery').first().waitFor();
      await expectAccessible(page);

      // A payment request for the linked business with a platform fee.
      await page.getByRole('textbox', { name: 'What it is for' }).fill(`Pottery class ${width}`);
      await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('40.00');
      await page.getByRole('textbox', { name: 'Platform fee', exact: true }).fill('40.00');
      await page.getByRole('button', { name: 'Create payment request' }).click();
      await page.getByText('The platform fee must be below the amount').waitFor();
      await page.getByRole('textbox', { name: 'Platform fee', exact: true }).fill('2.50');
      await page.getByRole('button', { name: 'Create payment request' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Pottery class ${width} for Pending Pottery` })
        .waitFor();
      await page.getByRole('link', { name: 'Open its checkout' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `platform-request-${width}`);

      // An invoice for the linked business with a platform fee, mailed to its customer.
      const invoice = page.getByRole('form', { name: 'Send an invoice' });
      await invoice.getByRole('textbox', { name: 'Customer email' }).fill(`buyer-${width}@example.com`);
      await invoice.getByRole('textbox', { name: 'What the invoice is for' }).fill(`Kiln hire ${width}`);
      await invoice.getByRole('textbox', { name: 'Invoice amount' }).fill('60.00');
      await invoice.getByRole('textbox', { name: 'Invoice platform fee' }).fill('4.00');
      await invoice.getByRole('button', { name: 'Send invoice' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `sent to buyer-${width}@example.com` })
        .waitFor();
      await page.getByRole('link', { name: 'Open the invoice page' }).waitFor();
      await expectAccessible(page);

      // The commission rate: above 50 % is refused on its field, a rate is set once confirmed, then put back.
      const rate = page.getByRole('textbox', { name: 'Commission rate (%)' });
      const before = await rate.inputValue();
      await rate.fill('60');
      await page.getByRole('button', { name: 'Save commission rate' }).click();
      await page.getByText('Use at most 50 %').waitFor();
      await rate.fill('2.75');
      await page.getByRole('button', { name: 'Save commission rate' }).click();
      const confirm = page.getByRole('dialog', { name: 'Set the commission rate to 2.75 %?' });
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Set rate' }).click();
      await page.getByText('Commission rate set to 2.75 %.').waitFor();
      await page.getByText('Current rate: 2.75 %.').waitFor();
      await screenshot(page, `platform-commission-${width}`);
      await rate.fill(before === '' ? '0' : before);
      await page.getByRole('button', { name: 'Save commission rate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Set rate' }).click();
      await page.getByText(`Current rate: ${before === '' ? '0' : before} %.`).waitFor();

      // The payments made through the platform: a list of its own (the demo's are listed, or its empty state).
      await page.getByRole('heading', { level: 2, name: 'Payments made through the platform' }).waitFor();
      await page
        .getByRole(width < 900 ? 'list' : 'table', { name: 'Payments made through the platform' })
        .or(page.getByText('No payment yet'))
        .first()
        .waitFor();
      await expectAccessible(page);

      // Withdraw the invitation (confirmed), leaving the demo business as it was.
      await pending.getByRole('button', { name: 'Withdraw invitation to New Bakery' }).click();
      await page.getByRole('dialog', { name: 'Withdraw the invitation to New Bakery?' }).getByRole('button', { name: 'Withdraw invitation' }).click();
      await page.getByText('Invitation withdrawn.').waitFor();
      await page.getByText('No invitation is waiting for an answer.').waitFor();
      await close();
    });
  }
});
