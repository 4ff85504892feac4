import { AppError, fieldError, formatMoneyWithCode, startOfLocalDay, type OrderDiscount, type OrderLine } from '@merchant/core';
import { type Coupon, type CouponFields, type CouponStatus } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { CategoriesService } from '@/modules/catalogue/products/categories.service';
import type { ProductsService } from '@/modules/catalogue/products/products.service';
import { couponsRepository as repo, type CouponInsert, type CouponRow } from './coupons.repository';

export const couponNotFound = () => new AppError('COUPON_NOT_FOUND', 'Coupon not found.');
/** Why a coupon does not apply to an order: a 422 on the checkout's `coupon` field. */
const notApplicable = (reason: string) => fieldError('VALIDATION_FAILED', 'coupon', reason);

export function couponStatus(row: Pick<CouponRow, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'used'>, now: Date): CouponStatus {
  if (!row.active) return 'inactive';
  if (row.startsAt && now < row.startsAt) return 'scheduled';
  if (row.endsAt && now >= row.endsAt) return 'expired';
  if (row.usageLimit !== null && row.used >= row.usageLimit) return 'used_up';
  return 'active';
}

function presentCoupon(row: CouponRow, now: Date): Coupon {
  return {
    id: row.id,
    code: row.code,
    value: row.valueType === 'percentage' ? { type: 'percentage', rate: row.rate ?? 0 } : { type: 'fixed', amount: row.amount ?? 0 },
    applies_to: row.appliesTo === 'order' ? { type: 'order' } : { type: 'items', product_ids: row.productIds, category_ids: row.categoryIds },
    currency: row.currency,
    minimum_subtotal: row.minimumSubtotal,
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    active: row.active,
    used: row.used,
    status: couponStatus(row, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the checkout hands over to redeem a coupon on an order. */
export interface CouponRedemption {
  code: string;
  customerEmail: string;
  orderId: string;
  /** The order's lines before discounts (minor units). */
  subtotal: number;
  lines: readonly Pick<OrderLine, 'productId' | 'categoryId' | 'unitPrice'>[];
}

/**
 * Coupons (docs/online-store.md, "Shipping and coupons"): codes unique per business whatever their case; their uses
 * are counted by a conditional update of the coupon's row and recorded one per order in `coupon_redemptions`.
 */
export function createCouponsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  products: Pick<ProductsService, 'existing'>;
  categories: Pick<CategoriesService, 'list'>;
}) {
  const { db, clock, audit, products, categories } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'coupon', objectId });

  async function named<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (uniqueViolationOf(error) === 'coupons_code_key') throw fieldError('VALIDATION_FAILED', 'code', 'Another coupon has this code');
      throw error;
    }
  }

  async function getIn(executor: Executor, businessId: string, id: string): Promise<Coupon> {
    const row = await repo.find(executor, businessId, id);
    if (!row) throw couponNotFound();
    return presentCoupon(row, clock.now());
  }

  /** The products and categories a coupon names must be the business's. */
  async function checkItems(businessId: string, body: CouponFields): Promise<void> {
    if (body.applies_to.type !== 'items') return;
    const { product_ids: productIds, category_ids: categoryIds } = body.applies_to;
    const found = await products.existing(businessId, productIds);
    const i = productIds.findIndex((id) => !found.has(id));
    if (i >= 0) throw fieldError('VALIDATION_FAILED', `applies_to.product_ids.${i}`, 'Choose a product from the list');
    const known = new Set((await categories.list(businessId)).data.map((c) => c.id));
    const j = categoryIds.findIndex((id) => !known.has(id));
    if (j >= 0) throw fieldError('VALIDATION_FAILED', `applies_to.category_ids.${j}`, 'Choose a category from the list');
  }

  function columnsOf(ctx: BusinessContext, body: CouponFields): Omit<CouponInsert, 'businessId' | 'id' | 'currency' | 'createdAt' | 'updatedAt'> {
    const zone = ctx.business.row.timeZone;
    return {
      code: body.code,
      valueType: body.value.type,
      rate: body.value.type === 'percentage' ? body.value.rate : null,
      amount: body.value.type === 'fixed' ? body.value.amount : null,
      appliesTo: body.applies_to.type,
      productIds: body.applies_to.type === 'items' ? body.applies_to.product_ids : [],
      categoryIds: body.applies_to.type === 'items' ? body.applies_to.category_ids : [],
      minimumSubtotal: body.minimum_subtotal,
      usageLimit: body.usage_limit,
      perCustomerLimit: body.per_customer_limit,
      startsOn: body.starts_on,
      endsOn: body.ends_on,
      // The days are the business's: from the start of the first to the end of the last, in its time zone.
      startsAt: body.starts_on ? startOfLocalDay(body.starts_on, zone) : null,
      endsAt: body.ends_on ? startOfLocalDay(body.ends_on, zone, 1) : null,
      active: body.active,
    };
  }

  /** The order discount a coupon gives this order: a fixed amount never above what it applies to. */
  function discountOf(row: CouponRow, subtotal: number, matching: readonly Pick<OrderLine, 'unitPrice'>[]): OrderDiscount {
    const name = `Coupon ${row.code.toUpperCase()}`;
    const appliesTo: OrderDiscount['appliesTo'] =
      row.appliesTo === 'order' ? { type: 'order' } : { type: 'items', productIds: row.productIds, categoryIds: row.categoryIds, lineIds: [] };
    if (row.valueType === 'percentage') return { id: row.id, name, value: { type: 'percentage', rate: row.rate ?? 0 }, appliesTo };
    // Off the order: at most the subtotal; off each unit: at most the cheapest unit it applies to.
    const cap = row.appliesTo === 'order' ? subtotal : Math.min(...matching.map((l) => l.unitPrice));
    return { id: row.id, name, value: { type: 'fixed', amount: Math.min(row.amount ?? 0, cap) }, appliesTo };
  }

  return {
    async list(businessId: string, filter: { q?: string | undefined; status: CouponStatus | 'all' }) {
      const now = clock.now();
      const rows = (await repo.list(db, businessId, filter.q)).map((r) => presentCoupon(r, now));
      return { data: filter.status === 'all' ? rows : rows.filter((c) => c.status === filter.status) };
    },

    get: (businessId: string, id: string) => getIn(db, businessId, id),

    async create(ctx: BusinessContext, body: CouponFields): Promise<Coupon> {
      const businessId = ctx.business.row.id;
      await checkItems(businessId, body);
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      return named(() =>
        db.transaction(async (tx) => {
          await repo.insert(tx, { businessId, id, currency: ctx.business.row.currency, createdAt: now, updatedAt: now, ...columnsOf(ctx, body) });
          await recordIn(tx, ctx, id, 'coupon.created', `Added the coupon ${body.code}`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    async update(ctx: BusinessContext, id: string, body: CouponFields): Promise<Coupon> {
      const businessId = ctx.business.row.id;
      await checkItems(businessId, body);
      return named(() =>
        db.transaction(async (tx) => {
          const row = await repo.find(tx, businessId, id, true);
          if (!row) throw couponNotFound();
          if (body.usage_limit !== null && body.usage_limit < row.used)
            throw fieldError('VALIDATION_FAILED', 'usage_limit', `It has been used ${row.used} times already: enter ${row.used} or more`);
          await repo.update(tx, businessId, id, { ...columnsOf(ctx, body), updatedAt: clock.now() });
          const what = row.active !== body.active ? (body.active ? ' and turned it on' : ' and turned it off') : '';
          await recordIn(tx, ctx, id, 'coupon.updated', `Edited the coupon ${body.code}${what}`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    /**
     * Redeems a coupon on an order in the checkout's transaction and answers its order discount; when it does not
     * apply, a 422 on `coupon` says why, and nothing is counted. Its use is counted by a conditional update that holds
     * the coupon's row until the transaction ends, so concurrent checkouts take turns: the total limit and the
     * customer's (counted after that lock) hold. The order's coupon again answers the same discount, counted once.
     */
    async redeemCoupon(tx: Executor, businessId: string, input: CouponRedemption): Promise<OrderDiscount> {
      const code = input.code.trim();
      const row = code ? await repo.findByCode(tx, businessId, code) : null;
      if (!row) throw notApplicable('There is no coupon with this code');
      const email = input.customerEmail.trim().toLowerCase();
      const matching =
        row.appliesTo === 'order'
          ? input.lines
          : input.lines.filter((l) => (l.productId && row.productIds.includes(l.productId)) || (l.categoryId && row.categoryIds.includes(l.categoryId)));
      const held = await repo.redemptionOf(tx, businessId, input.orderId);
      if (held && held.couponId === row.id) return discountOf(row, input.subtotal, matching);
      if (held) throw notApplicable('The order has another coupon: remove it first');

      const now = clock.now();
      const status = couponStatus(row, now);
      if (status === 'inactive') throw notApplicable('This coupon is not active');
      if (status === 'scheduled') throw notApplicable(`This coupon works from ${row.startsOn ?? 'a later day'}`);
      if (status === 'expired') throw notApplicable('This coupon has expired');
      if (row.minimumSubtotal !== null && input.subtotal < row.minimumSubtotal)
        throw notApplicable(`This coupon needs an order of at least ${formatMoneyWithCode(row.minimumSubtotal, row.currency)}`);
      if (matching.length === 0) throw notApplicable('This coupon applies to none of the products in the cart');
      if (input.subtotal <= 0) throw notApplicable('There is nothing to take this coupon off');

      if (!(await repo.claimUse(tx, businessId, row.id))) throw notApplicable('This coupon has been used as many times as it may be');
      if (row.perCustomerLimit !== null && (await repo.customerUses(tx, businessId, row.id, email)) >= row.perCustomerLimit) {
        // Given back here, not left to a rollback: the checkout may go on without the coupon.
        await repo.giveBackUse(tx, businessId, row.id);
        throw notApplicable(
          row.perCustomerLimit === 1 ? 'You have used this coupon already' : `You have used this coupon ${row.perCustomerLimit} times already`,
        );
      }
      await repo.insertRedemption(tx, { businessId, orderId: input.orderId, couponId: row.id, customerEmail: email, createdAt: now });
      return discountOf(row, input.subtotal, matching);
    },

    /** An order that is not paid, or cancelled, gives its coupon's use back; an order without one changes nothing. */
    async releaseCoupon(tx: Executor, businessId: string, orderId: string): Promise<{ released: boolean }> {
      const couponId = await repo.deleteRedemption(tx, businessId, orderId);
      if (couponId) await repo.giveBackUse(tx, businessId, couponId);
      return { released: couponId !== null };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
