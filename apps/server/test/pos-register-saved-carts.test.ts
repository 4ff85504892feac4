import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { PUBLIC_ORDERS_PATHS, posOrderEndpoints, type Location, type Product } from '@merchant/catalogue';
import { endpointPath } from '@merchant/core';
import { ADD_ONS_NOT_KEPT, LINE_DISCOUNT_NOT_KEPT, registerDraftEndpoints, type SaveRegisterDraftBody } from '@merchant/pos';
import { auditLogs, posDraftOrders, posOrders } from '../src/db/schema';
import { answerOf, createTestContext, failure, type Agent, type TestContext } from './harness';
import { createBusiness, createCustomer, createLocation, createProduct, createSuperAdmin, openDrawer, saleBody, type FactoryBusiness } from './factories';
import { makeApiKey, publicCall } from './hitpay-document';

/**
 * The register's cart saved as an open order (docs/pos.md, "Saving the cart as an open order"): a new draft of the
 * register's location with the cart's lines at the prices it showed, listed and paid as any draft; saved again into
 * the draft it was opened from (the same draft, refused once paid); refusals (field errors, add-ons and line
 * discounts a draft cannot keep, another location, a super admin, another business's draft); and a sale queued
 * offline that pays a draft paid meanwhile. Both databases.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let cashier: Agent;
let north: Location;
let south: Location;
let latte: Product;
let muffin: Product;
let onlineOnly: Product;
let customerId: string;

const inBusiness = () => ({ params: { business_id: business.id } });
const ofDraft = (draftId: string) => ({ params: { business_id: business.id, draft_id: draftId } });
const listAt = async (agent: Agent, location: Location) => {
  const listed = await agent.call(registerDraftEndpoints.list, { ...inBusiness(), query: { location_id: location.id } });
  if (!listed.ok) throw new Error(JSON.stringify(listed.body));
  return listed.body.data;
};

/** A cart of two lines at North: 2 lattes at 5.50 and a muffin at 3.20 (the prices as the cart shows them). */
const cart = (extra: Partial<SaveRegisterDraftBody> = {}): SaveRegisterDraftBody => ({
  location_id: north.id,
  lines: [
    { variant_id: latte.variants[0]!.id, quantity: 2, unit_price: 5_50 },
    { variant_id: muffin.variants[0]!.id, quantity: 1, unit_price: 3_20 },
  ],
  customer_id: customerId,
  note: 'Ada, back at 5',
  order_discount: { type: 'fixed', amount: 1_00 },
  ...extra,
});

const auditOf = (objectId: string) =>
  t.database.db
    .select({ action: auditLogs.action, description: auditLogs.description, actor: auditLogs.actorUserId })
    .from(auditLogs)
    .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, objectId)));

const draftRow = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(posDraftOrders)
      .where(and(eq(posDraftOrders.businessId, business.id), eq(posDraftOrders.id, id)))
  )[0]!;

const orderCount = async () => (await t.database.db.select({ id: posOrders.id }).from(posOrders).where(eq(posOrders.businessId, business.id))).length;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['cashier'], currency: 'SGD' });
  ({ owner, cashier } = { owner: business.people.owner.agent, cashier: business.people.cashier.agent });
  north = await createLocation(owner, business.id, { name: 'North' });
  south = await createLocation(owner, business.id, { name: 'South' });
  latte = await createProduct(owner, business.id, { name: 'Latte', price: 5_50 });
  muffin = await createProduct(owner, business.id, { name: 'Muffin', price: 3_20 });
  onlineOnly = await createProduct(owner, business.id, { name: 'Gift box', price: 30_00, channels: ['online_store'] });
  customerId = (await createCustomer(owner, business.id, { name: 'Ada Tan' })).id;
  // The cashier works at North only.
  const members = (await owner.ok(businessEndpoints.users, inBusiness())).data;
  const cashierMember = members.find((m) => m.user_id === business.people.cashier.id)!;
  await owner.ok(staffEndpoints.setMemberLocations, { params: { business_id: business.id, id: cashierMember.id }, body: { location_ids: [north.id] } });
  await openDrawer(owner, business.id, north.id);
  await openDrawer(cashier, business.id, north.id);
}, 240_000);
afterAll(() => t.close());

