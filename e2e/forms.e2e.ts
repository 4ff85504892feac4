import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './api';
import { DEMO_PASSWORD, expectAccessible, launch, screenshot, signedInPage } from './support';

/**
 * Issue 25 in a real browser, on a laptop and on a phone: the amount field shows its currency whole, a switch's
 * label sits on the line of its control, inputs of one row share their top line, and the form bar says nothing on
 * an untouched form, comes with the first change, lines up with the content and is never cut.
 */
let browser: Browser;
let businessId: string;
const OWNER = 'owner@demo.test';

beforeAll(async () => {
  browser = await launch();
  const api = new ApiSession();
  await api.call('POST', '/auth', { email: OWNER, password: DEMO_PASSWORD });
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', '/v1/user');
  businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee')!.id;
});
afterAll(() => browser?.close());

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The currency suffix lies inside the amount field's box, and its text is not cut (nothing overflows it). */
async function expectSuffixVisible(page: Page, name: RegExp, code: string): Promise<void> {
  const input = page.getByRole('textbox', { name });
  const wrapper = input.locator('xpath=..');
  const suffix = wrapper.locator('[data-currency-suffix]');
  expect(await suffix.textContent()).toBe(code);
  const field = await box(input);
  const text = await box(suffix);
  expect(text.x).toBeGreaterThanOrEqual(field.x);
  expect(text.y).toBeGreaterThanOrEqual(field.y);
  expect(text.x + text.width).toBeLessThanOrEqual(field.x + field.width);
  expect(text.y + text.height).toBeLessThanOrEqual(field.y + field.height);
  // The suffix keeps clear of the field's border (1 px) and of what the person types.
  expect(field.x + field.width - (text.x + text.width)).toBeGreaterThanOrEqual(4);
  expect(await suffix.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** A switch's label is on its control's line: its first line starts within the control's height, beside it. */
async function expectSwitchBesideLabel(control: Locator): Promise<void> {
  const id = await control.getAttribute('id');
  // Mantine's switch: a <label for> holding the label's text and the drawn track (the input itself is hidden).
  const body = control.page().locator(`label[for="${id}"]`);
  const track = await box(body.locator('.mantine-Switch-track'));
  const label = await box(body.locator('.mantine-Switch-label'));
  expect(Math.abs(label.y - track.y)).toBeLessThan(track.height);
  // Text on the left, the control on the right, side by side.
  expect(label.x + label.width).toBeLessThanOrEqual(track.x);
}

const bar = (page: Page) => page.locator('[data-sub-header-bar]');

/** The bar's title is whole (not cut with an ellipsis), its buttons in view, and its edges those of the content. */
async function expectBarFits(page: Page, width: number): Promise<void> {
  const title = bar(page).locator('[data-sub-header-title]');
  expect(await title.textContent()).toBe('Unsaved changes');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // Cancel and the form's Save (named for what it does: "Create link", "Save").
  const buttons = await bar(page).getByRole('button').all();
  expect(buttons).toHaveLength(2);
  for (const each of buttons) {
    const button = await box(each);
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(width);
  }
  const heading = await box(page.getByRole('heading', { level: 1 }));
  const text = await box(title);
  expect(Math.abs(text.x - heading.x)).toBeLessThanOrEqual(1);
}

describe.each([1280, 375])('forms at %i px', (width) => {
  it('the payment link form: the amount shows SGD whole, the switch sits beside its label, the bar says so with a change', async () => {
    const { page, close } = await signedInPage(browser, OWNER, width);
    await page.goto(`/business/${businessId}/payments/links/create`);
    await page.getByRole('heading', { level: 1, name: 'Create payment link' }).waitFor();
    const amount = page.getByRole('textbox', { name: /^Amount/ });
    await amount.waitFor();

    // Untouched (spec 2's default): the bar with Cancel and a disabled Save, and nothing said about saving.
    await bar(page).getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await bar(page).getByRole('button', { name: 'Create link' }).isDisabled()).toBe(true);
    expect(await page.getByText('All changes saved').count()).toBe(0);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);

    await expectSuffixVisible(page, /^Amount/, 'SGD');
    await expectSwitchBesideLabel(page.getByRole('switch', { name: 'Single use' }));
    if (width >= 768) {
      // Amount (with its help text) and Currency (without) side by side share their top line.
      const currency = await box(page.getByRole('textbox', { name: /^Currency/ }));
      expect(Math.abs((await box(amount)).y - currency.y)).toBeLessThanOrEqual(1);
    }
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /^Purpose/ }).fill('A class of yoga');
    await amount.fill('45.50');
    await bar(page).waitFor();
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor();
    await expectBarFits(page, width);
    await expectSuffixVisible(page, /^Amount/, 'SGD');
    await expectAccessible(page);
    await screenshot(page, `forms-link-${width}`);

    // Back to an empty form: nothing to save, and nothing said about it.
    await page.getByRole('textbox', { name: /^Purpose/ }).fill('');
    await amount.fill('');
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    expect(await bar(page).getByRole('button', { name: 'Create link' }).isDisabled()).toBe(true);
    await close();
  });

  it('the invoice form: "Allow partial payments" beside its switch; every amount shows its currency whole', async () => {
    const { page, close } = await signedInPage(browser, OWNER, width);
    await page.goto(`/business/${businessId}/payments/invoices/create`);
    await page.getByRole('heading', { level: 1, name: 'Create invoice' }).waitFor();
    await expectSwitchBesideLabel(page.getByRole('switch', { name: 'Allow partial payments' }));
    await expectSuffixVisible(page, /^Unit price/, 'SGD');
    // The "Line 1" box names its fields once, as a group: no label repeats "(line 1)" (issue 25).
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Description' }).waitFor();
    expect(await page.getByText(/\(line \d+\)/).count()).toBe(0);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await page.getByRole('switch', { name: 'Allow partial payments' }).click({ force: true });
    await bar(page).waitFor();
    await expectBarFits(page, width);
    await expectAccessible(page);
    await screenshot(page, `forms-invoice-${width}`);
    await close();
  });

  it('payment methods: each method’s switches sit beside their labels', async () => {
    const { page, close } = await signedInPage(browser, OWNER, width);
    await page.goto(`/business/${businessId}/payments/payment-methods`);
    await page.getByRole('heading', { level: 1, name: 'Payment methods' }).waitFor();
    const first = page.getByRole('switch', { name: /^Offer / }).first();
    await first.waitFor();
    await expectSwitchBesideLabel(first);
    await expectSwitchBesideLabel(page.getByRole('switch', { name: /customer pays the fee/ }).first());
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `forms-payment-methods-${width}`);
    await close();
  });
});
