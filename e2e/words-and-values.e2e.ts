import { describe, expect, it } from 'vitest';
import { ApiSession } from './api';
import { demoTests } from './demo';
import { expectAccessible } from './support';

/**
 * What the last screenshot review of issue 25 still found wrong in words and values, where a person sees it, in the
 * demo business at 1280 and 375 px (axe on each screen): the verification that shows what was submitted, the
 * admin's review with the date of birth as a date and the identity number masked, what a link asks for and where an audit entry came from (a transfer's payout line that adds up is the
 * API's: `send-money-ledger.test.ts`).
 */
const demo = demoTests();
const WIDTHS = [1280, 375] as const;

describe('words and values a person reads', () => {
  for (const width of WIDTHS) {
    it(`the demo business's verification shows what it submitted, not "Not answered yet" under "Verified" (${width} px)`, async () => {
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/settings/account-verification`);
      await page.getByRole('heading', { level: 1, name: 'Account verification' }).waitFor();
      await page.getByText('Demo Coffee Roasters Pte. Ltd.').waitFor();
      const owner = page.getByRole('region', { name: 'Owner identity' });
      await owner.getByText('21 Jun 1985').waitFor();
      await owner.getByText('National identity card •••• 345D').waitFor();
      expect(await page.getByText('Not answered yet.').count()).toBe(0);
      expect(await page.getByText('Missing', { exact: true }).count()).toBe(0);
      await expectAccessible(page);
      await close();
    });

    it(`the super admins' review writes the owner's date of birth as a date and masks the identity number (${width} px)`, async () => {
      const admin = new ApiSession();
      await admin.signIn('super@demo.test');
      const queue = await admin.call<{ data: { business_id: string; identifier: string }[] }>('GET', '/v1/admin/verifications');
      const pending = queue.data.find((b) => b.identifier === 'pending-pottery')!;
      const { page, close } = await demo.page({ as: 'super@demo.test', width });
      await page.goto(`/admin/businesses/${pending.business_id}`);
      const owner = page.getByRole('region', { name: 'Owner identity' });
      await owner.getByText('12 Apr 1988').waitFor();
      await owner.getByText('National identity card •••• 345A').waitFor();
      expect(await page.getByText(/S8812345A|1988-04-12/).count()).toBe(0);
      await expectAccessible(page);
      await close();
    });

    // A QR code's anonymous payments as plain text are held by source-payments-table.test.tsx: the checkout always asks
    // for an email, so only the demo history's payments are anonymous, and the browser tests' server has none.
    it(`a link asks for "Email address", not "email" (${width} px)`, async () => {
      const { page, close } = await demo.page({ width });
      const asking = await demo.api.call<{ id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
        amount: 12_00,
        purpose: `Asks for an email ${width}`,
        collect_email: true,
      });
      await page.goto(`/business/${demo.businessId}/payments/links/${asking.id}`);
      await page.getByText('Asks for', { exact: true }).waitFor();
      await page
        .getByText(/^Email address/)
        .first()
        .waitFor();
      expect(await page.getByText(/^email(,|$)/).count()).toBe(0);
      await expectAccessible(page);
      await close();
    });

    it(`the audit log says where in words, never "::1" (${width} px)`, async () => {
      // An entry made from this machine: the owner saves one notification's recipients as they are.
      const settings = await demo.api.call<{ data: { event: string; roles: string[]; emails: string[] }[] }>(
        'GET',
        `/v1/business/${demo.businessId}/notification-settings`,
      );
      const kept = settings.data.find((n) => n.event !== 'payout_sent')!;
      await demo.api.call('PUT', `/v1/business/${demo.businessId}/notification-settings/${kept.event}`, { roles: kept.roles, emails: kept.emails });
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/settings/audit-logs`);
      await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
      const entries = page.getByRole(width === 1280 ? 'table' : 'list', { name: 'Audit log entries' });
      await entries
        .getByText(/^(This computer|Local network)$/)
        .first()
        .waitFor();
      expect(await entries.getByText(/^(::1|127\.0\.0\.1|::ffff:127\.0\.0\.1)$/).count()).toBe(0);
      await expectAccessible(page);
      await close();
    });
  }
});
