import { AppError, type ApiIssue, type OrderDiscount, type OrderInput, type OrderLine, type OrderSurcharge, type PricedOrder } from '@merchant/core';
import {
  assembleOrder,
  type DiscountChannel,
  type PricingContext,
  type PricingContextDiscount,
  type PricingContextTax,
  type SurchargeKind,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pricingRepository as repo, type ContextDiscount, type ContextSurcharge, type DiscountRow, type RedemptionOrder } from './pricing.repository';

/**
 * What a sale is priced with (docs/catalogue.md, "Built (part 3)"): the POS and the online store call `prepareOrder`
 * inside their own transaction to turn their lines into the order arithmetic's input (`priceOrder`), and
 * `redeemDiscounts` in the same transaction once the sale is made, which takes one use of each applied discount
 * that has a usage limit (never past it). `prepareOrder` is `loadPricingContext` (the database) then the pure
 * `assembleOrder` of `@merchant/catalogue`, which the register runs on the context it fetched.
 */

export interface PricingContextRequest {
  channel: DiscountChannel;
  /** Where the sale happens; null: only what applies at every location. */
  locationId: string | null;
  /** When the sale happens: the discounts' schedules are read at this instant. */
  at: Date;
}

export interface PrepareOrderRequest extends PricingContextRequest {
  /** Unit prices, add-ons, products and categories already resolved from the catalogue; `taxIds` are filled in. */
  lines: OrderLine[];
  /** Discounts the cashier chose (by id): active, on this channel and location, in their schedule, not used up. */
  discountIds?: string[];
  /** Discounts the caller brings itself (a coupon, a manual discount): passed on as they are, after the others. */
  extraDiscounts?: OrderDiscount[];
  /** The location's active surcharges (the default) or none. */
  surcharges?: 'location' | 'none';
  /** The business's currency when the caller holds it (a signed-in request's business); read otherwise. */
  currency?: string;
  /** Which kinds of surcharge apply (both by default): leave out `card_surcharge` when the customer does not pay by card. */
  surchargeKinds?: readonly SurchargeKind[];
}

const atLocation = (row: { allLocations: boolean; locationIds: string[] }, locationId: string | null) =>
  row.allLocations || (locationId !== null && row.locationIds.includes(locationId));

const valueOf = (row: { valueType: 'percentage' | 'fixed'; rate: number | null; amount: number | null }): OrderDiscount['value'] =>
  row.valueType === 'percentage' ? { type: 'percentage', rate: row.rate ?? 0 } : { type: 'fixed', amount: Number(row.amount ?? 0) };

export function orderDiscountOf(row: ContextDiscount): OrderDiscount {
  return {
    id: row.id,
    name: row.name,
    value: valueOf(row),
    appliesTo: row.appliesTo === 'order' ? { type: 'order' } : { type: 'items', productIds: row.productIds, categoryIds: row.categoryIds, lineIds: [] },
    ...(row.minimumSpend !== null && { minimumSpend: Number(row.minimumSpend) }),
  };
}

export function orderSurchargeOf(row: ContextSurcharge): OrderSurcharge {
  return { id: row.id, name: row.name, kind: row.kind, value: valueOf(row), taxable: row.taxable, taxIds: row.taxable ? row.taxIds : [] };
}

const usedUp = (row: Pick<ContextDiscount, 'usageLimit' | 'used'>) => row.usageLimit !== null && Number(row.used) >= row.usageLimit;

/** Why a chosen discount cannot be taken by this sale, or null when it can. */
function refusal(row: DiscountRow | undefined, request: PricingContextRequest): string | null {
  if (!row) return 'No discount of this business has this id';
  if (row.status !== 'active') return `The discount “${row.name}” is archived`;
  if (!row.channels.includes(request.channel)) return `The discount “${row.name}” is not offered on this channel`;
  if (!atLocation(row, request.locationId)) return `The discount “${row.name}” is not offered at this location`;
  if ((row.startsAt && row.startsAt > request.at) || (row.endsAt && row.endsAt <= request.at)) return `The discount “${row.name}” is not running now`;
  if (usedUp(row)) return `The discount “${row.name}” has been used as often as it may be`;
  return null;
}

/**
 * What a sale at this location, on this channel, at this instant is priced with (the pure `assembleOrder` reads it):
 * the tax settings; the active taxes at the location, and those only a surcharge here names (taxing no line); the
 * active surcharges at the location (their named taxes kept if active); the automatic discounts in force on the
 * channel at the location that are not used up.
 */
