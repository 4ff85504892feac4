import { authenticator } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './api';
import { DEMO_PASSWORD, expectAccessible, launch, mailbox, newPage, signIn, uniqueEmail, landed } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('account security in the browser', () => {
  it('resets a forgotten password from the mailed link', async () => {
    const email = uniqueEmail('reset');
    await new ApiSession().register(email, 'Rhea Reset', 'Reset Rentals');
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login screen has an Email box too: fill the one of the reset screen once it is there.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    await expectAccessible(page);

    const mail = (await mailbox()).find((m) => m.to === email && m.subject === 'Reset your password');
    expect(mail).toBeDefined();
    const link = /https?:\/\/\S+\/password\/reset\/\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel(/^New password/).fill('a-brand-new-passphrase');
    await page.getByLabel(/^Confirm new password/).fill('a-brand-new-passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(/password has been reset/i).waitFor();

    await signIn(page, email, 'a-brand-new-passphrase');
    await landed(page);
    await context.close();
  });

  it('names where each session is in words, with the address kept for who looks closer', async () => {
    const email = uniqueEmail('sessions');
    await new ApiSession().register(email, 'Sami Sessions', 'Session Supplies');
    const other = await newPage(browser);
    await signIn(other.page, email);
    await landed(other.page);
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await landed(page);
    await page.goto('/user-settings/security');
    const sessions = page.getByRole('table', { name: 'Sessions' });
    await sessions.getByRole('row').nth(2).waitFor();
    // Every session (the sign-up's, this browser's and the other one's) came from this machine: "This computer",
    // never "127.0.0.1" or "::1".
    const rows = (await sessions.getByRole('row').count()) - 1;
    expect(rows).toBeGreaterThanOrEqual(2);
    await expect.poll(() => sessions.getByRole('cell', { name: 'This computer', exact: true }).count()).toBe(rows);
    expect(await sessions.innerText()).not.toMatch(/127\.0\.0\.1|::1/);
    expect(await sessions.getByText('This computer').first().getAttribute('title')).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    await page
      .getByRole('button', { name: /^Sign out .+, This computer$/ })
      .first()
      .click();
    await page.getByText(/\(This computer\) will need to sign in again\./).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await other.context.close();
    await context.close();
  });

  it('turns on two-factor from the security screen and shows the recovery codes once', async () => {
    const email = uniqueEmail('enable2fa');
    await new ApiSession().register(email, 'Ezra Enable', 'Enable Eatery');
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await landed(page);
    await page.goto('/user-settings/security');
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await page
      .getByLabel(/^Current password/)
      .last()
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAccessible(page);
    const secret = (await page.locator('code').first().textContent())!.trim();
    await page.getByRole('textbox', { name: /6-digit code/ }).fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(8);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(codes.count()).resolves.toBe(0);

    // The next sign-in (a new session) asks for a code.
    await context.clearCookies();
    await signIn(page, email);
    await page.waitForURL(/\/checkpoint$/);
    await context.close();
  });

  it('sends a member without two-factor to the staff set-up screen when the business requires it', async () => {
    const ownerEmail = uniqueEmail('strict-owner');
    const staffEmail = uniqueEmail('strict-staff');
    const owner = new ApiSession();
    const { business_id: businessId } = await owner.register(ownerEmail, 'Stella Strict', 'Strict Studio');
    await owner.enableTwoFactor();
    await owner.call('PATCH', `/v1/business/${businessId}`, { require_two_factor: true });
    await owner.call('POST', `/v1/business/${businessId}/invitations`, { email: staffEmail, role: 'cashier' });
    const invite = (await mailbox()).find((m) => m.to === staffEmail);
    const token = /\/register-complete\/([A-Za-z0-9_-]+)/.exec(invite?.text ?? '')?.[1];
    expect(token).toBeDefined();
    await new ApiSession().call('POST', `/register-complete/${token}`, { name: 'Sid Staff', password: DEMO_PASSWORD });

    const { context, page } = await newPage(browser);
    await signIn(page, staffEmail);
    await landed(page);
    await page.waitForURL(/\/two-factor-setup$/);
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.locator('code').first().textContent())!.trim();
    await page.getByRole('textbox', { name: /6-digit code/ }).fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue to the business' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/two-factor-setup'));
    expect(page.url()).toContain(`/business/${businessId}/`);
    await context.close();
  });
});
