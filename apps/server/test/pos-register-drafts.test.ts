import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { PUBLIC_ORDERS_PATHS, posOrderEndpoints, stockEndpoints, type Location, type Product } from '@merchant/catalogue';
import { endpointPath } from '@merchant/core';
import { registerDraftEndpoints } from '@merchant/pos';
import { auditLogs, ledgerEntries, ledgerTransactions, stockLevels } from '../src/db/schema';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness, createCustomer, createLocation, createProduct, openDrawer, saleBody, type FactoryBusiness } from './factories';
import { makeApiKey, publicCall } from './hitpay-document';

/**
 * Draft orders on the register (docs/pos.md, "Draft orders on the register"): the open drafts kept through the public
 * API listed for a location (the caller's locations checked), a draft paid by a register sale in the sale's
 * transaction (stock, ledger and numbering as any sale), paid once (a second sale, or two at once: 409), read through
 * the public API as completed with its sale, and deleted from the register. Both databases.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let cashier: Agent;
let key: string;
let north: Location;
let south: Location;
let tracked: Product;
let latte: Product;
let customerId: string;

const inBusiness = () => ({ params: { business_id: business.id } });
const one = (id: string) => PUBLIC_ORDERS_PATHS.order.replace(':order_id', id);
const listAt = (agent: Agent, location: Location) => agent.call(registerDraftEndpoints.list, { ...inBusiness(), query: { location_id: location.id } });

/** A draft kept through the public API (HitPay's `POST /v1/orders`), answered as HitPay's order. */
async function keepDraft(body: Record<string, unknown>): Promise<{ id: string; order_display_number: number }> {
  const made = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: { currency: 'sgd', ...body } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

const onHand = async (variantId: string, locationId: string) =>
  (
    await t.database.db
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.businessId, business.id), eq(stockLevels.variantId, variantId), eq(stockLevels.locationId, locationId)))
  )[0]?.onHand;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['cashier'], currency: 'SGD' });
  ({ owner, cashier } = { owner: business.people.owner.agent, cashier: business.people.cashier.agent });
  key = await makeApiKey(business);
  north = await createLocation(owner, business.id, { name: 'North' });
  south = await createLocation(owner, business.id, { name: 'South' });
  tracked = await createProduct(owner, business.id, { name: 'Croissant', price: 4_20, track_stock: true });
  latte = await createProduct(owner, business.id, { name: 'Latte', price: 5_50 });
  await owner.ok(stockEndpoints.adjust, {
    ...inBusiness(),
    body: { lines: [{ variant_id: tracked.variants[0]!.id, location_id: north.id, reason: 'received', quantity: 10 }] },
  });
  customerId = (await createCustomer(owner, business.id, { name: 'Ada Tan' })).id;
  // The cashier works at North only; both sell there.
  const members = (await owner.ok(businessEndpoints.users, inBusiness())).data;
  const cashierMember = members.find((m) => m.user_id === business.people.cashier.id)!;
  await owner.ok(staffEndpoints.setMemberLocations, { params: { business_id: business.id, id: cashierMember.id }, body: { location_ids: [north.id] } });
  await openDrawer(owner, business.id, north.id);
  await openDrawer(cashier, business.id, north.id);
}, 240_000);
afterAll(() => t.close());

describe('the register’s open drafts', () => {
  it('lists the location’s open drafts and those kept for no location, oldest first, with the catalogue’s prices now', async () => {
    const atNorth = await keepDraft({ location_id: north.id, customer_id: customerId, remark: 'Table 4', products: [{ product_id: latte.id, quantity: 2 }] });
    t.clock.advance(1_000);
    const anywhere = await keepDraft({ amount: 12.5 });
    await keepDraft({ location_id: south.id, amount: 3 });
    const listed = await listAt(cashier, north);
    expect(listed.ok, JSON.stringify(listed.body)).toBe(true);
    const drafts = listed.ok ? listed.body.data : [];
    expect(drafts.map((d) => d.id)).toEqual([atNorth.id, anywhere.id]);
    expect(drafts[0]).toMatchObject({
      number: atNorth.order_display_number,
      location: { id: north.id, name: 'North' },
      customer: { id: customerId, name: 'Ada Tan' },
      note: 'Table 4',
      total: { amount: 11_00, currency: 'sgd' },
      lines: [{ product_id: latte.id, variant_id: latte.variants[0]!.id, name: 'Latte', quantity: 2, unit_price: { amount: 5_50 }, sellable: true }],
    });
    expect(drafts[1]!.lines).toEqual([
      expect.objectContaining({ product_id: null, variant_id: null, name: 'Custom amount', unit_price: null, sellable: false }),
    ]);
  });

  it('checks the caller: a cashier limited to North is refused South (403), another business’s member (404) and no session (401)', async () => {
    const south403 = await listAt(cashier, south);
    expect([south403.status, !south403.ok && south403.body.code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);
    const stranger = (await createBusiness(t)).people.owner.agent;
    expect((await listAt(stranger, north)).status).toBe(404);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: endpointPath(registerDraftEndpoints.list, { ...inBusiness(), query: { location_id: north.id } }),
    });
    expect(signedOut.statusCode).toBe(401);
    const bad = await cashier.call(registerDraftEndpoints.list, { ...inBusiness(), query: { location_id: 'nope' } as never });
    expect(bad.status).toBe(422);
  });
});

