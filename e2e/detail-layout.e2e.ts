import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardEndingIn, CheckoutCustomer } from './api';
import { demoTests } from './demo';
import { expectAccessible, screenshot } from './support';

/**
 * The detail wrapper and a moved table in the browser: a payment link's page has its back link, title with status,
 * key facts and actions at 1280 px; at 375 px the actions sit in "More actions" and stay reachable, and nothing is
 * wider than the screen. The sales report's breakdown (a table moved to DataList) is a table at 1280 px and cards
 * at 375 px. Axe clean at both widths. The owner makes a payment link and pays it first.
 */
const demo = demoTests();
let businessId: string;
let linkId: string;
const stamp = Date.now().toString(36).toUpperCase();
const purpose = `Detail test ${stamp}`;

beforeAll(async () => {
  businessId = demo.businessId;
  const link = await demo.api.call<{ id: string; public_id: string }>('POST', `/v1/business/${businessId}/payment-links`, {
    purpose,
    amount: null,
    reference: `DT-${stamp}`,
    single_use: false,
  });
  linkId = link.id;
  const paid = await new CheckoutCustomer().pay(
    'link',
    link.public_id,
    { method: 'card', number: cardEndingIn('4242') },
    { email: 'detail@example.test', amount: 18_00 },
  );
  expect(paid.status).toBe('succeeded');
  // A second payment, which stays "Succeeded" (the first is refunded in part below: the newest comes first).
  const refunded = await new CheckoutCustomer().pay(
    'link',
    link.public_id,
    { method: 'card', number: cardEndingIn('4242') },
    { email: 'detail-refunded@example.test', amount: 18_00 },
  );
  expect(refunded.status).toBe('succeeded');
  // Partly refunded: the longest status a payment's card shows ("Partially refunded").
  const mine = await demo.api.call<{ data: { id: string }[] }>('GET', `/v1/business/${businessId}/transactions?q=DT-${stamp}&limit=10`);
  await demo.api.call(
    'POST',
    `/v1/business/${businessId}/transactions/${mine.data[0]!.id}/refunds`,
    { amount: 5_00, reason: 'requested_by_customer' },
    { 'idempotency-key': `detail-e2e-${stamp}` },
  );
});

const ownerAt = (width: number) => demo.page({ width, height: 860 });

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a detail screen', () => {
  it('shows the back link, title, status, key facts and its actions at 1280 px', async () => {
    const { page, close } = await ownerAt(1280);
    try {
      await page.goto(`/business/${businessId}/payments/links/${linkId}`);
      await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
      expect(await page.getByTestId('detail-status').textContent()).toBe('Active');
      const facts = page.getByRole('region', { name: 'Key facts' });
      await facts.getByText('Customer chooses (SGD)').waitFor();
      await page.getByTestId('detail-actions').getByRole('link', { name: 'Edit' }).waitFor();
      await page.getByTestId('detail-actions').getByRole('button', { name: 'Cancel link' }).waitFor();
      expect(await page.getByRole('button', { name: 'More actions' }).count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, 'detail-1280-payment-link');
      await page.getByRole('link', { name: 'All payment links' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment links' }).waitFor();
    } finally {
      await close();
    }
  });

  it('folds the actions into "More actions" at 375 px, where they stay reachable, and fits the screen', async () => {
    const { page, close } = await ownerAt(375);
    try {
      await page.goto(`/business/${businessId}/payments/links/${linkId}`);
      await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
      expect(await page.getByTestId('detail-actions').getByRole('link', { name: 'Edit' }).count()).toBe(0);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
      await screenshot(page, 'detail-375-payment-link');
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Cancel link' }).waitFor();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.waitForURL(new RegExp(`/links/${linkId}/edit$`));
    } finally {
      await close();
    }
  });
  it('keeps a long title readable at 375 px: a primary action beside it moves under it instead of squeezing it', async () => {
    const name = `Home barista course, six weekly sessions ${stamp}`;
    const plan = await demo.api.call<{ id: string }>('POST', `/v1/business/${businessId}/recurring-plans`, {
      name,
      amount: 120_00,
      interval: 'monthly',
    });
    const { page, close } = await ownerAt(375);
    try {
      await page.goto(`/business/${businessId}/payments/recurring-plans/${plan.id}`);
      const title = page.getByRole('heading', { level: 1, name });
      await title.waitFor();
      await page.getByRole('button', { name: 'Subscribe a customer' }).waitFor();
      // Squeezed beside the button, it was a column of about 60 px broken mid-word over six lines.
      const box = await title.boundingBox();
      expect(box?.width).toBeGreaterThan(250);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
      await screenshot(page, 'detail-375-long-title');
    } finally {
      await close();
    }
  });
});

