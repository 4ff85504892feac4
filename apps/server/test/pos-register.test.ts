import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { RECEIPT_MAILS_PER_HOUR, drawerEndpoints, locationEndpoints, posOrderEndpoints, type Location } from '@merchant/catalogue';
import { registerEndpoints } from '@merchant/pos';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, createCustomer, createLocation, openDrawer, saleBody, sell, setPosPin, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';

/**
 * The register's PayNow QR tender, card and PayNow refunds to the payments, mailed receipts and each device's offline
 * allowance (docs/pos.md), on both databases.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Agent;
let manager: Agent;
let cashier: Agent;
let shop: Location;

const inBusiness = () => ({ params: { business_id: business.id } });
const rowsOf = async <Row>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const auditOf = (objectId: string) =>
  t.database.db
    .select({ action: auditLogs.action, actor: auditLogs.actorUserId, description: auditLogs.description })
    .from(auditLogs)
    .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, objectId)));
const expectedCash = async (agent: Agent) => (await agent.ok(drawerEndpoints.current, inBusiness())).drawer!.expected_cash.amount;

/** A PayNow QR payment of the register for `amount`, paid (the simulated scan). */
async function paidQr(agent: Agent, amount: number) {
  const shown = await agent.ok(registerEndpoints.startQrPayment, { ...inBusiness(), body: { amount } });
  return agent.ok(registerEndpoints.simulateQrScan, { params: { business_id: business.id, payment_id: shown.payment_id } });
}

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2026-11-03T03:00:00Z'));
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: 'Asia/Singapore' });
  ({ owner, manager, cashier } = { owner: business.people.owner.agent, manager: business.people.manager.agent, cashier: business.people.cashier.agent });
  shop = await createLocation(owner, business.id, { name: 'Front counter' });
  await openDrawer(cashier, business.id, shop.id);
  await openDrawer(manager, business.id, shop.id);
});
afterAll(() => t.close());

describe('the PayNow QR tender', () => {
  it('shows a QR for the amount, waits for it to be paid, and pays a sale with it once', async () => {
    const shown = await cashier.ok(registerEndpoints.startQrPayment, { ...inBusiness(), body: { amount: 12_50 } });
    expect(shown).toMatchObject({ status: 'waiting', amount: { amount: 12_50, currency: 'sgd' } });
    expect(shown.qr_payload).toContain('SG.PAYNOW');
    const params = { business_id: business.id, payment_id: shown.payment_id };
    const body = saleBody(shop.id, {
      quick_sale: { amount: 12_50, description: 'Coffee beans' },
      tenders: [{ kind: 'paynow', amount: 12_50, payment_id: shown.payment_id }],
    });

    // Not paid yet: the sale is refused on the tender.
    const early = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body });
    expect([early.status, failure(early).issues?.[0]?.path]).toEqual([422, 'tenders.0.payment_id']);
    expect((await cashier.ok(registerEndpoints.getQrPayment, { params })).status).toBe('waiting');

    const paid = await cashier.ok(registerEndpoints.simulateQrScan, { params });
    expect(paid).toMatchObject({ status: 'succeeded', qr_payload: null });
    expect((await cashier.ok(registerEndpoints.getQrPayment, { params })).status).toBe('succeeded');
    const again = await cashier.call(registerEndpoints.simulateQrScan, { params });
    expect(failure(again).code).toBe('PAYMENT_NO_PENDING_ACTION');

    const order = await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body });
    expect(order.order_tenders.map((x) => [x.kind, x.amount.amount, x.payment_id])).toEqual([['paynow', 12_50, shown.payment_id]]);
    expect(order.tenders).toEqual(['paynow']);
    // The same key answers the first sale; the same payment under another key pays nothing more.
    expect((await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body })).id).toBe(order.id);
    const twice = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body: { ...body, idempotency_key: 'another-key-1' } });
    expect([twice.status, failure(twice).issues?.[0]?.path]).toEqual([422, 'tenders']);
    // The list filters by the PayNow tender.
    const listed = await cashier.ok(posOrderEndpoints.list, { ...inBusiness(), query: { tender: 'paynow' } });
    expect(listed.data.map((o) => o.id)).toEqual([order.id]);
  });

  it('refuses a PayNow tender of another amount, of a card payment, or of another business, and splits with cash', async () => {
    const qr = await paidQr(cashier, 5_00);
    const wrongAmount = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, { tenders: [{ kind: 'paynow', amount: 10_00, payment_id: qr.payment_id }] }),
    });
    expect(failure(wrongAmount).issues?.[0]?.path).toBe('tenders.0.amount');
    const card = await makePayment(t, business.id, { amount: 10_00 });
    const cardAsQr = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, { tenders: [{ kind: 'paynow', amount: 10_00, payment_id: card.id }] }),
    });
    expect(failure(cardAsQr).issues?.[0]?.path).toBe('tenders.0.payment_id');

    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.ok(registerEndpoints.startQrPayment, { params: { business_id: other.id }, body: { amount: 10_00 } });
    const foreign = await cashier.call(registerEndpoints.simulateQrScan, { params: { business_id: business.id, payment_id: theirs.payment_id } });
    expect(failure(foreign).code).toBe('PAYMENT_NOT_FOUND');
    await other.people.owner.agent.ok(registerEndpoints.simulateQrScan, { params: { business_id: other.id, payment_id: theirs.payment_id } });
    const stolen = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, { tenders: [{ kind: 'paynow', amount: 10_00, payment_id: theirs.payment_id }] }),
    });
    expect(failure(stolen).issues?.[0]?.path).toBe('tenders.0.payment_id');

    const before = await expectedCash(cashier);
    const split = await sell(cashier, business.id, shop.id, {
      tenders: [
        { kind: 'paynow', amount: 5_00, payment_id: qr.payment_id },
        { kind: 'cash', amount: 5_00, tendered: 10_00 },
      ],
    });
    expect(split.change.amount).toBe(5_00);
    expect(await expectedCash(cashier)).toBe(before + 5_00);
  });

  it('refuses an amount outside PayNow’s limits as a field error', async () => {
    const answer = await cashier.call(registerEndpoints.startQrPayment, { ...inBusiness(), body: { amount: 1_000_000_000_00 } });
    expect([answer.status, failure(answer).issues?.[0]?.path]).toEqual([422, 'amount']);
  });
});

