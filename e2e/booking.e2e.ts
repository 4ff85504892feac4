import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, expectAccessible, newPage, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Booking (docs/online-store.md, "Booking"): the owner creates a service and gives hours in the dashboard, a customer
 * books it on the storefront, a second customer who chose the same time is refused, the owner cancels the booking
 * after confirming; the screens and the booking pages at 375 and 1280 px. The demo is left as it was (the service off,
 * the hours as seeded).
 */

const demo = demoTests();
const at = () => `/business/${demo.businessId}/online-store/booking`;
const shopOrigin = () => {
  const url = new URL(baseURL());
  url.hostname = 'demo-coffee.shop.localhost';
  return url.origin;
};

/** The storefront's service page on the first of the next days that has a free time. */
async function dayWithTimes(shop: Page): Promise<void> {
  const days = shop.getByRole('navigation', { name: 'Next days' }).getByRole('link');
  const count = await days.count();
  for (let i = 0; i < count; i++) {
    await days.nth(i).click();
    await shop.getByRole('heading', { level: 2, name: 'When' }).waitFor();
    if ((await shop.getByRole('group', { name: 'Choose a time' }).count()) > 0) return;
  }
  throw new Error('no day with free times');
}

describe('online store: booking', () => {
  it('the owner adds a service with hours, a customer books it, a second customer cannot take the same time, the owner cancels', async () => {
    const { page, close } = await demo.page({ width: 1280 });
    const suffix = Date.now().toString(36);
    const name = `Latte art class ${suffix}`;

    await page.goto(at());
    await page.getByRole('heading', { level: 1, name: 'Booking' }).waitFor();
    await page.getByRole('tab', { name: 'Bookings' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'booking-bookings');

    // Hours: a Saturday morning besides the seeded weekdays (removed at the end).
    await page.getByRole('tab', { name: 'Availability' }).click();
    const hours = page.getByRole('form', { name: /^Weekly hours of / }).first();
    await hours.waitFor();
    const ranges = await hours.getByRole('textbox', { name: /^From \(range/ }).count();
    await hours.getByRole('button', { name: 'Add hours' }).click();
    await hours.getByRole('textbox', { name: `Day of range ${ranges + 1}` }).click();
    await page.getByRole('option', { name: 'Saturday' }).click();
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText(/^Hours of .* saved\.$/).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'booking-availability');

    // The service, in a dialog.
    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByRole('row').filter({ hasText: 'Coffee tasting' }).waitFor();
    await page.getByRole('button', { name: 'Create service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create service' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Duration/ }).fill('30');
    await dialog.getByRole('checkbox').first().check();
    await expectAccessible(page);
    await screenshot(page, 'booking-service-dialog');
    await dialog.getByRole('button', { name: 'Create service' }).click();
    await page.getByRole('row').filter({ hasText: name }).waitFor();

    // Two customers on phones open the service on the same day; the first books the first time.
    const first = await newPage(demo.browser, { width: 375, height: 800 });
    const second = await newPage(demo.browser, { width: 375, height: 800 });
    await first.page.goto(`${shopOrigin()}/`);
    await first.page.getByRole('link', { name: 'Book an appointment' }).click();
    await first.page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    await expectAccessible(first.page);
    await first.page.getByRole('link', { name }).click();
    await first.page.getByRole('heading', { level: 1, name }).waitFor();
    await dayWithTimes(first.page);
    const date = new URL(first.page.url()).searchParams.get('date') ?? '';
    await second.page.goto(`${first.page.url().split('?')[0]}?date=${date}`);
    expect(await first.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(first.page);
    await screenshot(first.page, 'booking-storefront-375');

    const time = first.page.getByRole('group', { name: 'Choose a time' }).getByRole('button').first();
    const label = (await time.textContent())?.trim() ?? '';
    await first.page.getByRole('textbox', { name: 'Your name' }).fill(`Ann ${suffix}`);
    await first.page.getByRole('textbox', { name: 'Email' }).fill(`ann.${suffix}@example.com`);
    await time.click();
    await first.page.getByRole('heading', { level: 1, name: 'Your booking' }).waitFor();
    await first.page.getByText('Your booking is confirmed.', { exact: false }).waitFor();
    await expectAccessible(first.page);
    await screenshot(first.page, 'booking-confirmed-375');

    // The second customer's page still shows that time: choosing it is refused, and it is gone from the times.
    await second.page.getByRole('textbox', { name: 'Your name' }).fill(`Ben ${suffix}`);
    await second.page.getByRole('textbox', { name: 'Email' }).fill(`ben.${suffix}@example.com`);
    await second.page.getByRole('group', { name: 'Choose a time' }).getByRole('button', { name: label, exact: true }).click();
    await second.page.getByRole('alert').filter({ hasText: 'that time was just booked by someone else' }).waitFor();
    expect(await second.page.getByRole('group', { name: 'Choose a time' }).getByRole('button', { name: label, exact: true }).count()).toBe(0);
    await expectAccessible(second.page);
    await first.context.close();
    await second.context.close();

    // The booking page at 1280 px.
    const wide = await newPage(demo.browser, { width: 1280, height: 900 });
    await wide.page.goto(`${shopOrigin()}/booking`);
    await wide.page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    await expectAccessible(wide.page);
    await screenshot(wide.page, 'booking-storefront-1280');
    await wide.context.close();

    // The owner sees the booking and cancels it after confirming.
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const row = page.getByRole('row').filter({ hasText: `Ann ${suffix}` });
    await row.waitFor();
    await row.getByRole('button', { name: `Cancel the booking of Ann ${suffix}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking cancelled. The customer was mailed.').waitFor();
    await row.waitFor({ state: 'detached' });

    // Left as it was: the service turned off, the Saturday hours removed.
    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('switch', { name: /^Bookable/ }).click({ force: true });
    await edit.getByRole('button', { name: 'Save service' }).click();
    await page.getByRole('row').filter({ hasText: name }).getByText('Off').waitFor();
    await page.getByRole('tab', { name: 'Availability' }).click();
    const again = page.getByRole('form', { name: /^Weekly hours of / }).first();
    await again.getByRole('button', { name: `Remove range ${ranges + 1}` }).click();
    await again.getByRole('button', { name: 'Save hours' }).click();
    await page
      .getByText(/^Hours of .* saved\.$/)
      .first()
      .waitFor();
    await close();
  });

  it('fits a phone: the booking screen with each tab', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(at());
    await page.getByRole('heading', { level: 1, name: 'Booking' }).waitFor();
    for (const tab of ['Bookings', 'Services', 'Availability']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, `booking-${tab.toLowerCase()}-375`);
    }
    await close();
  });
});
