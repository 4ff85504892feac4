import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardEndingIn, CheckoutCustomer } from './api';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The one list component in the browser: at 375 px Transactions, Payment links, Payouts, Transfer history and Send
 * payments show their rows as cards (a list named as the table was), each card a link to the row's detail, and no page
 * scrolls sideways; at 1280 px the same lists are tables. Axe clean at both widths. The owner makes a payment link and
 * pays it through the checkout first, so the links and transactions lists have a row.
 */
const stamp = Date.now().toString(36).toUpperCase();
const purpose = `List test ${stamp}`;

const demo = demoTests();
beforeAll(async () => {
  const link = await demo.api.call<{ public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
    purpose,
    amount: null,
    reference: `LT-${stamp}`,
    single_use: false,
  });
  const paid = await new CheckoutCustomer().pay(
    'link',
    link.public_id,
    { method: 'card', number: cardEndingIn('4242') },
    { email: 'lists@example.test', amount: 42_00 },
  );
  expect(paid.status).toBe('succeeded');
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const SCREENS = [
  { path: 'payments/transactions', list: 'Transactions', withRow: true },
  { path: 'payments/links', list: 'Payment links', withRow: true },
  { path: 'payments/balance/payouts', list: 'Payouts', withRow: false },
  { path: 'payments/transfer-history', list: 'Transfers', withRow: false },
];

describe('lists on a phone and on a laptop', () => {
  it('shows each row as a card linking to its detail at 375 px, with nothing wider than the screen', async () => {
    const { page, close } = await demo.page({ width: 375, height: 860 });
    try {
      for (const screen of SCREENS) {
        await page.goto(`/business/${demo.businessId}/${screen.path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (screen.withRow) {
          const cards = page.getByRole('list', { name: screen.list });
          await cards.getByRole('listitem').first().waitFor();
          expect(await page.getByRole('table', { name: screen.list }).count()).toBe(0);
          expect(await cards.getByRole('listitem').first().getByRole('link').count()).toBe(1);
        }
        expect(await noSidewaysScroll(page)).toBe(true);
        await expectAccessible(page);
        await screenshot(page, `lists-375-${screen.list.toLowerCase().replace(/ /g, '-')}`);
      }
      await page.goto(`/business/${demo.businessId}/payments/links`);
      await page.getByRole('list', { name: 'Payment links' }).getByRole('link', { name: purpose }).click();
      await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
      await page.goto(`/business/${demo.businessId}/payments/send-money`);
      await page.getByRole('heading', { level: 1, name: 'Send payments' }).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
    } finally {
      await close();
    }
  });

  it('shows the same lists as tables at 1280 px', async () => {
    const { page, close } = await demo.page({ width: 1280, height: 860 });
    try {
      for (const screen of SCREENS.filter((s) => s.withRow)) {
        await page.goto(`/business/${demo.businessId}/${screen.path}`);
        const table = page.getByRole('table', { name: screen.list });
        await table.getByRole('row').nth(1).waitFor();
        expect(await page.getByRole('list', { name: screen.list }).count()).toBe(0);
        await expectAccessible(page);
      }
    } finally {
      await close();
    }
  });
});