describe('refunds to the card and the PayNow payment', () => {
  it('refunds a card-paid order to the card’s charge through the payments refunds (ledger and all), not from the drawer', async () => {
    const card = await makePayment(t, business.id, { amount: 20_00 });
    const order = await sell(manager, business.id, shop.id, {
      quick_sale: { amount: 20_00, description: 'Card sale' },
      tenders: [{ kind: 'card', amount: 20_00, payment_id: card.id }],
    });
    const drawer = await expectedCash(manager);
    const refunded = await manager.ok(posOrderEndpoints.refund, {
      params: { business_id: business.id, order_id: order.id },
      body: { whole: true, reason: 'Faulty' },
    });
    expect(refunded).toMatchObject({ status: 'refunded', refunded: { amount: 20_00 } });
    const [part] = refunded.refunds[0]!.tenders;
    expect(part).toMatchObject({ kind: 'card', amount: { amount: 20_00 } });
    expect(part!.payment_refund_id).not.toBeNull();
    expect(refunded.order_tenders[0]!.refunded.amount).toBe(20_00);
    expect(refunded.timeline.at(-1)!.text).toContain('to the card');
    // The drawer pays nothing; the card's payment is refunded, with its refund row and ledger posting.
    expect(await expectedCash(manager)).toBe(drawer);
    const payment = await t.services.charges.byId(business.id, card.id);
    expect([payment!.status, payment!.refundedAmount]).toEqual(['refunded', 20_00]);
    const refunds = await rowsOf<{ id: string; amount: number | string }>(sql`select id, amount from refunds where payment_id = ${card.id}`);
    expect(refunds.map((r) => [r.id, Number(r.amount)])).toEqual([[part!.payment_refund_id, 20_00]]);
    const posted = await rowsOf<{ account: string; amount: number | string }>(
      sql`select e.account, e.amount from ledger_entries e join ledger_transactions x on x.business_id = e.business_id and x.id = e.transaction_id
          where x.business_id = ${business.id} and x.kind = 'refund' and x.refund_id = ${part!.payment_refund_id}`,
    );
    expect(posted.map((p) => [p.account, Number(p.amount)]).sort()).toEqual([
      ['customer_funds', 20_00],
      ['merchant_available', -20_00],
    ]);
    const cashPostings = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where business_id = ${business.id} and kind = 'pos_refund' and reference_id = ${order.id}`,
    );
    expect(cashPostings[0]!.n).toBe(0);
  });

  it('splits a refund of a split order over its tenders in proportion, or as the merchant picks', async () => {
    const qr = await paidQr(manager, 6_00);
    const order = await sell(manager, business.id, shop.id, {
      quick_sale: { amount: 10_00, description: 'Split' },
      tenders: [
        { kind: 'paynow', amount: 6_00, payment_id: qr.payment_id },
        { kind: 'cash', amount: 4_00 },
      ],
    });
    const params = { business_id: business.id, order_id: order.id };
    const drawer = await expectedCash(manager);
    const paynowTender = order.order_tenders.find((x) => x.kind === 'paynow')!;
    const cashTender = order.order_tenders.find((x) => x.kind === 'cash')!;

    // A pick must add up to the refund and stay within what is left on each tender.
    const wrongSum = await manager.call(posOrderEndpoints.refund, {
      params,
      body: { whole: true, reason: 'Picked', tenders: [{ tender_id: cashTender.id, amount: 4_00 }] },
    });
    expect(failure(wrongSum).issues?.[0]?.path).toBe('tenders');
    const tooMuch = await manager.call(posOrderEndpoints.refund, {
      params,
      body: { whole: true, reason: 'Picked', tenders: [{ tender_id: cashTender.id, amount: 10_00 }] },
    });
    expect(failure(tooMuch).issues?.[0]?.path).toBe('tenders.0.amount');

    // In proportion: 6.00 to the PayNow payment, 4.00 from the drawer.
    const whole = await manager.ok(posOrderEndpoints.refund, { params, body: { whole: true, reason: 'Returned' } });
    expect(whole.refunds[0]!.tenders.map((x) => [x.kind, x.amount.amount])).toEqual([
      ['paynow', 6_00],
      ['cash', 4_00],
    ]);
    expect(await expectedCash(manager)).toBe(drawer - 4_00);
    expect((await t.services.charges.byId(business.id, paynowTender.payment_id!))!.refundedAmount).toBe(6_00);

    // As picked: a second order, all of it back in cash.
    const qr2 = await paidQr(manager, 6_00);
    const second = await sell(manager, business.id, shop.id, {
      quick_sale: { amount: 10_00, description: 'Split' },
      tenders: [
        { kind: 'paynow', amount: 6_00, payment_id: qr2.payment_id },
        { kind: 'cash', amount: 4_00 },
      ],
    });
    const secondCash = second.order_tenders.find((x) => x.kind === 'cash')!;
    const secondQr = second.order_tenders.find((x) => x.kind === 'paynow')!;
    const picked = await manager.ok(posOrderEndpoints.refund, {
      params: { business_id: business.id, order_id: second.id },
      body: {
        whole: true,
        reason: 'Picked',
        tenders: [
          { tender_id: secondCash.id, amount: 4_00 },
          { tender_id: secondQr.id, amount: 6_00 },
        ],
      },
    });
    expect(picked.order_tenders.map((x) => [x.kind, x.refunded.amount]).sort()).toEqual([
      ['cash', 4_00],
      ['paynow', 6_00],
    ]);
  });

  it('refunds a cashier’s card sale to the card with a manager’s PIN', async () => {
    await setPosPin(manager, '4821');
    const card = await makePayment(t, business.id, { amount: 8_00 });
    const order = await sell(cashier, business.id, shop.id, {
      quick_sale: { amount: 8_00, description: 'Card' },
      tenders: [{ kind: 'card', amount: 8_00, payment_id: card.id }],
    });
    const refunded = await cashier.ok(posOrderEndpoints.refund, {
      params: { business_id: business.id, order_id: order.id },
      body: { whole: true, reason: 'Wrong size', override: { manager_id: business.people.manager.id, pin: '4821' } },
    });
    expect(refunded.refunds[0]!.tenders[0]).toMatchObject({ kind: 'card', amount: { amount: 8_00 } });
    expect((await t.services.charges.byId(business.id, card.id))!.status).toBe('refunded');
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(expect.arrayContaining(['pos.order.refunded', 'pos.override.approved']));
  });
});

describe('mailed receipts', () => {
  it('mails the receipt with its lines, tenders and the location’s header and footer to a typed address or the customer, limited per order, audited', async () => {
    await owner.ok(locationEndpoints.update, {
      params: { business_id: business.id, location_id: shop.id },
      body: { receipt_header: 'Thanks for visiting', receipt_footer: 'No returns after 30 days' },
    });
    const customer = await createCustomer(owner, business.id, { name: 'Alice Tan' });
    const order = await sell(cashier, business.id, shop.id, {
      quick_sale: { amount: 10_00, description: 'Gift card' },
      customer_id: customer.id,
      tenders: [{ kind: 'cash', amount: 10_00, tendered: 20_00 }],
    });
    const params = { business_id: business.id, order_id: order.id };
    expect(await cashier.ok(posOrderEndpoints.mailReceipt, { params, body: { email: 'Bob@Example.com' } })).toEqual({ sent_to: 'bob@example.com' });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'bob@example.com')!;
    expect(mail.subject).toContain(`order #${order.number}`);
    for (const part of ['Thanks for visiting', 'No returns after 30 days', '1 × Gift card', 'Cash: SGD 20.00', 'Change: SGD 10.00', 'Total: SGD 10.00'])
      expect(mail.text).toContain(part);
    expect(await cashier.ok(posOrderEndpoints.mailReceipt, { params, body: {} })).toEqual({ sent_to: customer.email });
    expect((await auditOf(order.id)).filter((a) => a.action === 'pos.order.receipt_mailed')).toHaveLength(2);

    const bad = await cashier.call(posOrderEndpoints.mailReceipt, { params, body: { email: 'not an address' } });
    expect([bad.status, failure(bad).issues?.[0]?.path]).toEqual([422, 'email']);
    for (let i = 2; i < RECEIPT_MAILS_PER_HOUR; i++) await cashier.ok(posOrderEndpoints.mailReceipt, { params, body: { email: 'bob@example.com' } });
    const limited = await cashier.call(posOrderEndpoints.mailReceipt, { params, body: { email: 'bob@example.com' } });
    expect([limited.status, failure(limited).code]).toEqual([429, 'POS_RECEIPT_MAIL_LIMITED']);

    const anonymous = await sell(cashier, business.id, shop.id);
    const nobody = await cashier.call(posOrderEndpoints.mailReceipt, { params: { business_id: business.id, order_id: anonymous.id }, body: {} });
    expect(failure(nobody).issues?.[0]?.path).toBe('email');
    // A cashier mails only their own orders' receipts.
    const managers = await sell(manager, business.id, shop.id);
    const hidden = await cashier.call(posOrderEndpoints.mailReceipt, {
      params: { business_id: business.id, order_id: managers.id },
      body: { email: 'x@example.com' },
    });
    expect(failure(hidden).code).toBe('POS_ORDER_NOT_FOUND');
  });
});

