import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { endpointPath, priceOrder } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import { categoryEndpoints, couponEndpoints, type CouponBody } from '@merchant/catalogue';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createProduct, unique, type FactoryBusiness } from './factories';
import type { CouponRedemption } from '../src/modules/store/coupons/coupons.service';

/** Coupons: fields, unique codes, status, and redemption: expiry, minimum order, products, limits under concurrency, release. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();
const createCoupon = (body: Partial<CouponBody> = {}) =>
  owner.ok(couponEndpoints.create, {
    ...inBusiness(),
    body: { code: unique('SAVE').replace(/[^A-Za-z0-9-]/g, ''), value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' }, ...body },
  });

const LINE = { productId: null, categoryId: null, unitPrice: 1000 };
/** The checkout's redemption, in its own transaction. */
const redeem = (code: string, input: Partial<CouponRedemption> = {}) =>
  t.database.db.transaction((tx) =>
    t.services.coupons.redeemCoupon(tx, business.id, {
      code,
      customerEmail: 'ann@example.test',
      orderId: randomUUID(),
      subtotal: 5000,
      lines: [LINE],
      ...input,
    }),
  );
const release = (orderId: string) => t.database.db.transaction((tx) => t.services.coupons.releaseCoupon(tx, business.id, orderId));
const usedOf = async (id: string) => (await owner.ok(couponEndpoints.get, { params: { business_id: business.id, coupon_id: id } })).used;
const reasonOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; issues?: { path: string; message: string }[] } | null;
  expect(error?.code).toBe('VALIDATION_FAILED');
  expect(error?.issues?.[0]?.path).toBe('coupon');
  return error?.issues?.[0]?.message;
};

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'sgd', country: 'SG' });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('coupons', () => {
  it('creates a coupon, audits it, lists it by part of its code and status', async () => {
    const coupon = await owner.ok(couponEndpoints.create, {
      ...inBusiness(),
      body: {
        code: ' Summer-10 ',
        value: { type: 'fixed', amount: 500 },
        applies_to: { type: 'order' },
        minimum_subtotal: 3000,
        usage_limit: 100,
        per_customer_limit: 1,
        starts_on: '2026-10-01',
        ends_on: '2026-12-31',
      },
    });
    expect(coupon).toMatchObject({
      code: 'Summer-10',
      value: { type: 'fixed', amount: 500 },
      currency: 'sgd',
      minimum_subtotal: 3000,
      usage_limit: 100,
      per_customer_limit: 1,
      starts_on: '2026-10-01',
      ends_on: '2026-12-31',
      active: true,
      used: 0,
      status: 'active',
    });
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'coupon.created' } });
    expect(audit.data[0]).toMatchObject({ description: 'Added the coupon Summer-10' });
    expect((await owner.ok(couponEndpoints.list, { ...inBusiness(), query: { q: 'summer' } })).data.map((c) => c.id)).toEqual([coupon.id]);
    expect((await owner.ok(couponEndpoints.list, { ...inBusiness(), query: { q: 'summer', status: 'expired' } })).data).toEqual([]);

    const later = await createCoupon({ starts_on: '2026-11-05' });
    const past = await createCoupon({ ends_on: '2026-10-31' });
    const off = await createCoupon({ active: false });
    const statuses = new Map((await owner.ok(couponEndpoints.list, inBusiness())).data.map((c) => [c.id, c.status]));
    expect([statuses.get(later.id), statuses.get(past.id), statuses.get(off.id)]).toEqual(['scheduled', 'expired', 'inactive']);
    const scheduled = await owner.ok(couponEndpoints.list, { ...inBusiness(), query: { status: 'scheduled' } });
    expect(scheduled.data.map((c) => c.id)).toEqual([later.id]);
  });

  it('keeps codes unique per business whatever their case; another business may use the code', async () => {
    const first = await createCoupon();
    const twin = await owner.call(couponEndpoints.create, {
      ...inBusiness(),
      body: { code: first.code.toLowerCase(), value: { type: 'percentage', rate: 5 }, applies_to: { type: 'order' } },
    });
    expect(failure(twin)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'code', message: 'Another coupon has this code' }] });
    const second = await createCoupon();
    const renamed = await owner.call(couponEndpoints.update, {
      params: { business_id: business.id, coupon_id: second.id },
      body: { code: first.code.toUpperCase(), value: { type: 'percentage', rate: 5 }, applies_to: { type: 'order' } },
    });
    expect(failure(renamed)).toMatchObject({ issues: [{ path: 'code' }] });
    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.call(couponEndpoints.create, {
      params: { business_id: other.id },
      body: { code: first.code, value: { type: 'percentage', rate: 5 }, applies_to: { type: 'order' } },
    });
    expect(theirs.status).toBe(201);
    expect(failure(await other.people.owner.agent.call(couponEndpoints.get, { params: { business_id: other.id, coupon_id: first.id } }))).toMatchObject({
      code: 'COUPON_NOT_FOUND',
    });
  });

  it('refuses each invalid field with 422 on its path; only managers and up change coupons', async () => {
    const other = await createBusiness(t);
    const theirProduct = await createProduct(other.people.owner.agent, other.id);
    const base = { code: 'VALID1', value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' } };
    const cases: [unknown, string[]][] = [
      [{ ...base, code: 'ab' }, ['code']],
      [{ ...base, code: 'has space' }, ['code']],
      [{ ...base, value: { type: 'percentage', rate: 0 } }, ['value.rate']],
      [{ ...base, value: { type: 'percentage', rate: 10001 } }, ['value.rate']],
      [{ ...base, value: { type: 'fixed', amount: 0 } }, ['value.amount']],
      [{ ...base, applies_to: { type: 'items' } }, ['applies_to.product_ids']],
      [{ ...base, applies_to: { type: 'items', product_ids: [theirProduct.id] } }, ['applies_to.product_ids.0']],
      [{ ...base, starts_on: '2026-12-01', ends_on: '2026-11-01' }, ['ends_on']],
      [{ ...base, usage_limit: 1, per_customer_limit: 2 }, ['per_customer_limit']],
      [{ ...base, usage_limit: 0 }, ['usage_limit']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(couponEndpoints.create, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(issuePaths(failure(res)), JSON.stringify(body)).toEqual(paths);
    }
    expect((await business.people.cashier.agent.call(couponEndpoints.create, { ...inBusiness(), body: base as CouponBody })).status).toBe(403);
    expect((await business.people.cashier.agent.call(couponEndpoints.list, inBusiness())).status).toBe(200);
    expect(
      (await business.people.manager.agent.call(couponEndpoints.create, { ...inBusiness(), body: { ...(base as CouponBody), code: unique('MGR') } })).status,
    ).toBe(201);
  });
});

describe('redeemCoupon and releaseCoupon', () => {
  it('answers an order discount the order arithmetic prices, whatever the case of the code typed', async () => {
    const coupon = await createCoupon({ value: { type: 'percentage', rate: 1500 } });
    const discount = await redeem(coupon.code.toLowerCase());
    expect(discount).toEqual({
      id: coupon.id,
      name: `Coupon ${coupon.code.toUpperCase()}`,
      value: { type: 'percentage', rate: 1500 },
      appliesTo: { type: 'order' },
    });
    const priced = priceOrder({
      currency: 'sgd',
      settings: { pricesIncludeTax: false, rounding: 'line' },
      lines: [{ id: 'l1', unitPrice: 1000, quantity: 5 }],
      discounts: [discount],
    });
    expect(priced.discounts[0]).toMatchObject({ applied: true, amount: 750 });
    expect(await usedOf(coupon.id)).toBe(1);
  });

  it('refuses an unknown, inactive, scheduled and expired coupon with its reason, and counts nothing', async () => {
    expect(await reasonOf(redeem('NO-SUCH-CODE'))).toBe('There is no coupon with this code');
    const off = await createCoupon({ active: false });
    expect(await reasonOf(redeem(off.code))).toBe('This coupon is not active');
    const later = await createCoupon({ starts_on: '2026-11-02' });
    expect(await reasonOf(redeem(later.code))).toBe('This coupon works from 2026-11-02');
    const past = await createCoupon({ ends_on: '2026-10-31' });
    expect(await reasonOf(redeem(past.code))).toBe('This coupon has expired');
    for (const c of [off, later, past]) expect(await usedOf(c.id)).toBe(0);
  });

  it('works to the end of its last day in the business’s time zone, then expires', async () => {
    const zoned = await createBusiness(t, { timeZone: 'Asia/Singapore' });
    const agent = zoned.people.owner.agent;
    // 2026-11-01T09:00Z is 17:00 in Singapore: its last day ends at 16:00Z.
    const coupon = await agent.ok(couponEndpoints.create, {
      params: { business_id: zoned.id },
      body: { code: 'LASTDAY', value: { type: 'percentage', rate: 500 }, applies_to: { type: 'order' }, ends_on: '2026-11-01' },
    });
    const use = () =>
      t.database.db.transaction((tx) =>
        t.services.coupons.redeemCoupon(tx, zoned.id, {
          code: 'lastday',
          customerEmail: 'x@example.test',
          orderId: randomUUID(),
          subtotal: 100,
          lines: [LINE],
        }),
      );
    const start = t.clock.now();
    try {
      t.clock.advance(6 * 60 * 60 * 1000 + 59 * 60 * 1000); // 15:59Z
      expect((await use()).id).toBe(coupon.id);
      t.clock.advance(60 * 1000); // 16:00Z, midnight in Singapore
      expect(await reasonOf(use())).toBe('This coupon has expired');
    } finally {
      t.clock.set(start);
    }
  });

  it('needs the minimum order on the subtotal', async () => {
    const coupon = await createCoupon({ minimum_subtotal: 5000 });
    expect(await reasonOf(redeem(coupon.code, { subtotal: 4999 }))).toBe('This coupon needs an order of at least SGD 50.00');
    expect((await redeem(coupon.code, { subtotal: 5000 })).id).toBe(coupon.id);
  });

  it('applies a product or category coupon only to an order holding one of them; a fixed amount stays below the cheapest unit it applies to', async () => {
    const category = await owner.ok(categoryEndpoints.create, { ...inBusiness(), body: { name: unique('Beans') } });
    const product = await createProduct(owner, business.id);
    const coupon = await createCoupon({
      value: { type: 'fixed', amount: 800 },
      applies_to: { type: 'items', product_ids: [product.id], category_ids: [category.id] },
    });
    const other = { productId: randomUUID(), categoryId: null, unitPrice: 2000 };
    expect(await reasonOf(redeem(coupon.code, { lines: [other] }))).toBe('This coupon applies to none of the products in the cart');
    const byProduct = await redeem(coupon.code, { lines: [other, { productId: product.id, categoryId: null, unitPrice: 450 }] });
    expect(byProduct).toMatchObject({
      value: { type: 'fixed', amount: 450 },
      appliesTo: { type: 'items', productIds: [product.id], categoryIds: [category.id] },
    });
    const byCategory = await redeem(coupon.code, { lines: [{ productId: randomUUID(), categoryId: category.id, unitPrice: 3000 }] });
    expect(byCategory.value).toEqual({ type: 'fixed', amount: 800 });
    // The order arithmetic takes it as it is: off each unit of the matching lines only.
    const priced = priceOrder({
      currency: 'sgd',
      settings: { pricesIncludeTax: false, rounding: 'line' },
      lines: [
        { id: 'a', productId: product.id, unitPrice: 450, quantity: 2 },
        { id: 'b', unitPrice: 2000, quantity: 1 },
      ],
      discounts: [byProduct],
    });
    expect(priced.discounts[0]).toMatchObject({ applied: true, amount: 900 });
  });

  it('holds the total limit under concurrent redemptions: 20 checkouts of a coupon for 5 leave 5 uses', async () => {
    const coupon = await createCoupon({ usage_limit: 5 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => redeem(coupon.code, { customerEmail: `buyer${i}@example.test` })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(new Set(lost.map((r) => (r.reason as { issues?: { message: string }[] }).issues?.[0]?.message))).toEqual(
      new Set(['This coupon has been used as many times as it may be']),
    );
    expect(await usedOf(coupon.id)).toBe(5);
    expect((await owner.ok(couponEndpoints.get, { params: { business_id: business.id, coupon_id: coupon.id } })).status).toBe('used_up');
  });

  it('holds the per-customer limit under concurrent redemptions, by email whatever its case', async () => {
    const coupon = await createCoupon({ per_customer_limit: 2, usage_limit: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => redeem(coupon.code, { customerEmail: i % 2 ? 'Bob@Example.test' : ' bob@example.TEST ' })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(2);
    expect(new Set(lost.map((r) => (r.reason as { issues?: { message: string }[] }).issues?.[0]?.message))).toEqual(
      new Set(['You have used this coupon 2 times already']),
    );
    // The refused redemptions gave their count back.
    expect(await usedOf(coupon.id)).toBe(2);
    expect((await redeem(coupon.code, { customerEmail: 'carol@example.test' })).id).toBe(coupon.id);
    expect(await usedOf(coupon.id)).toBe(3);
  });

  it('counts an order once; an order with another coupon is refused; a release gives the use back and frees the customer', async () => {
    const coupon = await createCoupon({ usage_limit: 1, per_customer_limit: 1 });
    const orderId = randomUUID();
    await redeem(coupon.code, { orderId });
    expect((await redeem(coupon.code.toLowerCase(), { orderId })).id).toBe(coupon.id);
    expect(await usedOf(coupon.id)).toBe(1);
    const another = await createCoupon();
    expect(await reasonOf(redeem(another.code, { orderId }))).toBe('The order has another coupon: remove it first');
    expect(await reasonOf(redeem(coupon.code))).toBe('This coupon has been used as many times as it may be');

    expect(await release(orderId)).toEqual({ released: true });
    expect(await usedOf(coupon.id)).toBe(0);
    expect(await release(orderId)).toEqual({ released: false });
    expect(await usedOf(coupon.id)).toBe(0);
    expect((await redeem(coupon.code)).id).toBe(coupon.id);
  });

  it('refuses to lower a usage limit below the uses so far', async () => {
    const coupon = await createCoupon({ usage_limit: 5 });
    await redeem(coupon.code);
    await redeem(coupon.code, { customerEmail: 'other@example.test' });
    const res = await owner.call(couponEndpoints.update, {
      params: { business_id: business.id, coupon_id: coupon.id },
      body: { code: coupon.code, value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' }, usage_limit: 1 },
    });
    expect(failure(res)).toMatchObject({ issues: [{ path: 'usage_limit', message: 'It has been used 2 times already: enter 2 or more' }] });
    const changed = await owner.ok(couponEndpoints.update, {
      params: { business_id: business.id, coupon_id: coupon.id },
      body: { code: coupon.code, value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' }, usage_limit: 2, active: false },
    });
    expect(changed).toMatchObject({ used: 2, usage_limit: 2, status: 'inactive' });
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'coupon.updated' } });
    expect(audit.data[0]).toMatchObject({ description: `Edited the coupon ${coupon.code} and turned it off` });
  });
});