describe('saving the cart as an open order', () => {
  it('keeps the cart’s lines, customer, note and discount as a draft of the location, listed there and audited', async () => {
    const saved = await cashier.ok(registerDraftEndpoints.save, { ...inBusiness(), body: cart() });
    expect(saved).toMatchObject({
      location: { id: north.id, name: 'North' },
      customer: { id: customerId, name: 'Ada Tan' },
      note: 'Ada, back at 5',
      discount: { amount: 1_00, currency: 'sgd' },
      subtotal: { amount: 14_20 },
      total: { amount: 13_20 },
      lines: [
        { product_id: latte.id, variant_id: latte.variants[0]!.id, name: 'Latte', quantity: 2, draft_unit_price: { amount: 5_50 }, sellable: true },
        { product_id: muffin.id, variant_id: muffin.variants[0]!.id, name: 'Muffin', quantity: 1, draft_unit_price: { amount: 3_20 }, sellable: true },
      ],
    });
    expect((await listAt(owner, north)).map((d) => d.id)).toContain(saved.id);
    expect((await listAt(owner, south)).map((d) => d.id)).not.toContain(saved.id);
    expect(await auditOf(saved.id)).toEqual([
      {
        action: 'pos_draft_order.created',
        description: `Saved the cart as the draft order #${saved.number} (SGD 13.20) at the register`,
        actor: business.people.cashier.id,
      },
    ]);
  });

  it('keeps a percentage off the order as its amount off the lines, with the rate as its reason', async () => {
    const saved = await owner.ok(registerDraftEndpoints.save, {
      ...inBusiness(),
      body: cart({ order_discount: { type: 'percentage', rate: 10_00 }, customer_id: null, note: null }),
    });
    expect([saved.subtotal.amount, saved.discount.amount, saved.total.amount, saved.discount_reason, saved.customer, saved.note]).toEqual([
      14_20,
      1_42,
      12_78,
      '10 % off the order',
      null,
      null,
    ]);
  });

  it('a saved cart is opened and paid as any draft: the sale pays it once', async () => {
    const saved = await cashier.ok(registerDraftEndpoints.save, { ...inBusiness(), body: cart() });
    const body = saleBody(north.id, {
      draft_id: saved.id,
      lines: [
        { variant_id: latte.variants[0]!.id, quantity: 2, add_on_ids: [] },
        { variant_id: muffin.variants[0]!.id, quantity: 1, add_on_ids: [] },
      ],
      order_discount: { type: 'fixed', amount: 1_00 },
      customer_id: customerId,
      tenders: [{ kind: 'cash', amount: 13_20, tendered: 20_00 }],
    });
    const order = await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body });
    expect([order.total.amount, order.change.amount]).toEqual([13_20, 6_80]);
    expect((await listAt(cashier, north)).map((d) => d.id)).not.toContain(saved.id);
    const again = await owner.call(posOrderEndpoints.createSale, { ...inBusiness(), body: { ...body, idempotency_key: randomUUID() } });
    expect([again.status, !again.ok && again.body.code]).toEqual([409, 'POS_DRAFT_ALREADY_PAID']);
  });
});