describe('the offline allowance per device', () => {
  it('registers a device with offline selling off; a manager switches it on and off, each audited; a cashier may not', async () => {
    const deviceId = '0193a1f2-7c1e-7000-8000-00000000d001';
    const first = await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId, name: 'Front till' } });
    expect(first).toMatchObject({ id: deviceId, name: 'Front till', offline_allowed: false, offline_changed_by: null });
    const params = { business_id: business.id, device_id: deviceId };
    const refused = await cashier.call(registerEndpoints.setOfflineAllowance, { params, body: { allowed: true } });
    expect(refused.status).toBe(403);

    const on = await manager.ok(registerEndpoints.setOfflineAllowance, { params, body: { allowed: true } });
    expect(on).toMatchObject({ offline_allowed: true, offline_changed_by: { id: business.people.manager.id } });
    // Seen again: the allowance stays as the manager set it.
    expect((await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId, name: 'Renamed?' } })).offline_allowed).toBe(
      true,
    );
    expect((await manager.ok(registerEndpoints.listDevices, inBusiness())).data.map((d) => [d.id, d.offline_allowed])).toEqual([[deviceId, true]]);
    // Setting what it already is records nothing; switching off does.
    await manager.ok(registerEndpoints.setOfflineAllowance, { params, body: { allowed: true } });
    await owner.ok(registerEndpoints.setOfflineAllowance, { params, body: { allowed: false } });
    const entries = await auditOf(deviceId);
    expect(entries.map((a) => [a.action, a.actor])).toEqual([
      ['pos.device.offline_allowed', business.people.manager.id],
      ['pos.device.offline_stopped', business.people.owner.id],
    ]);

    const unknown = await manager.call(registerEndpoints.setOfflineAllowance, {
      params: { business_id: business.id, device_id: '0193a1f2-7c1e-7000-8000-00000000dfff' },
      body: { allowed: true },
    });
    expect(failure(unknown).code).toBe('POS_DEVICE_NOT_FOUND');
    const other = await createBusiness(t);
    const foreign = await other.people.owner.agent.call(registerEndpoints.setOfflineAllowance, {
      params: { business_id: other.id, device_id: deviceId },
      body: { allowed: true },
    });
    expect(failure(foreign).code).toBe('POS_DEVICE_NOT_FOUND');
  });
});
