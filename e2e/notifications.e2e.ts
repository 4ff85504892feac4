import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The bell in the browser (docs/decisions.md, "Notifications"): the owner's dashboard is open at 375 px while a
 * customer pays a link on the hosted checkout; the bell's count rises without a reload, the list shows the payment and
 * links to it, and a notification opened or "Mark all as read" clears the count.
 */
const demo = demoTests();
const RUN = Date.now().toString(36).toUpperCase();

async function payLink(purpose: string, amount: number): Promise<void> {
  const link = await demo.api.call<{ url: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
    amount,
    purpose,
    collect_email: true,
    single_use: false,
  });
  const { context, page } = await newPage(demo.browser, { width: 1280, height: 860 });
  await page.goto(link.url);
  await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
  await page.getByRole('textbox', { name: /^Email/ }).fill('bell@example.com');
  await page.getByRole('radio', { name: /^Card/ }).click();
  await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4242424242424242');
  await page.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
  await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
  await page.getByRole('textbox', { name: /^Name on card/ }).fill('Bell Tan');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
  await context.close();
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

describe('the notifications bell', () => {
  it('counts a payment made on the hosted checkout without a reload, lists it, and marks it read (375 px)', async () => {
    // Start from nothing unread (other files' payments notify the owner too).
    await demo.api.call('POST', `/v1/business/${demo.businessId}/notifications/read-all`);
    const owner = await demo.page({ width: 375 });
    const { page } = owner;
    await page.goto(`/business/${demo.businessId}/payments`);
    await page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await payLink(`Bell test ${RUN}`, 41_50);
    await page.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: /Payment received: SGD 41\.50/ });
    await item.waitFor();
    expect(await item.textContent()).toContain('From Bell Tan by Card');
    // The panel fits the phone's width.
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'notifications-bell-375');

    // Opening it goes to the payment and marks it read.
    await item.click();
    await page.waitForURL(/\/payments\/transactions\/[0-9a-f-]{36}$/);
    await page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Two more: "Mark all as read" clears them.
    await payLink(`Bell test two ${RUN}`, 5_07);
    await payLink(`Bell test three ${RUN}`, 6_09);
    await page.getByRole('banner').getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await bell(page).click();
    await panel.getByRole('link', { name: /Payment received: SGD 6\.09/ }).waitFor();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await panel.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await owner.close();
  });
});
