import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { drawerEndpoints, posOrderEndpoints, type Location } from '@merchant/catalogue';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, openDrawer, sell, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';

/**
 * Refund rules of the register (docs/pos.md, "One refund at a time"): a refund of an order is checked and reserved under
 * the order's lock before any payment is refunded, so two at once refund the card once; only a cash part needs the
 * refunder's open drawer. On both databases.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager'>;
let owner: Agent;
let manager: Agent;
let shop: Location;

const rowsOf = async <Row>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const refundOf = (agent: Agent, orderId: string) =>
  agent.call(posOrderEndpoints.refund, { params: { business_id: business.id, order_id: orderId }, body: { whole: true, reason: 'Changed their mind' } });
const paymentRefunds = async (paymentId: string) =>
  (await rowsOf<{ amount: number | string }>(sql`select amount from refunds where payment_id = ${paymentId}`)).map((r) => Number(r.amount));

async function cardOrder(amount: number) {
  const card = await makePayment(t, business.id, { amount });
  const order = await sell(manager, business.id, shop.id, {
    quick_sale: { amount, description: 'Card sale' },
    tenders: [{ kind: 'card', amount, payment_id: card.id }],
  });
  return { card, order };
}

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2026-11-03T03:00:00Z'));
  business = await createBusiness(t, { staff: ['manager'], timeZone: 'Asia/Singapore' });
  ({ owner, manager } = { owner: business.people.owner.agent, manager: business.people.manager.agent });
  shop = await createLocation(owner, business.id, { name: 'Front counter' });
  await openDrawer(manager, business.id, shop.id);
});
afterAll(() => t.close());

describe('one refund of an order at a time', () => {
  it('two refunds of one card order at once: one refunds the card, the other is refused with a 4xx and refunds nothing', async () => {
    const { card, order } = await cardOrder(20_00);
    const answers = await Promise.all([refundOf(manager, order.id), refundOf(manager, order.id)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(201);
    // The loser met the refund under way (409) or, come after it, nothing left to refund (422): never a 500.
    expect([409, 422]).toContain(statuses[1]);
    const loser = answers.find((a) => a.status !== 201)!;
    expect(['POS_REFUND_UNDER_WAY', 'VALIDATION_FAILED']).toContain(failure(loser).code);
    expect(await paymentRefunds(card.id)).toEqual([20_00]);
    const after = await manager.ok(posOrderEndpoints.get, { params: { business_id: business.id, order_id: order.id } });
    expect(after).toMatchObject({ status: 'refunded', refunded: { amount: 20_00 } });
    expect(after.refunds).toHaveLength(1);
  });

  it('refuses a refund while another is under way, until that one is over or stale', async () => {
    const { card, order } = await cardOrder(12_00);
    // Another refund holds the order (its payment refund at the processor).
    await t.database.db.execute(sql`update pos_orders set refund_started_at = ${new Date('2026-11-03T02:58:00Z')} where id = ${order.id}`);
    const held = await refundOf(manager, order.id);
    expect([held.status, failure(held).code]).toEqual([409, 'POS_REFUND_UNDER_WAY']);
    expect(failure(held).message).toContain('under way');
    expect(await paymentRefunds(card.id)).toEqual([]);
    // Five minutes on, a mark left by a server that stopped mid-way no longer holds the order.
    t.clock.set(new Date('2026-11-03T03:04:00Z'));
    expect((await refundOf(manager, order.id)).status).toBe(201);
    expect(await paymentRefunds(card.id)).toEqual([12_00]);
    const [row] = await rowsOf<{ refund_started_at: unknown }>(sql`select refund_started_at from pos_orders where id = ${order.id}`);
    expect(row!.refund_started_at).toBeNull();
  });
});

describe('the refunder’s drawer', () => {
  it('is needed only for a cash part: a card refund without an open drawer goes through, a cash one is refused', async () => {
    const { card, order } = await cardOrder(8_00);
    // The owner has no open drawer.
    expect((await owner.ok(drawerEndpoints.current, { params: { business_id: business.id } })).drawer).toBeNull();
    const refunded = await refundOf(owner, order.id);
    expect(refunded.status).toBe(201);
    expect(await paymentRefunds(card.id)).toEqual([8_00]);
    const [refund] = await rowsOf<{ session_id: string | null }>(sql`select session_id from pos_refunds where order_id = ${order.id}`);
    expect(refund!.session_id).toBeNull();

    const cash = await sell(manager, business.id, shop.id);
    const refused = await refundOf(owner, cash.id);
    expect([refused.status, failure(refused).code]).toEqual([409, 'DRAWER_NOT_OPEN']);
    // Refused before anything was reserved: with a drawer open, the owner refunds it.
    await openDrawer(owner, business.id, shop.id);
    expect((await refundOf(owner, cash.id)).status).toBe(201);
  });

  it('takes a split order’s cash part from the drawer and refuses it without one before the card is refunded', async () => {
    const card = await makePayment(t, business.id, { amount: 6_00 });
    const order = await sell(manager, business.id, shop.id, {
      quick_sale: { amount: 10_00, description: 'Split sale' },
      tenders: [
        { kind: 'card', amount: 6_00, payment_id: card.id },
        { kind: 'cash', amount: 4_00 },
      ],
    });
    // The manager closes their drawer, then refunds: the cash part needs one, so nothing is refunded, not even the card.
    const mine = (await manager.ok(drawerEndpoints.current, { params: { business_id: business.id } })).drawer!;
    await manager.ok(drawerEndpoints.close, {
      params: { business_id: business.id, drawer_id: mine.id },
      body: { counted_cash: mine.expected_cash.amount },
    });
    const refused = await refundOf(manager, order.id);
    expect([refused.status, failure(refused).code]).toEqual([409, 'DRAWER_NOT_OPEN']);
    expect(await paymentRefunds(card.id)).toEqual([]);
    await openDrawer(manager, business.id, shop.id);
    const done = await manager.ok(posOrderEndpoints.refund, {
      params: { business_id: business.id, order_id: order.id },
      body: { whole: true, reason: 'Changed their mind' },
    });
    expect(done.refunds[0]!.tenders.map((p) => [p.kind, p.amount.amount])).toEqual([
      ['card', 6_00],
      ['cash', 4_00],
    ]);
    expect(await paymentRefunds(card.id)).toEqual([6_00]);
  });
});