export async function loadPricingContext(tx: Executor, businessId: string, request: PricingContextRequest): Promise<PricingContext> {
  const { settings, taxes: allTaxes, discounts: inForce, surcharges: allSurcharges } = await repo.pricingContext(tx, businessId, request.at);
  // A taxable surcharge's named taxes are charged where it applies, if they are active.
  const activeTaxIds = new Set(allTaxes.map((t) => t.id));
  const surcharges = allSurcharges
    .filter((s) => atLocation(s, request.locationId))
    .map((row) => {
      const surcharge = orderSurchargeOf(row);
      return { ...surcharge, taxIds: (surcharge.taxIds ?? []).filter((id) => activeTaxIds.has(id)) };
    });
  const namedBySurcharges = new Set(surcharges.flatMap((s) => s.taxIds));
  const taxes: PricingContextTax[] = allTaxes.flatMap((t) =>
    atLocation(t, request.locationId)
      ? [{ id: t.id, name: t.name, rate: t.rate, applies_to: t.appliesTo, product_ids: t.productIds, category_ids: t.categoryIds }]
      : namedBySurcharges.has(t.id)
        ? [{ id: t.id, name: t.name, rate: t.rate, applies_to: 'selected' as const, product_ids: [], category_ids: [] }]
        : [],
  );
  const automatic_discounts: PricingContextDiscount[] = inForce
    .filter((d) => d.automatic && d.channels.includes(request.channel) && atLocation(d, request.locationId) && !usedUp(d))
    .map((d) => ({ ...orderDiscountOf(d), ends_at: d.endsAt ? d.endsAt.toISOString() : null }));
  return {
    settings: settings ? { pricesIncludeTax: settings.pricesIncludeTax, rounding: settings.rounding } : { pricesIncludeTax: false, rounding: 'line' },
    taxes,
    surcharges,
    automatic_discounts,
  };
}

export function createPricingService() {
  return {
    loadPricingContext,

    /**
     * The order arithmetic's input for a sale: `loadPricingContext` then `assembleOrder` (each line's taxes, the
     * business's tax settings, the automatic discounts in force then the chosen ones then the caller's, and the
     * location's active surcharges). An automatic discount the order cannot take (a fixed amount above a unit's
     * price or above the order) is left out; a chosen one is a 422 on `discountIds.i`.
     */
    async prepareOrder(tx: Executor, businessId: string, request: PrepareOrderRequest): Promise<OrderInput> {
      const currency = request.currency ?? (await repo.business(tx, businessId))?.currency;
      if (!currency) throw new AppError('NOT_FOUND', 'Business not found.');
      const context = await loadPricingContext(tx, businessId, request);
      const chosenIds = request.discountIds ?? [];
      const chosenRows = await repo.discountsByIds(tx, businessId, chosenIds);
      const byId = new Map(chosenRows.map((r) => [r.id, r]));
      const issues: ApiIssue[] = [];
      chosenIds.forEach((id, i) => {
        const why = refusal(byId.get(id), request);
        if (why) issues.push({ path: `discountIds.${i}`, message: why });
        else if (chosenIds.indexOf(id) !== i) issues.push({ path: `discountIds.${i}`, message: 'This discount is already chosen' });
      });
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);

      return assembleOrder(request.surcharges === 'none' ? { ...context, surcharges: [] } : context, {
        currency,
        lines: request.lines,
        chosen: chosenIds.map((id) => orderDiscountOf(byId.get(id)!)),
        ...(request.extraDiscounts && { extraDiscounts: request.extraDiscounts }),
        ...(request.surchargeKinds && { surchargeKinds: request.surchargeKinds }),
      });
    },

    /**
     * Takes one use of each discount the priced order applied that has a usage limit, in id order (concurrent sales
     * lock the counters in one order). One conditional update each: a discount used up meanwhile is a 422
     * (`VALIDATION_FAILED`) on `discounts.i` (its place in the order) and the caller's transaction rolls back.
     */
    async redeemDiscounts(tx: Executor, businessId: string, priced: Pick<PricedOrder, 'discounts'>, order: RedemptionOrder): Promise<void> {
      const applied = priced.discounts.map((d, index) => ({ ...d, index })).filter((d) => d.applied);
      if (applied.length === 0) return;
      const rows = new Map((await repo.discountsByIds(tx, businessId, [...new Set(applied.map((d) => d.id))])).map((r) => [r.id, r]));
      const limited = applied.filter((d) => rows.get(d.id)?.usageLimit != null).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      for (const discount of limited) {
        if ((await repo.redeem(tx, businessId, discount.id)) === null) {
          const message = `The discount “${discount.name}” has been used as often as it may be`;
          throw new AppError('VALIDATION_FAILED', message, [{ path: `discounts.${discount.index}`, message }]);
        }
      }
      await repo.recordRedemptions(tx, businessId, order, [...new Set(limited.map((d) => d.id))]);
    },

    /**
     * Gives back the uses `order` took (docs/catalogue.md, "Usage limit"): when a register order is wholly refunded or
     * voided, or a store order cancelled. Exactly once: the order's redemption rows are deleted and only the deleting
     * transaction gives their uses back. Answers the discounts given back.
     */
    async releaseDiscounts(tx: Executor, businessId: string, order: RedemptionOrder): Promise<string[]> {
      const ids = await repo.deleteRedemptions(tx, businessId, order);
      for (const id of ids) await repo.giveBack(tx, businessId, id);
      return ids;
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