describe('saving into the draft the cart was opened from', () => {
  it('replaces that draft’s lines, customer, note and discount (no second draft), audited; once paid it is 409 and stays as paid', async () => {
    const saved = await cashier.ok(registerDraftEndpoints.save, { ...inBusiness(), body: cart() });
    const before = (await listAt(cashier, north)).length;
    const changed = await cashier.ok(registerDraftEndpoints.update, {
      ...ofDraft(saved.id),
      body: cart({
        lines: [{ variant_id: latte.variants[0]!.id, quantity: 3, unit_price: 5_50 }],
        customer_id: null,
        note: 'Three lattes',
        order_discount: null,
      }),
    });
    expect(changed).toMatchObject({
      id: saved.id,
      number: saved.number,
      customer: null,
      note: 'Three lattes',
      discount: { amount: 0 },
      total: { amount: 16_50 },
      lines: [{ variant_id: latte.variants[0]!.id, quantity: 3 }],
    });
    expect((await listAt(cashier, north)).length).toBe(before);
    expect((await auditOf(saved.id)).map((a) => [a.action, a.description])).toEqual([
      ['pos_draft_order.created', `Saved the cart as the draft order #${saved.number} (SGD 13.20) at the register`],
      ['pos_draft_order.updated', `Saved the cart into the draft order #${saved.number} (SGD 16.50) at the register`],
    ]);

    // Paid meanwhile by another register: the save is refused with the sale's code and the draft keeps what was paid.
    await owner.ok(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(north.id, {
        draft_id: saved.id,
        lines: [{ variant_id: latte.variants[0]!.id, quantity: 3, add_on_ids: [] }],
        tenders: [{ kind: 'cash', amount: 16_50 }],
      }),
    });
    const late = await cashier.call(registerDraftEndpoints.update, { ...ofDraft(saved.id), body: cart() });
    expect([late.status, failure(late).code]).toEqual([409, 'POS_DRAFT_ALREADY_PAID']);
    expect(failure(late).message).toContain(`#${saved.number} was paid already`);
    const row = await draftRow(saved.id);
    expect([Number(row.total), row.remark, row.lines.length, row.paidOrderId]).toEqual([16_50, 'Three lattes', 1, expect.any(String)]);
  });

  it('saves into a draft kept through the public API for no location: it stays kept for every location, read through the API as changed', async () => {
    const key = await makeApiKey(business);
    const made = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: { currency: 'sgd', amount: 12.5 } });
    expect(made.statusCode, made.body).toBe(201);
    const anywhere = made.json() as { id: string };
    const changed = await cashier.ok(registerDraftEndpoints.update, { ...ofDraft(anywhere.id), body: cart({ note: 'Saved at North' }) });
    expect([changed.location, changed.note, changed.total.amount, changed.lines.length]).toEqual([null, 'Saved at North', 13_20, 2]);
    expect((await listAt(owner, south)).map((d) => d.id)).toContain(anywhere.id);
    const read = (await publicCall(t, PUBLIC_ORDERS_PATHS.order.replace(':order_id', anywhere.id), { key })).json();
    expect(read).toMatchObject({ id: anywhere.id, status: 'draft', remark: 'Saved at North' });
  });
});

