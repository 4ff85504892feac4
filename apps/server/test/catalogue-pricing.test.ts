import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, priceOrder, type OrderLine } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import {
  CreateDiscountBodySchema,
  CreateTaxBodySchema,
  UpdateDiscountBodySchema,
  categoryEndpoints,
  discountEndpoints,
  surchargeEndpoints,
  taxEndpoints,
  type CreateDiscountBody,
  type CreateSurchargeBody,
  type Discount,
} from '@merchant/catalogue';
import { and, eq } from 'drizzle-orm';
import { discountUsage, discounts } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { contextWithout, createBusiness, createLocation, createProduct, unique, type FactoryBusiness } from './factories';

/** Taxes, tax settings, discounts and surcharges: fields and their errors, roles, audit; and how a sale is priced with them. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: 'Asia/Singapore', currency: 'SGD' });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

const createDiscount = (body: Partial<CreateDiscountBody> = {}, businessId = business.id, agent = owner): Promise<Discount> =>
  agent.ok(discountEndpoints.create, { ...inBusiness(businessId), body: { name: unique('Discount'), value: { type: 'percentage', rate: 1000 }, ...body } });

describe('taxes', () => {
  it('creates a tax at named locations on named products, edits, archives and brings it back, each audited', async () => {
    const shop = await createLocation(owner, business.id);
    const product = await createProduct(owner, business.id);
    const name = unique('GST');
    const made = await owner.ok(taxEndpoints.create, {
      ...inBusiness(),
      body: { name: ` ${name} `, rate: 825, all_locations: false, location_ids: [shop.id], applies_to: 'selected', product_ids: [product.id] },
    });
    expect(made).toEqual({
      id: expect.any(String),
      name,
      rate: 825,
      status: 'active',
      all_locations: false,
      location_ids: [shop.id],
      applies_to: 'selected',
      product_ids: [product.id],
      category_ids: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await owner.ok(taxEndpoints.get, { params: { business_id: business.id, tax_id: made.id } })).toEqual(made);

    const changed = await owner.ok(taxEndpoints.update, { params: { business_id: business.id, tax_id: made.id }, body: { rate: 900, all_locations: true } });
    expect(changed).toMatchObject({ rate: 900, all_locations: true, location_ids: [], product_ids: [product.id] });

    const archived = await owner.ok(taxEndpoints.archive, { params: { business_id: business.id, tax_id: made.id } });
    expect(archived.status).toBe('archived');
    const listed = await owner.ok(taxEndpoints.list, { ...inBusiness(), query: { q: name.slice(0, 6) } });
    expect(listed.data.map((x) => x.id)).not.toContain(made.id);
    const archivedList = await owner.ok(taxEndpoints.list, { ...inBusiness(), query: { status: 'archived', q: name } });
    expect(archivedList.data.map((x) => x.id)).toEqual([made.id]);
    expect((await owner.ok(taxEndpoints.unarchive, { params: { business_id: business.id, tax_id: made.id } })).status).toBe('active');

    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { object_id: made.id } as never });
    const actions = audit.data.filter((e) => e.description.includes(name)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['tax.created', 'tax.updated', 'tax.archived', 'tax.unarchived']));
  });

  it('refuses each invalid field with 422 on its path', async () => {
    const other = await createBusiness(t);
    const theirs = await createLocation(other.people.owner.agent, other.id);
    const cases: [unknown, string[]][] = [
      [{ name: '', rate: 900 }, ['name']],
      [{ name: 'Too high', rate: 10_001 }, ['rate']],
      [{ name: 'Fraction', rate: 82.5 }, ['rate']],
      [{ name: 'Negative', rate: -1 }, ['rate']],
      [{ name: 'Nowhere', rate: 900, all_locations: false, location_ids: [] }, ['location_ids']],
      [{ name: 'Nothing', rate: 900, applies_to: 'selected' }, ['product_ids']],
      [{ name: 'Theirs', rate: 900, all_locations: false, location_ids: [theirs.id] }, ['location_ids.0']],
      [{ name: 'Twice', rate: 900, all_locations: false, location_ids: [theirs.id, theirs.id] }, ['location_ids']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(taxEndpoints.create, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(issuePaths(failure(res)), JSON.stringify(body)).toEqual(paths);
    }
  });

  it('keeps the tax settings: prices before tax and per-line rounding until saved', async () => {
    const fresh = await createBusiness(t);
    const agent = fresh.people.owner.agent;
    expect(await agent.ok(taxEndpoints.settings, inBusiness(fresh.id))).toEqual({ prices_include_tax: false, rounding: 'line' });
    const saved = await agent.ok(taxEndpoints.saveSettings, { ...inBusiness(fresh.id), body: { prices_include_tax: true, rounding: 'order' } });
    expect(saved).toEqual({ prices_include_tax: true, rounding: 'order' });
    expect(await agent.ok(taxEndpoints.settings, inBusiness(fresh.id))).toEqual(saved);
    const bad = await agent.call(taxEndpoints.saveSettings, { ...inBusiness(fresh.id), body: { prices_include_tax: 'yes', rounding: 'week' } as never });
    expect(issuePaths(failure(bad))).toEqual(['prices_include_tax', 'rounding']);
    const audit = await agent.ok(auditLogEndpoints.list, { ...inBusiness(fresh.id), query: { action: 'tax.settings_saved' } });
    expect(audit.data).toHaveLength(1);
  });
});

describe('discounts', () => {
  it('reads and answers its schedule in the business’s time zone, and counts nothing until a sale redeems it', async () => {
    const made = await createDiscount({
      value: { type: 'fixed', amount: 500 },
      starts_at: '2026-12-01T09:00',
      ends_at: '2026-12-24T18:00',
      usage_limit: 3,
      channels: ['pos'],
      minimum_spend: 2000,
    });
    expect(made).toMatchObject({
      value: { type: 'fixed', amount: { amount: 500, currency: 'sgd' } },
      minimum_spend: { amount: 2000, currency: 'sgd' },
      starts_at: '2026-12-01T09:00',
      ends_at: '2026-12-24T18:00',
      usage_limit: 3,
      times_used: 0,
      channels: ['pos'],
      automatic: false,
      applies_to: 'order',
    });
    const [row] = await t.database.db
      .select()
      .from(discounts)
      .where(and(eq(discounts.businessId, business.id), eq(discounts.id, made.id)));
    // Singapore is UTC+8: 09:00 there is 01:00 UTC.
    expect(row!.startsAt!.toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });

  it('refuses each invalid field with 422 on its path', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: 'No value' }, ['value']],
      [{ name: 'Zero', value: { type: 'fixed', amount: 0 } }, ['value.amount']],
      [{ name: 'Zero rate', value: { type: 'percentage', rate: 0 } }, ['value.rate']],
      [{ name: 'Backwards', value: { type: 'percentage', rate: 500 }, starts_at: '2026-12-02T10:00', ends_at: '2026-12-01T10:00' }, ['ends_at']],
      [{ name: 'Bad day', value: { type: 'percentage', rate: 500 }, starts_at: '2026-02-30T10:00' }, ['starts_at']],
      [{ name: 'No channel', value: { type: 'percentage', rate: 500 }, channels: [] }, ['channels']],
      [{ name: 'Items', value: { type: 'percentage', rate: 500 }, applies_to: 'items' }, ['product_ids']],
      [{ name: 'Limit', value: { type: 'percentage', rate: 500 }, usage_limit: 0 }, ['usage_limit']],
      [{ name: 'Unknown product', value: { type: 'percentage', rate: 500 }, applies_to: 'items', product_ids: [crypto.randomUUID()] }, ['product_ids.0']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(discountEndpoints.create, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(issuePaths(failure(res)), JSON.stringify(body)).toEqual(paths);
    }
  });

  it('checks a change whole: an end before the stored start is refused, and a limit below the uses so far', async () => {
    const made = await createDiscount({ starts_at: '2026-12-10T00:00', usage_limit: 5 });
    const one = { params: { business_id: business.id, discount_id: made.id } };
    const backwards = await owner.call(discountEndpoints.update, { ...one, body: { ends_at: '2026-12-09T00:00' } });
    expect(failure(backwards)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'ends_at' }] });
    await t.database.db
      .update(discountUsage)
      .set({ used: 3 })
      .where(and(eq(discountUsage.businessId, business.id), eq(discountUsage.discountId, made.id)));
    const tooLow = await owner.call(discountEndpoints.update, { ...one, body: { usage_limit: 2 } });
    expect(failure(tooLow)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'usage_limit' }] });
    const ok = await owner.ok(discountEndpoints.update, { ...one, body: { usage_limit: 3, name: 'Renamed' } });
    expect(ok).toMatchObject({ usage_limit: 3, times_used: 3, name: 'Renamed', starts_at: '2026-12-10T00:00' });
    expect((await owner.ok(discountEndpoints.update, { ...one, body: { usage_limit: null } })).usage_limit).toBeNull();
  });
});

describe('surcharges', () => {
  it('creates a taxed service charge naming its tax, and refuses taxes on one that is not taxed', async () => {
    const tax = await owner.ok(taxEndpoints.create, { ...inBusiness(), body: { name: unique('Service tax'), rate: 600 } });
    const made = await owner.ok(surchargeEndpoints.create, {
      ...inBusiness(),
      body: { name: unique('Service'), kind: 'service_charge', value: { type: 'percentage', rate: 1000 }, taxable: true, tax_ids: [tax.id] },
    });
    expect(made).toMatchObject({
      kind: 'service_charge',
      value: { type: 'percentage', rate: 1000 },
      taxable: true,
      tax_ids: [tax.id],
      all_locations: true,
      status: 'active',
    });
    const one = { params: { business_id: business.id, surcharge_id: made.id } };
    // No longer taxed: its taxes go with it.
    expect(await owner.ok(surchargeEndpoints.update, { ...one, body: { taxable: false } })).toMatchObject({ taxable: false, tax_ids: [] });
    const bad = await owner.call(surchargeEndpoints.update, { ...one, body: { tax_ids: [tax.id] } });
    expect(failure(bad)).toMatchObject({ issues: [{ path: 'tax_ids' }] });
    const cases: [unknown, string[]][] = [
      [{ name: 'No kind', value: { type: 'percentage', rate: 100 } }, ['kind']],
      [{ name: 'Untaxed', kind: 'card_surcharge', value: { type: 'percentage', rate: 100 }, taxable: false, tax_ids: [tax.id] }, ['tax_ids']],
      [{ name: 'Unknown tax', kind: 'card_surcharge', value: { type: 'fixed', amount: 50 }, taxable: true, tax_ids: [crypto.randomUUID()] }, ['tax_ids.0']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(surchargeEndpoints.create, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(issuePaths(failure(res)), JSON.stringify(body)).toEqual(paths);
    }
    expect((await owner.ok(surchargeEndpoints.archive, one)).status).toBe('archived');
  });
});

describe('roles', () => {
  it('lets a cashier read taxes, discounts and surcharges but change none; a manager changes them', async () => {
    const cashier = business.people.cashier.agent;
    for (const endpoint of [taxEndpoints.list, discountEndpoints.list, surchargeEndpoints.list])
      expect((await cashier.call(endpoint, inBusiness())).status).toBe(200);
    expect((await cashier.call(taxEndpoints.settings, inBusiness())).status).toBe(200);
    const refused = [
      await cashier.call(taxEndpoints.create, { ...inBusiness(), body: { name: 'Nope', rate: 100 } }),
      await cashier.call(discountEndpoints.create, { ...inBusiness(), body: { name: 'Nope', value: { type: 'percentage', rate: 100 } } }),
      await cashier.call(surchargeEndpoints.create, {
        ...inBusiness(),
        body: { name: 'Nope', kind: 'service_charge', value: { type: 'percentage', rate: 100 } },
      }),
      await cashier.call(taxEndpoints.saveSettings, { ...inBusiness(), body: { prices_include_tax: true, rounding: 'line' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect((await createDiscount({}, business.id, business.people.manager.agent)).status).toBe('active');
  });

  it('refuses every change to someone who may manage the catalogue but not its prices', async () => {
    const ctx = await contextWithout(t, business.id, business.people.manager.id, ['catalogue:pricing']);
    const { taxes, discounts: service } = t.services.pricing;
    await expect(taxes.create(ctx, CreateTaxBodySchema.parse({ name: 'No pricing', rate: 100 }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(taxes.saveSettings(ctx, { prices_include_tax: true, rounding: 'line' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(service.create(ctx, CreateDiscountBodySchema.parse({ name: 'No pricing', value: { type: 'percentage', rate: 100 } }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const made = await createDiscount();
    await expect(service.update(ctx, made.id, UpdateDiscountBodySchema.parse({ name: 'x' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(service.archive(ctx, made.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('prepareOrder and redeemDiscounts', () => {
  let shop: Awaited<ReturnType<typeof createLocation>>;
  let kiosk: Awaited<ReturnType<typeof createLocation>>;
  let seller: FactoryBusiness<'owner'>;
  let agent: Agent;
  const ids: Record<string, string> = {};
  const prepare = (request: Omit<Parameters<typeof t.services.pricing.prepareOrder>[2], 'lines'> & { lines?: OrderLine[] }) =>
    t.database.db.transaction((tx) => t.services.pricing.prepareOrder(tx, seller.id, { lines: lines(), ...request }));
  const lines = (): OrderLine[] => [
    { id: 'coffee', productId: ids.coffee!, categoryId: ids.drinks!, unitPrice: 500, quantity: 2, addOns: [], taxIds: [] },
    { id: 'cake', productId: ids.cake!, categoryId: null, unitPrice: 450, quantity: 1, addOns: [], taxIds: [] },
  ];
  const at = new Date('2026-12-05T04:00:00Z');

  beforeAll(async () => {
    seller = await createBusiness(t, { timeZone: 'Asia/Singapore', currency: 'SGD' });
    agent = seller.people.owner.agent;
    shop = await createLocation(agent, seller.id);
    kiosk = await createLocation(agent, seller.id);
    const drinks = await agent.ok(categoryEndpoints.create, { ...inBusiness(seller.id), body: { name: 'Drinks' } });
    ids.drinks = drinks.id;
    ids.coffee = (await createProduct(agent, seller.id, { price: 500, category_id: drinks.id })).id;
    ids.cake = (await createProduct(agent, seller.id, { price: 450 })).id;
    const tax = (body: object) => agent.ok(taxEndpoints.create, { ...inBusiness(seller.id), body: { name: unique('Tax'), rate: 900, ...body } });
    ids.gst = (await tax({ rate: 900 })).id;
    ids.drinksTax = (await tax({ rate: 500, all_locations: false, location_ids: [shop.id], applies_to: 'selected', category_ids: [drinks.id] })).id;
    ids.archivedTax = (await tax({ rate: 100 })).id;
    await agent.ok(taxEndpoints.archive, { params: { business_id: seller.id, tax_id: ids.archivedTax } });
    const discount = (body: Partial<CreateDiscountBody>) => createDiscount(body, seller.id, agent);
    ids.autoTen = (await discount({ name: 'Ten off', automatic: true, channels: ['pos'] })).id;
    ids.online = (await discount({ name: 'Online', automatic: true, channels: ['online_store'] })).id;
    ids.later = (await discount({ name: 'Later', automatic: true, starts_at: '2026-12-06T00:00' })).id;
    ids.kioskOnly = (await discount({ name: 'Kiosk', automatic: true, all_locations: false, location_ids: [kiosk.id] })).id;
    ids.tooBig = (
      await discount({ name: 'Too big', automatic: true, value: { type: 'fixed', amount: 1000 }, applies_to: 'items', product_ids: [ids.cake] })
    ).id;
    ids.chosen = (await discount({ name: 'Staff', value: { type: 'fixed', amount: 100 }, applies_to: 'items', category_ids: [drinks.id] })).id;
    ids.archived = (await discount({ name: 'Archived' })).id;
    await agent.ok(discountEndpoints.archive, { params: { business_id: seller.id, discount_id: ids.archived } });
    const surcharge = (body: Partial<CreateSurchargeBody> & Pick<CreateSurchargeBody, 'kind'>) =>
      agent.ok(surchargeEndpoints.create, {
        ...inBusiness(seller.id),
        body: { name: unique('Surcharge'), value: { type: 'percentage', rate: 1000 }, ...body },
      });
    ids.service = (await surcharge({ kind: 'service_charge', taxable: true, all_locations: false, location_ids: [shop.id] })).id;
    ids.card = (await surcharge({ kind: 'card_surcharge', value: { type: 'fixed', amount: 30 }, taxable: true, tax_ids: [ids.gst, ids.archivedTax] })).id;
    await agent.ok(taxEndpoints.saveSettings, { ...inBusiness(seller.id), body: { prices_include_tax: true, rounding: 'order' } });
  });

  it('fills each line’s taxes, the settings, the automatic discounts in force, the chosen one, and the location’s surcharges', async () => {
    const order = await prepare({ channel: 'pos', locationId: shop.id, at, discountIds: [ids.chosen!] });
    expect(order.currency).toBe('sgd');
    expect(order.settings).toEqual({ pricesIncludeTax: true, rounding: 'order' });
    expect(order.lines.map((l) => [l.id, [...(l.taxIds ?? [])].sort()])).toEqual([
      ['coffee', [ids.gst, ids.drinksTax].sort()],
      ['cake', [ids.gst]],
    ]);
    expect(order.taxes!.map((x) => x.id).sort()).toEqual([ids.gst, ids.drinksTax].sort());
    // Ten off (automatic, POS) and the chosen one; not the online one, the later one, the kiosk's, the archived one, nor
    // the fixed 10.00 off a 4.50 cake, which the order cannot take.
    expect(order.discounts!.map((d) => d.name)).toEqual(['Ten off', 'Staff']);
    expect(order.surcharges!.map((s) => s.id).sort()).toEqual([ids.service, ids.card].sort());
    // The card surcharge names GST only: the archived tax is not charged.
    expect(order.surcharges!.find((s) => s.id === ids.card)!.taxIds).toEqual([ids.gst]);
    const priced = priceOrder(order);
    expect(priced.discounts.map((d) => d.applied)).toEqual([true, true]);
    expect(priced.total).toBeGreaterThan(0);
  });

  it('prices the kiosk without the shop’s tax and service charge, and the store without POS discounts', async () => {
    const kioskOrder = await prepare({ channel: 'pos', locationId: kiosk.id, at, surchargeKinds: ['service_charge'] });
    expect(kioskOrder.lines.map((l) => l.taxIds)).toEqual([[ids.gst], [ids.gst]]);
    expect(kioskOrder.discounts!.map((d) => d.name)).toEqual(['Kiosk', 'Ten off'].sort());
    expect(kioskOrder.surcharges).toEqual([]);
    const store = await prepare({ channel: 'online_store', locationId: null, at, surcharges: 'none' });
    expect(store.discounts!.map((d) => d.name)).toEqual(['Online']);
    expect(store.surcharges).toEqual([]);
    const later = await prepare({ channel: 'online_store', locationId: null, at: new Date('2026-12-06T00:00:00+08:00'), surcharges: 'none' });
    expect(later.discounts!.map((d) => d.name)).toEqual(['Later', 'Online']);
  });

  it('refuses a chosen discount that is archived, of another channel or location, not running, unknown or too big', async () => {
    const chosen = [ids.archived!, ids.online!, ids.kioskOnly!, ids.later!, crypto.randomUUID(), 'not-an-id'];
    await expect(prepare({ channel: 'pos', locationId: shop.id, at, discountIds: chosen })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: chosen.map((_, i) => ({ path: `discountIds.${i}` })),
    });
    await expect(prepare({ channel: 'pos', locationId: shop.id, at, discountIds: [ids.tooBig!] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'discountIds.0' }],
    });
  });

  it('reads the context in one statement: the settings, the taxes, surcharges and discounts here, a discount’s end as an instant', async () => {
    const corner = await createLocation(agent, seller.id);
    const endsSoon = (
      await createDiscount(
        { name: 'Ends soon', automatic: true, all_locations: false, location_ids: [corner.id], ends_at: '2026-12-05T18:00', usage_limit: 5 },
        seller.id,
        agent,
      )
    ).id;
    const context = await t.database.db.transaction((tx) =>
      t.services.pricing.loadPricingContext(tx, seller.id, { channel: 'pos', locationId: corner.id, at }),
    );
    expect(context.settings).toEqual({ pricesIncludeTax: true, rounding: 'order' });
    // GST only: the drinks tax is the shop's, the archived tax is left out.
    expect(context.taxes.map((x) => [x.id, x.rate, x.applies_to])).toEqual([[ids.gst, 900, 'all_products']]);
    // The card fee (every location) names GST only; the service charge is the shop's.
    expect(context.surcharges.map((x) => [x.id, x.taxIds])).toEqual([[ids.card, [ids.gst]]]);
    // In force on the POS here at `at`, by name: 18:00 in Singapore is 10:00 UTC; not the online, later or kiosk ones.
    expect(context.automatic_discounts.map((d) => [d.id, d.ends_at])).toEqual([
      [endsSoon, '2026-12-05T10:00:00.000Z'],
      [ids.autoTen, null],
      [ids.tooBig, null],
    ]);
  });

  it('never takes a discount past its usage limit under concurrent sales, then leaves it out', async () => {
    const limited = await createDiscount({ name: 'Five only', automatic: true, usage_limit: 5, channels: ['pos'] }, seller.id, agent);
    const sale = () =>
      t.database.db.transaction(async (tx) => {
        const order = await t.services.pricing.prepareOrder(tx, seller.id, { channel: 'pos', locationId: kiosk.id, at, lines: lines() });
        const priced = priceOrder(order);
        await t.services.pricing.redeemDiscounts(tx, seller.id, priced, { type: 'pos_order', id: crypto.randomUUID() });
        return priced;
      });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => sale()));
    const taken = results.filter((r) => r.status === 'fulfilled' && r.value.discounts.some((d) => d.id === limited.id && d.applied));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(taken.length).toBe(5);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: expect.stringMatching(/^discounts\.\d+$/) }] });
    const after = await agent.ok(discountEndpoints.get, { params: { business_id: seller.id, discount_id: limited.id } });
    expect(after.times_used).toBe(5);
    // Used up: an automatic sale leaves it out, a cashier who chooses it is told.
    const next = await prepare({ channel: 'pos', locationId: kiosk.id, at });
    expect(next.discounts!.map((d) => d.id)).not.toContain(limited.id);
    await agent.ok(discountEndpoints.update, { params: { business_id: seller.id, discount_id: limited.id }, body: { automatic: false } });
    await expect(prepare({ channel: 'pos', locationId: kiosk.id, at, discountIds: [limited.id] })).rejects.toMatchObject({
      issues: [{ path: 'discountIds.0' }],
    });
  });

  it('counts nothing for discounts without a limit, and a caller’s extra discount passes through', async () => {
    const order = await prepare({
      channel: 'pos',
      locationId: kiosk.id,
      at,
      extraDiscounts: [{ id: 'coupon', name: 'Coupon', value: { type: 'fixed', amount: 100 }, appliesTo: { type: 'order' } }],
    });
    expect(order.discounts!.at(-1)).toMatchObject({ id: 'coupon' });
    await t.database.db.transaction((tx) =>
      t.services.pricing.redeemDiscounts(tx, seller.id, priceOrder(order), { type: 'pos_order', id: crypto.randomUUID() }),
    );
    const ten = await agent.ok(discountEndpoints.get, { params: { business_id: seller.id, discount_id: ids.autoTen! } });
    expect(ten.times_used).toBe(0);
  });
});
