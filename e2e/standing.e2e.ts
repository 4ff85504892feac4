import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ApiSession, verifiedMerchant } from './api';
import { expectAccessible, launch, newPage, screenshot, signIn, landed } from './support';

/** Who may take money (docs/security.md, "Standing"): a super admin blocks a business, and its customers are told it takes no payments. */
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('a blocked business', () => {
  it('takes no payment on its link: the customer is told so, until a super admin unblocks it', async () => {
    const name = `Blocked Bakery ${Date.now().toString(36)}`;
    const { email, businessId } = await verifiedMerchant('Bea Lim', name, { country: 'sg', currency: 'sgd' });
    const owner = new ApiSession();
    await owner.signIn(email);
    const link = await owner.call<{ url: string }>('POST', `/v1/business/${businessId}/payment-links`, {
      amount: 18_00,
      purpose: 'Sourdough loaf',
      collect_email: true,
      single_use: false,
    });

    // The super admin blocks it from its review page.
    const admin = await newPage(browser);
    await signIn(admin.page, 'super@demo.test');
    await landed(admin.page);
    await admin.page.goto(`/admin/businesses/${businessId}`);
    await admin.page.getByRole('heading', { level: 1, name }).waitFor();
    await admin.page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Block ${name}?` });
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Card testing seen on its links');
    await dialog.getByRole('button', { name: 'Block business' }).click();
    await admin.page.getByText(`${name} is blocked.`).waitFor();
    await admin.page.getByRole('button', { name: 'Unblock' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(admin.page, 'admin-review-blocked');

    // The customer opens the link on the phone: no form, the reason instead.
    const customer = await newPage(browser, { width: 375, height: 760 });
    await customer.page.goto(link.url);
    await customer.page.getByRole('heading', { level: 1, name: 'Sourdough loaf' }).waitFor();
    await customer.page.getByText('This business cannot take payments right now.').waitFor();
    if ((await customer.page.getByRole('button', { name: /^Pay / }).count()) !== 0) throw new Error('a blocked business offers a Pay button');
    await expectAccessible(customer.page);
    await screenshot(customer.page, 'checkout-blocked-business');

    // Unblocked, the same link takes payments again.
    await admin.page.getByRole('button', { name: 'Unblock' }).click();
    await admin.page
      .getByRole('dialog', { name: `Unblock ${name}?` })
      .getByRole('button', { name: 'Unblock' })
      .click();
    await admin.page.getByText(`${name} is unblocked.`).waitFor();
    await expectAccessible(admin.page);
    await customer.page.reload();
    await customer.page.getByRole('button', { name: /^Pay / }).waitFor();
    await customer.context.close();
    await admin.context.close();
  });
});