describe('refusals', () => {
  it('bad input is 422 with field errors, and keeps nothing', async () => {
    const before = (await listAt(owner, north)).length;
    const cases: { body: unknown; path: string; message?: string }[] = [
      { body: cart({ lines: [] }), path: 'lines' },
      { body: cart({ lines: [{ variant_id: latte.variants[0]!.id, quantity: 0, unit_price: 5_50 }] }), path: 'lines.0.quantity' },
      { body: cart({ lines: [{ variant_id: latte.variants[0]!.id, quantity: 1, unit_price: -1 }] }), path: 'lines.0.unit_price' },
      { body: { ...cart(), lines: [{ variant_id: latte.variants[0]!.id, quantity: '2', unit_price: 5_50 }] }, path: 'lines.0.quantity' },
      { body: cart({ location_id: 'North' }), path: 'location_id' },
      { body: { ...cart(), note: 'x'.repeat(501) }, path: 'note' },
      {
        body: cart({ lines: [{ variant_id: latte.variants[0]!.id, quantity: 1, unit_price: 5_50, add_on_ids: [randomUUID()] }] }),
        path: 'lines.0.add_on_ids',
        message: ADD_ONS_NOT_KEPT,
      },
      {
        body: cart({ lines: [{ variant_id: latte.variants[0]!.id, quantity: 1, unit_price: 5_50, discount: { type: 'fixed', amount: 50 } }] }),
        path: 'lines.0.discount',
        message: LINE_DISCOUNT_NOT_KEPT,
      },
      { body: cart({ lines: [{ variant_id: onlineOnly.variants[0]!.id, quantity: 1, unit_price: 30_00 }] }), path: 'lines.0.variant_id' },
      { body: cart({ lines: [{ variant_id: randomUUID(), quantity: 1, unit_price: 1_00 }] }), path: 'lines.0.variant_id' },
      { body: cart({ customer_id: randomUUID() }), path: 'customer_id' },
      { body: cart({ order_discount: { type: 'fixed', amount: 99_00 } }), path: 'order_discount' },
      { body: cart({ location_id: randomUUID() }), path: 'location_id' },
    ];
    for (const c of cases) {
      const answer = answerOf(await owner.post(endpointPath(registerDraftEndpoints.save, inBusiness()), c.body));
      const error = failure(answer);
      expect([answer.status, error.code], JSON.stringify(c.body)).toEqual([422, 'VALIDATION_FAILED']);
      expect(
        error.issues?.map((i) => i.path),
        JSON.stringify(error),
      ).toContain(c.path);
      if (c.message) expect(error.issues?.find((i) => i.path === c.path)?.message).toBe(c.message);
    }
    expect((await listAt(owner, north)).length).toBe(before);
  });

  it('checks who saves: a cashier limited to North is refused South (403), a super admin reads only (403)', async () => {
    const atSouth = await cashier.call(registerDraftEndpoints.save, { ...inBusiness(), body: cart({ location_id: south.id }) });
    expect([atSouth.status, failure(atSouth).code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);
    const southDraft = await owner.ok(registerDraftEndpoints.save, { ...inBusiness(), body: cart({ location_id: south.id }) });
    const intoSouth = await cashier.call(registerDraftEndpoints.update, { ...ofDraft(southDraft.id), body: cart() });
    expect([intoSouth.status, failure(intoSouth).code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);
    const admin = (await createSuperAdmin(t)).agent;
    const read = await admin.call(registerDraftEndpoints.save, { ...inBusiness(), body: cart() });
    expect([read.status, failure(read).code]).toEqual([403, 'FORBIDDEN']);
  });

  it('another business’s draft is 404, through its own business and through this one', async () => {
    const theirs = await createBusiness(t, { currency: 'SGD' });
    const theirOwner = theirs.people.owner.agent;
    const mine = await owner.ok(registerDraftEndpoints.save, { ...inBusiness(), body: cart() });
    const theirLocation = await createLocation(theirOwner, theirs.id, { name: 'Elsewhere' });
    const theirLatte = await createProduct(theirOwner, theirs.id, { name: 'Their latte', price: 5_00 });
    const viaTheirs = await theirOwner.call(registerDraftEndpoints.update, {
      params: { business_id: theirs.id, draft_id: mine.id },
      body: { location_id: theirLocation.id, lines: [{ variant_id: theirLatte.variants[0]!.id, quantity: 1, unit_price: 5_00 }] },
    });
    expect([viaTheirs.status, failure(viaTheirs).code]).toEqual([404, 'POS_ORDER_NOT_FOUND']);
    const viaMine = await theirOwner.call(registerDraftEndpoints.update, { ...ofDraft(mine.id), body: cart() });
    expect(viaMine.status).toBe(404);
    const unchanged = (await listAt(owner, north)).find((d) => d.id === mine.id);
    expect(unchanged?.note).toBe('Ada, back at 5');
  });
});

describe('a sale queued offline that pays a draft paid meanwhile', () => {
  it('is refused on sync with 409 and the reason, recording nothing; the sale that paid it stays the only one', async () => {
    const saved = await cashier.ok(registerDraftEndpoints.save, { ...inBusiness(), body: cart({ order_discount: null }) });
    const lines = [
      { variant_id: latte.variants[0]!.id, quantity: 2, add_on_ids: [] },
      { variant_id: muffin.variants[0]!.id, quantity: 1, add_on_ids: [] },
    ];
    // Taken offline at one register (queued with its device and time), paid online at another meanwhile.
    const queued = saleBody(north.id, {
      draft_id: saved.id,
      lines,
      tenders: [{ kind: 'cash', amount: 14_20 }],
      offline: { device_id: randomUUID(), taken_at: t.clock.now().toISOString() },
    });
    t.clock.advance(60_000);
    const paid = await owner.ok(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(north.id, { draft_id: saved.id, lines, tenders: [{ kind: 'cash', amount: 14_20 }] }),
    });
    const orders = await orderCount();
    const replay = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body: queued });
    expect([replay.status, failure(replay).code]).toEqual([409, 'POS_DRAFT_ALREADY_PAID']);
    expect(failure(replay).message).toBe(`Draft order #${saved.number} was paid already: it is paid once. Open the orders list to find its sale.`);
    // Sent again by the queue's next sync: refused the same way, never paid twice.
    const again = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body: queued });
    expect([again.status, failure(again).code]).toEqual([409, 'POS_DRAFT_ALREADY_PAID']);
    expect(await orderCount()).toBe(orders);
    expect((await draftRow(saved.id)).paidOrderId).toBe(paid.id);
  });
});