describe('the layout pass (issue 25)', () => {
  it("gives a payment card's title its width at 375 px: amount and status sit beside it when they fit, under it when they do not", async () => {
    const { page, close } = await ownerAt(375);
    try {
      await page.goto(`/business/${businessId}/payments/links/${linkId}`);
      const cards = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
      const card = cards.first();
      await card.getByText('Partially refunded').waitFor();
      // The title is never squeezed (it was a column of about 130 px: "Daniel / Ng / 9 Sept / 2026, / 15:41"): one line.
      const title = card.getByRole('link');
      const lines = await title.evaluate((link) => link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight));
      expect(lines).toBeLessThan(1.5);
      const [name, badge] = await Promise.all([title.boundingBox(), card.getByText('Partially refunded').boundingBox()]);
      expect(badge!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
      // A short title keeps its amount on its line (every amount sat under its date, even beside "Succeeded").
      const plain = cards.filter({ hasText: 'Succeeded' }).first();
      const [plainTitle, amount] = await Promise.all([plain.getByRole('link').boundingBox(), plain.getByText(/^SGD /).first().boundingBox()]);
      expect(amount!.y).toBeLessThan(plainTitle!.y + plainTitle!.height);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
      await screenshot(page, 'detail-375-long-status-card');
    } finally {
      await close();
    }
  });

  it('keeps a title on one line at 1280 px: the actions move under it rather than break it', async () => {
    const customer = await demo.api.call<{ id: string }>('POST', `/v1/business/${businessId}/customers`, {
      name: `Harbour Trading ${stamp}`,
      email: `harbour-${stamp.toLowerCase()}@example.test`,
    });
    const sub = await demo.api.call<{ id: string }>('POST', `/v1/business/${businessId}/subscriptions`, {
      customer_id: customer.id,
      name: 'Screens club',
      amount: 30_00,
      currency: 'sgd',
      interval: 'monthly',
    });
    const { page, close } = await ownerAt(1280);
    try {
      await page.goto(`/business/${businessId}/payments/subscriptions/${sub.id}`);
      const title = page.getByRole('heading', { level: 1, name: `Harbour Trading ${stamp} · Screens club` });
      await title.waitFor();
      await page.getByTestId('detail-actions').getByRole('button', { name: 'Send card link' }).waitFor();
      const lines = await title.evaluate((heading) => {
        const range = document.createRange();
        range.selectNodeContents(heading);
        const tops: number[] = [];
        for (const rect of range.getClientRects()) if (!tops.some((top) => Math.abs(top - rect.top) < 3)) tops.push(rect.top);
        return tops.length;
      });
      expect(lines).toBe(1);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectAccessible(page);
      await screenshot(page, 'detail-1280-title-one-line');
    } finally {
      await close();
    }
  });
});

describe('a moved table', () => {
  it("shows the sales report's breakdown as a table at 1280 px and as cards at 375 px", async () => {
    const wide = await ownerAt(1280);
    try {
      await wide.page.goto(`/business/${businessId}/payments/sales-report?range=90`);
      await wide.page.getByRole('table', { name: 'By method' }).getByRole('rowheader', { name: 'Card' }).waitFor();
      await expectAccessible(wide.page);
    } finally {
      await wide.close();
    }
    const phone = await ownerAt(375);
    try {
      await phone.page.goto(`/business/${businessId}/payments/sales-report?range=90`);
      const cards = phone.page.getByRole('list', { name: 'By method' });
      await cards.getByRole('listitem').filter({ hasText: 'Card' }).first().waitFor();
      expect(await phone.page.getByRole('table', { name: 'By method' }).count()).toBe(0);
      expect(await noSidewaysScroll(phone.page)).toBe(true);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'detail-375-sales-report');
    } finally {
      await phone.close();
    }
  });
});