describe('paying a draft at the register', () => {
  it('is an ordinary sale that pays the draft in its transaction: stock, ledger and numbers as any sale, read as completed', async () => {
    const draft = await keepDraft({ location_id: north.id, customer_id: customerId, discount_amount: 1, products: [{ product_id: tracked.id, quantity: 2 }] });
    const stockBefore = await onHand(tracked.variants[0]!.id, north.id);
    const last = await owner.ok(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(north.id) });
    const body = saleBody(north.id, {
      draft_id: draft.id,
      lines: [{ variant_id: tracked.variants[0]!.id, quantity: 2, add_on_ids: [] }],
      order_discount: { type: 'fixed', amount: 1_00 },
      customer_id: customerId,
      tenders: [{ kind: 'cash', amount: 7_40, tendered: 10_00 }],
    });
    const order = await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body });
    expect([order.number, order.total.amount, order.change.amount, order.customer?.id]).toEqual([last.number + 1, 7_40, 2_60, customerId]);
    expect(await onHand(tracked.variants[0]!.id, north.id)).toBe(stockBefore! - 2);
    const ledger = await t.database.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId)))
      .where(and(eq(ledgerEntries.businessId, business.id), eq(ledgerTransactions.referenceId, order.id)));
    expect(ledger.map((e) => [e.account, Number(e.amount)]).sort()).toEqual([
      ['cash_in_drawers', 7_40],
      ['customer_funds', -7_40],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, order.id)));
    expect(audit.map((a) => a.description)).toEqual([`Sold order #${order.number} for SGD 7.40, paying draft order #${draft.order_display_number}`]);

    // The public API reads the draft as completed, naming its sale; it is listed no more, and stays final.
    const read = (await publicCall(t, one(draft.id), { key })).json();
    expect(read).toMatchObject({ id: draft.id, status: 'completed', payment_status: 'paid', paid_order_id: order.id });
    expect(read.closed_at).toEqual(expect.any(String));
    const drafts = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?statuses[]=draft`, { key })).json();
    expect(drafts.data.map((d: { id: string }) => d.id)).not.toContain(draft.id);
    expect((await publicCall(t, one(draft.id), { key, method: 'PATCH', json: { remark: 'x' } })).statusCode).toBe(409);
    expect((await publicCall(t, one(draft.id), { key, method: 'DELETE' })).statusCode).toBe(409);
    const listed = await listAt(owner, north);
    expect(listed.ok && listed.body.data.map((d) => d.id)).not.toContain(draft.id);

    // Paid once: another sale of it is 409 and sells nothing; the same sale replayed answers the first.
    const again = await owner.call(posOrderEndpoints.createSale, { ...inBusiness(), body: { ...body, idempotency_key: 'another-register' } });
    expect([again.status, !again.ok && again.body.code]).toEqual([409, 'POS_DRAFT_ALREADY_PAID']);
    expect(await onHand(tracked.variants[0]!.id, north.id)).toBe(stockBefore! - 2);
    expect(await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body })).toEqual(order);
  });

  it('two registers paying one draft at once: one sale wins, the other is 409 and takes no stock', async () => {
    const draft = await keepDraft({ location_id: north.id, products: [{ product_id: tracked.id, quantity: 1 }] });
    const stockBefore = await onHand(tracked.variants[0]!.id, north.id);
    const body = () =>
      saleBody(north.id, {
        draft_id: draft.id,
        lines: [{ variant_id: tracked.variants[0]!.id, quantity: 1, add_on_ids: [] }],
        tenders: [{ kind: 'cash', amount: 4_20 }],
      });
    const answers = await Promise.all([owner, cashier].map((agent) => agent.call(posOrderEndpoints.createSale, { ...inBusiness(), body: body() })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => !a.ok)!;
    expect(!lost.ok && lost.body.code).toBe('POS_DRAFT_ALREADY_PAID');
    const won = answers.find((a) => a.ok)!;
    expect((await publicCall(t, one(draft.id), { key })).json()).toMatchObject({ status: 'completed', paid_order_id: won.ok && won.body.id });
    expect(await onHand(tracked.variants[0]!.id, north.id)).toBe(stockBefore! - 1);
  });

  it('refuses a draft that is not there or kept for another location (422 on draft_id), selling nothing', async () => {
    const atSouth = await keepDraft({ location_id: south.id, amount: 2 });
    for (const draft_id of [atSouth.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await owner.call(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(north.id, { draft_id }) });
      expect([refused.status, !refused.ok && refused.body.issues?.[0]?.path]).toEqual([422, 'draft_id']);
    }
    expect((await publicCall(t, one(atSouth.id), { key })).json().status).toBe('draft');
  });
});

describe('deleting a draft from the register', () => {
  it('deletes an open draft (audited); a paid one is 409, another location’s 403 for a cashier limited to North', async () => {
    const draft = await keepDraft({ location_id: north.id, amount: 5 });
    const removed = await cashier.ok(registerDraftEndpoints.remove, { params: { business_id: business.id, draft_id: draft.id } });
    expect(removed).toEqual({ removed: true });
    expect((await publicCall(t, one(draft.id), { key })).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, draft.id)));
    expect(audit.map((a) => a.action)).toEqual(['pos_draft_order.created', 'pos_draft_order.deleted']);

    const atSouth = await keepDraft({ location_id: south.id, amount: 5 });
    const refused = await cashier.call(registerDraftEndpoints.remove, { params: { business_id: business.id, draft_id: atSouth.id } });
    expect(refused.status).toBe(403);
    const paid = await keepDraft({ location_id: north.id, amount: 6 });
    await owner.ok(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(north.id, { draft_id: paid.id, quick_sale: { amount: 6_00, description: 'Draft order' }, tenders: [{ kind: 'cash', amount: 6_00 }] }),
    });
    const again = await owner.call(registerDraftEndpoints.remove, { params: { business_id: business.id, draft_id: paid.id } });
    expect([again.status, !again.ok && again.body.code]).toEqual([409, 'POS_DRAFT_ALREADY_PAID']);
  });
});
