import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedMerchant } from './api';
import { launch, signedInPage } from './support';

/** The business's time zone in the browser: chosen in business details, named by the Overview and Transactions. */
let browser: Browser;
let owner: string;
let businessId: string;

beforeAll(async () => {
  browser = await launch();
  ({ email: owner, businessId } = await verifiedMerchant('Tomas Zone', 'Zone Fruit', { country: 'sg', currency: 'sgd' }));
});
afterAll(() => browser?.close());

describe('the business time zone', () => {
  it("starts as the country's zone; changed in business details, the Overview and Transactions say the new one", async () => {
    const { page, close } = await signedInPage(browser, owner);
    const base = `/business/${businessId}/payments`;
    await page.goto(base);
    await expect.poll(() => page.getByTestId('time-zone-note').first().textContent()).toBe('Times are Singapore time (GMT+8)');

    await page.goto(`${base}/settings/business-details`);
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    const zone = page.getByRole('textbox', { name: /^Time zone/ });
    // The select names zones as people read them; the IANA id is only its value (issue 25).
    expect(await zone.inputValue()).toBe('Singapore time (GMT+8)');
    await zone.click();
    await zone.fill('New York');
    await page.getByRole('option', { name: /^New York time \(GMT-[45]\)$/ }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });

    await page.goto(base);
    await expect.poll(() => page.getByTestId('time-zone-note').first().textContent()).toMatch(/^Times are New York time \(GMT-[45]\)$/);
    await page.goto(`${base}/transactions`);
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    expect(await page.getByTestId('time-zone-note').textContent()).toMatch(/^Times are New York time \(GMT-[45]\)$/);
    await close();
  });
});
