import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, mailbox, newPage, SAMPLE_PDF as PDF, SAMPLE_PNG as PNG, screenshot, signIn, uniqueEmail, landed } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function saveAndContinue(page: Page, nextHeading: string): Promise<void> {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { level: 2, name: nextHeading }).waitFor();
}

describe('business verification in the browser', () => {
  it('a new merchant completes the questionnaire, a super admin approves, the owner reaches the overview', async () => {
    const email = uniqueEmail('verify');
    const businessName = `Verify Noodles ${Date.now().toString(36)}`;

    // 1. Register through the UI.
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Vera Verify');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('a-long-unique-passphrase');
    await page.getByRole('textbox', { name: 'Business name' }).fill(businessName);
    await page.getByRole('textbox', { name: 'Country' }).click();
    await page.getByRole('option', { name: /Singapore/ }).click();
    await page.getByRole('button', { name: /create account/i }).click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /ready|welcome|created/i })
      .waitFor();
    await page
      .getByRole('link', { name: /questionnaire|continue/i })
      .first()
      .click();
    await page.waitForURL(/\/onboarding\/questionnaire$/);
    const businessId = /\/business\/([0-9a-f-]+)\//.exec(page.url())![1]!;

    // 2. The questionnaire, step by step (each step saved on the server).
    await page.getByRole('heading', { level: 2, name: 'Business details' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Legal name' }).fill(`${businessName} Pte. Ltd.`);
    await choose(page, 'Type of business', 'Company');
    await page.getByRole('textbox', { name: 'Registration number' }).fill('202600042Z');
    await choose(page, 'Industry', 'Food and beverage');
    await saveAndContinue(page, 'Owner identity');

    await page.getByRole('textbox', { name: 'Full name' }).fill('Vera Verify');
    await page.getByLabel(/^Date of birth/).fill('1990-02-14');
    await choose(page, 'Identity document', 'Passport');
    await page.getByRole('textbox', { name: 'Document number' }).fill('E7654321');
    await saveAndContinue(page, 'Business address');

    // The questionnaire survives a reload: it resumes at the first step not done yet.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Business address' }).waitFor();
    await expect(page.getByText('Onboarding 30% complete').first().isVisible()).resolves.toBe(true);

    await page.getByRole('textbox', { name: 'Street address' }).fill('1 Noodle Lane');
    await page.getByRole('textbox', { name: 'City' }).fill('Singapore');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('018989');
    await expect(page.getByRole('textbox', { name: 'Country' }).inputValue()).resolves.toBe('Singapore');
    await saveAndContinue(page, 'Expected sales');

    await choose(page, 'Expected monthly sales', /10,000 to 50,000/);
    await page.getByRole('textbox', { name: 'Average sale' }).pressSequentially('12a.50');
    await expect(page.getByRole('textbox', { name: 'Average sale' }).inputValue()).resolves.toBe('12.50');
    await page.getByRole('textbox', { name: 'What does the business sell?' }).fill('Hand-pulled noodles, dine-in and takeaway.');
    await saveAndContinue(page, 'Documents');

    // 3. Documents: a file that is not what it claims is refused by the server; real ones are kept.
    const inputs = page.locator('input[type="file"]');
    await inputs.nth(0).setInputFiles({ name: 'registration.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await page.getByText(/claims to be a PNG but its content is not a PDF, PNG or JPEG/).waitFor();
    await inputs.nth(0).setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('link', { name: /registration\.pdf/ }).waitFor();
    await inputs.nth(1).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('link', { name: /passport\.png/ }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.getByRole('heading', { level: 2, name: 'Review and submit' }).waitFor();
    await page.getByText('Onboarding 75% complete').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'questionnaire-review');
    await page.getByRole('button', { name: 'Submit for verification' }).click();

    // 4. Pending.
    await page.waitForURL(/\/onboarding\/pending$/);
    await page.getByRole('heading', { level: 1, name: 'Verification in progress' }).waitFor();
    await expectAccessible(page);
    await context.close();

    // 5. A super admin opens the queue and approves.
    const admin = await newPage(browser);
    await signIn(admin.page, 'super@demo.test');
    expect(await landed(admin.page)).toBeNull();
    await admin.page.getByRole('link', { name: /Verification queue/ }).click();
    await admin.page.waitForURL(/\/admin\/verifications$/);
    await admin.page.getByRole('heading', { level: 1, name: 'Verification queue' }).waitFor();
    await admin.page.getByRole('link', { name: 'Pending Pottery' }).waitFor();
    await expectAccessible(admin.page);
    await admin.page.getByRole('link', { name: businessName }).click();
    await admin.page.waitForURL(new RegExp(`/admin/businesses/${businessId}$`));
    await admin.page.getByRole('heading', { level: 1, name: businessName }).waitFor();
    await admin.page.getByText('Hand-pulled noodles, dine-in and takeaway.').waitFor();
    await admin.page.getByRole('link', { name: /passport\.png/ }).waitFor();
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'admin-review');
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await admin.page
      .getByRole('dialog', { name: /Approve/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await admin.page.getByText(`${businessName} is verified.`).waitFor();
    await admin.page.getByText('Verified', { exact: true }).waitFor();
    await admin.context.close();

    const mail = (await mailbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe(`${businessName} is verified`);

    // 6. The owner signs in again and lands on the payments overview.
    const back = await newPage(browser);
    await signIn(back.page, email, 'a-long-unique-passphrase');
    await landed(back.page);
    await back.page.waitForURL(new RegExp(`/business/${businessId}/payments$`));
    await back.page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
    await back.context.close();
  });

  it('keeps the admin area from people who are not super admins', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'owner@demo.test');
    await landed(page);
    await expect(page.getByRole('link', { name: /Verification queue/ }).count()).resolves.toBe(0);
    await page.goto('/admin/verifications');
    await page.waitForURL(/\/choose-business$/);
    await context.close();
  });
});
