import { describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { drawerEndpoints, locationEndpoints, posOrderEndpoints, type DrawerSession, type Location, type Order, type OrderSummary } from '@merchant/catalogue';
import { registerEndpoints, terminalEndpoints, type PairingCodeAnswer, type Reader } from '@merchant/pos';
import { ApiSession } from './api';
import { demoTests } from './demo';
import { expectAccessible, mailbox, screenshot, uniqueEmail } from './support';

/**
 * The web register at tablet size: a cashier opens a drawer, sells a drink with an add-on and a scanned tote bag with
 * a discount for cash with change and mails its receipt, sells a drink by card on the simulated reader (a declined card
 * first, which charges nothing) and one by PayNow QR, is refused a sale offline while the device may not sell offline,
 * then (a manager allowed it) takes two quick sales while the network is cut (kept in the browser, sent once when it
 * returns), and closes the drawer with a counted difference. The server's orders and drawer agree with the screen.
 */

const demo = demoTests();
const CASHIER = 'cashier@demo.test';

/** A simulated reader paired at the Roastery by the owner (one per run: its name is unique). */
async function readerAtRoastery(businessId: string): Promise<Reader> {
  const params = { business_id: businessId };
  const owner = new ApiSession();
  await owner.signIn('owner@demo.test');
  const roastery = await owner.call<{ data: Location[] }>('GET', endpointPath(locationEndpoints.list, { params, query: { q: 'Roastery' } }));
  const code = await owner.call<PairingCodeAnswer>('POST', endpointPath(terminalEndpoints.simulatePairingCode, { params }), {});
  return owner.call<Reader>('POST', endpointPath(terminalEndpoints.pairReader, { params }), {
    code: code.code,
    name: `Counter ${Date.now().toString(36)}`,
    location_id: roastery.data[0]!.id,
  });
}

/** Closes the cashier's drawer if another test left one open, so this one opens its own. */
async function closeOpenDrawer(api: ApiSession, businessId: string): Promise<void> {
  const params = { business_id: businessId };
  const { drawer } = await api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
  if (drawer) {
    await api.call('POST', endpointPath(drawerEndpoints.close, { params: { ...params, drawer_id: drawer.id } }), { counted_cash: drawer.expected_cash.amount });
  }
}

describe('the register', () => {
  it('a cashier opens a drawer, sells for cash with change, sells offline twice, and closes the drawer short', async () => {
    const businessId = demo.businessId;
    const params = { business_id: businessId };
    const api = new ApiSession();
    await api.signIn(CASHIER);
    await closeOpenDrawer(api, businessId);
    const reader = await readerAtRoastery(businessId);

    const { page, close } = await demo.page({ as: CASHIER, width: 1024, height: 768 });
    await page.goto(`/business/${businessId}/pos`);
    await page.getByRole('heading', { level: 1, name: 'Point of Sales' }).waitFor();
    await page.getByRole('heading', { name: 'Open the cash drawer' }).waitFor();
    await page.getByRole('textbox', { name: /^Location/ }).click();
    await page.getByRole('option', { name: 'Roastery' }).click();
    await page.getByRole('textbox', { name: /^Opening float/ }).fill('100.00');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Open drawer' }).click();
    await page.getByText(/Drawer open since/).waitFor();

    // A latte with oat milk, chosen on screen.
    await page.getByRole('button', { name: /^Latte/ }).click();
    const choice = page.getByRole('dialog', { name: 'Latte' });
    await choice.getByRole('checkbox', { name: /Oat milk/ }).check();
    await choice.getByRole('button', { name: 'Add to cart' }).click();
    await choice.waitFor({ state: 'detached' });
    // A tote bag, scanned: the scanner types its barcode and Enter.
    const search = page.getByRole('textbox', { name: /^Search or scan/ });
    await search.fill('9556000000019');
    await search.press('Enter');
    const cart = page.getByRole('list', { name: 'Cart lines' });
    await cart.getByText('Tote bag', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Discount on Tote bag' }).click();
    const discount = page.getByRole('dialog', { name: 'Discount on Tote bag' });
    await discount.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
    await discount.getByRole('button', { name: 'Apply discount' }).click();
    await discount.waitFor({ state: 'detached' });
    // 6.50 + 0.80 oat milk, and 25.00 less 10 %: 29.80.
    await page.getByRole('button', { name: /^Charge .*29\.80/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-cart');
    await page.getByRole('button', { name: /^Charge/ }).click();
    const tender = page.getByRole('dialog', { name: /^Charge/ });
    await tender.getByRole('textbox', { name: /^Cash received/ }).fill('50.00');
    await tender.getByText(/Change due: .*20\.20/).waitFor();
    await expectAccessible(page);
    await tender.getByRole('button', { name: 'Take cash' }).click();
    const receipt = page.getByRole('dialog', { name: /^Order #\d+ paid/ });
    await receipt.getByText(/Change due: .*20\.20/).waitFor();
    const number = Number(/#(\d+)/.exec((await receipt.getByRole('heading').first().textContent()) ?? '')?.[1]);
    await expectAccessible(page);
    await screenshot(page, 'register-receipt');
    // The receipt mailed on request: it is in the dev mailbox with its lines and change.
    const customerEmail = uniqueEmail('receipt');
    await receipt.getByRole('textbox', { name: /^Email the receipt to/ }).fill(customerEmail);
    await receipt.getByRole('button', { name: 'Mail receipt' }).click();
    await receipt.getByText(`Receipt mailed to ${customerEmail}.`).waitFor();
    const mailed = (await mailbox()).find((m) => m.to === customerEmail);
    expect(mailed?.subject).toContain(`order #${number}`);
    expect(mailed?.text).toContain('1 × Tote bag');
    expect(mailed?.text).toMatch(/Change: .*20\.20/);
    await receipt.getByRole('button', { name: 'New sale' }).click();

    const sold = await api.call<{ data: OrderSummary[] }>('GET', endpointPath(posOrderEndpoints.list, { params, query: { q: String(number) } }));
    const order = await api.call<Order>('GET', endpointPath(posOrderEndpoints.get, { params: { ...params, order_id: sold.data[0]!.id } }));
    expect(order.total.amount).toBe(29_80);
    expect(order.change.amount).toBe(20_20);
    expect(order.lines.map((l) => [l.name, l.quantity, l.total.amount])).toEqual([
      ['Latte', 1, 7_30],
      ['Tote bag', 1, 22_50],
    ]);

    // A flat white by card: the first card is declined and charges nothing, the second is approved.
    await page.getByRole('button', { name: /^Flat white/ }).click();
    await page.getByRole('dialog', { name: 'Flat white' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: /^Charge .*6\.00/ }).click();
    const cardTender = page.getByRole('dialog', { name: /^Charge/ });
    await cardTender.getByRole('tab', { name: 'Card' }).click();
    await cardTender.getByText(`${reader.name} asks the customer`).waitFor();
    await cardTender.getByRole('textbox', { name: /^Card the reader reads/ }).click();
    await page.getByRole('option', { name: /declined/ }).click();
    await cardTender.getByRole('button', { name: 'Charge card on reader' }).click();
    await cardTender.getByText('Card declined').waitFor();
    await expectAccessible(page);
    await cardTender.getByRole('textbox', { name: /^Card the reader reads/ }).click();
    await page.getByRole('option', { name: /succeeds/ }).click();
    await cardTender.getByRole('button', { name: 'Charge card on reader' }).click();
    const cardReceipt = page.getByRole('dialog', { name: /^Order #\d+ paid/ });
    await cardReceipt.getByText('Card', { exact: true }).waitFor();
    await cardReceipt.getByRole('button', { name: 'New sale' }).click();
    const payments = await api.call<{ recent_payments: { status: string; amount: { amount: number } }[] }>(
      'GET',
      endpointPath(terminalEndpoints.getReader, { params: { ...params, reader_id: reader.id } }),
    );
    expect(payments.recent_payments.map((p) => [p.status, p.amount.amount])).toEqual([
      ['succeeded', 6_00],
      ['failed', 6_00],
    ]);

    // A flat white by PayNow: the QR shows, the customer pays (simulated), the sale is recorded with the payment.
    await page.getByRole('button', { name: /^Flat white/ }).click();
    await page.getByRole('dialog', { name: 'Flat white' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: /^Charge .*6\.00/ }).click();
    const qrTender = page.getByRole('dialog', { name: /^Charge/ });
    await qrTender.getByRole('tab', { name: 'PayNow' }).click();
    await qrTender.getByRole('button', { name: 'Show PayNow QR' }).click();
    await qrTender.getByRole('img', { name: /^PayNow QR for/ }).waitFor();
    await qrTender.getByText(/Waiting for the customer to pay/).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-paynow');
    await qrTender.getByRole('button', { name: 'Simulate: the customer pays' }).click();
    const qrReceipt = page.getByRole('dialog', { name: /^Order #\d+ paid/ });
    await qrReceipt.getByText('PayNow QR', { exact: true }).waitFor();
    const qrNumber = Number(/#(\d+)/.exec((await qrReceipt.getByRole('heading').first().textContent()) ?? '')?.[1]);
    await qrReceipt.getByRole('button', { name: 'New sale' }).click();
    const qrSold = await api.call<{ data: OrderSummary[] }>('GET', endpointPath(posOrderEndpoints.list, { params, query: { q: String(qrNumber) } }));
    expect(qrSold.data[0]).toMatchObject({ tenders: ['paynow'], total: { amount: 6_00 } });

    // The network drops while this device may not sell offline: the sale is refused with a clear message.
    const tag = Date.now().toString(36);
    await page.context().setOffline(true);
    await page.getByText(/Offline since/).waitFor();
    await page.getByText('Quick sale', { exact: true }).click();
    for (const d of ['3', '0', '0']) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: d, exact: true }).click();
    await page.getByRole('textbox', { name: /^Description/ }).fill(`Refused ${tag}`);
    await page.getByRole('button', { name: /^Charge/ }).click();
    const refusedTender = page.getByRole('dialog', { name: /^Charge/ });
    await refusedTender.getByText('Offline selling is off on this device').waitFor();
    expect(await refusedTender.getByRole('button', { name: 'Take cash' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await refusedTender.getByRole('button', { name: 'Cancel' }).click();
    await page.context().setOffline(false);
    // A manager allows offline selling on this device (audited); the register reads it when it opens again.
    const deviceId = await page.evaluate(() => localStorage.getItem('register.device'));
    const owner = new ApiSession();
    await owner.signIn('owner@demo.test');
    await owner.call('PUT', endpointPath(registerEndpoints.setOfflineAllowance, { params: { ...params, device_id: deviceId! } }), { allowed: true });
    await page.reload();
    await page.getByText(/Drawer open since/).waitFor();

    // The network drops: two quick sales for cash are kept on the device.
    await page.context().setOffline(true);
    await page.getByText('Quick sale', { exact: true }).click();
    for (const [i, digits] of [
      ['5', '0', '0'],
      ['7', '5', '0'],
    ].entries()) {
      for (const d of digits) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: d, exact: true }).click();
      await page.getByRole('textbox', { name: /^Description/ }).fill(`Offline ${tag} ${i}`);
      await page.getByRole('button', { name: /^Charge/ }).click();
      await page
        .getByRole('dialog', { name: /^Charge/ })
        .getByRole('button', { name: 'Take cash' })
        .click();
      await page.getByRole('dialog', { name: /^Charge/ }).waitFor({ state: 'detached' });
    }
    await page.getByText(/Offline since/).waitFor();
    await page.getByText('2 sales wait to be sent.', { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-offline');
    const sales = async () => {
      const { drawer } = await api.call<{ drawer: DrawerSession | null }>('GET', endpointPath(drawerEndpoints.current, { params }));
      return drawer!.movements.filter((m) => m.kind === 'sale').map((m) => m.amount.amount);
    };
    expect(await sales()).toEqual([29_80]);

    await page.context().setOffline(false);
    await page.getByText(/2 sales kept offline were recorded/).waitFor();
    // Sending again (the button, a second tab) records nothing twice: the queue is empty and the keys are the server's.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText(/wait to be sent/).waitFor({ state: 'detached' });
    expect((await sales()).sort((a, b) => a - b)).toEqual([5_00, 7_50, 29_80]);

    // Close the drawer a dollar short: 100.00 float + 29.80 + 5.00 + 7.50 expected.
    await page.getByRole('button', { name: 'Close drawer' }).click();
    const closing = page.getByRole('dialog', { name: 'Close the drawer' });
    await closing.getByText(/142\.30/).waitFor();
    await closing.getByRole('textbox', { name: /^Cash counted/ }).fill('141.30');
    await closing.getByRole('button', { name: 'Close drawer' }).click();
    await page
      .getByRole('dialog', { name: 'Drawer closed' })
      .getByText(/Short by .*1\.00/)
      .waitFor();
    await expectAccessible(page);
    await close();
  });
});
