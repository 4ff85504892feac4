import {
  AppError,
  OrderInputError,
  priceOrder,
  type ApiIssue,
  type OrderDiscount,
  type OrderInput,
  type OrderLine,
  type OrderSurcharge,
  type OrderTax,
  type PricedOrder,
} from '@merchant/core';
import type { DiscountChannel, SurchargeKind } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pricingRepository as repo, type DiscountRow, type SurchargeRow, type TaxRow } from './pricing.repository';

/**
 * What a sale is priced with (docs/catalogue.md, "Built (part 3)"): the POS and the online store call `prepareOrder`
 * inside their own transaction to turn their lines into the order arithmetic's input (`priceOrder`), and
 * `redeemDiscounts` in the same transaction once the sale is made, which takes one use of each applied discount
 * that has a usage limit (never past it).
 */

export interface PrepareOrderRequest {
  channel: DiscountChannel;
  /** Where the sale happens; null: only what applies at every location. */
  locationId: string | null;
  /** When the sale happens: the discounts' schedules are read at this instant. */
  at: Date;
  /** Unit prices, add-ons, products and categories already resolved from the catalogue; `taxIds` are filled in. */
  lines: OrderLine[];
  /** Discounts the cashier chose (by id): active, on this channel and location, in their schedule, not used up. */
  discountIds?: string[];
  /** Discounts the caller brings itself (a coupon, a manual discount): passed on as they are, after the others. */
  extraDiscounts?: OrderDiscount[];
  /** The location's active surcharges (the default) or none. */
  surcharges?: 'location' | 'none';
  /** Which kinds of surcharge apply (both by default): leave out `card_surcharge` when the customer does not pay by card. */
  surchargeKinds?: readonly SurchargeKind[];
}

const atLocation = (row: { allLocations: boolean; locationIds: string[] }, locationId: string | null) =>
  row.allLocations || (locationId !== null && row.locationIds.includes(locationId));

/** Whether a tax applies to a line: every product, or the line's product or category is named. */
const taxesLine = (tax: TaxRow, line: OrderLine) =>
  tax.appliesTo === 'all_products' ||
  (line.productId != null && tax.productIds.includes(line.productId)) ||
  (line.categoryId != null && tax.categoryIds.includes(line.categoryId));

const valueOf = (row: { valueType: 'percentage' | 'fixed'; rate: number | null; amount: number | null }): OrderDiscount['value'] =>
  row.valueType === 'percentage' ? { type: 'percentage', rate: row.rate ?? 0 } : { type: 'fixed', amount: Number(row.amount ?? 0) };

export function orderDiscountOf(row: DiscountRow): OrderDiscount {
  return {
    id: row.id,
    name: row.name,
    value: valueOf(row),
    appliesTo: row.appliesTo === 'order' ? { type: 'order' } : { type: 'items', productIds: row.productIds, categoryIds: row.categoryIds },
    ...(row.minimumSpend !== null && { minimumSpend: Number(row.minimumSpend) }),
  };
}

export function orderSurchargeOf(row: SurchargeRow): OrderSurcharge {
  return { id: row.id, name: row.name, kind: row.kind, value: valueOf(row), taxable: row.taxable, taxIds: row.taxable ? row.taxIds : [] };
}

const usedUp = (row: DiscountRow) => row.usageLimit !== null && Number(row.used) >= row.usageLimit;

/** Why a chosen discount cannot be taken by this sale, or null when it can. */
function refusal(row: DiscountRow | undefined, request: PrepareOrderRequest): string | null {
  if (!row) return 'No discount of this business has this id';
  if (row.status !== 'active') return `The discount “${row.name}” is archived`;
  if (!row.channels.includes(request.channel)) return `The discount “${row.name}” is not offered on this channel`;
  if (!atLocation(row, request.locationId)) return `The discount “${row.name}” is not offered at this location`;
  if ((row.startsAt && row.startsAt > request.at) || (row.endsAt && row.endsAt <= request.at)) return `The discount “${row.name}” is not running now`;
  if (usedUp(row)) return `The discount “${row.name}” has been used as often as it may be`;
  return null;
}

export function createPricingService() {
  return {
    /**
     * The order arithmetic's input for a sale: each line's taxes (active, at the location, on its product or
     * category), the business's tax settings, the automatic discounts in force (channel, location, schedule, not
     * used up) then the chosen ones then the caller's, and the location's active surcharges. An automatic discount
     * the order cannot take (a fixed amount above a unit's price or above the order) is left out; a chosen one is a
     * 422 on `discountIds.i`.
     */
    async prepareOrder(tx: Executor, businessId: string, request: PrepareOrderRequest): Promise<OrderInput> {
      const business = await repo.business(tx, businessId);
      if (!business) throw new AppError('NOT_FOUND', 'Business not found.');
      const [settings, allTaxes, inForce, chosenRows, allSurcharges] = [
        await repo.taxSettings(tx, businessId),
        await repo.activeTaxes(tx, businessId),
        await repo.discountsInForce(tx, businessId, request.at),
        await repo.discountsByIds(tx, businessId, request.discountIds ?? []),
        request.surcharges === 'none' ? [] : await repo.activeSurcharges(tx, businessId),
      ];

      const localTaxes = allTaxes.filter((t) => atLocation(t, request.locationId));
      const lines = request.lines.map((line) => ({ ...line, taxIds: localTaxes.filter((t) => taxesLine(t, line)).map((t) => t.id) }));

      const kinds = request.surchargeKinds ?? ['service_charge', 'card_surcharge'];
      const surchargeRows = allSurcharges.filter((s) => atLocation(s, request.locationId) && kinds.includes(s.kind));
      // A taxable surcharge's named taxes are charged where it applies, if they are active.
      const activeTaxIds = new Set(allTaxes.map((t) => t.id));
      const surcharges = surchargeRows.map((row) => {
        const surcharge = orderSurchargeOf(row);
        return { ...surcharge, taxIds: (surcharge.taxIds ?? []).filter((id) => activeTaxIds.has(id)) };
      });

      const named = new Set([...lines.flatMap((l) => l.taxIds), ...surcharges.flatMap((s) => s.taxIds)]);
      const taxes: OrderTax[] = allTaxes.filter((t) => named.has(t.id)).map((t) => ({ id: t.id, name: t.name, rate: t.rate }));

      const chosenIds = request.discountIds ?? [];
      const byId = new Map(chosenRows.map((r) => [r.id, r]));
      const issues: ApiIssue[] = [];
      chosenIds.forEach((id, i) => {
        const why = refusal(byId.get(id), request);
        if (why) issues.push({ path: `discountIds.${i}`, message: why });
        else if (chosenIds.indexOf(id) !== i) issues.push({ path: `discountIds.${i}`, message: 'This discount is already chosen' });
      });
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);

      const automatic = inForce.filter(
        (d) => d.automatic && d.channels.includes(request.channel) && atLocation(d, request.locationId) && !usedUp(d) && !chosenIds.includes(d.id),
      );
      const automaticIds = new Set(automatic.map((d) => d.id));
      let discounts = [...automatic.map(orderDiscountOf), ...chosenIds.map((id) => orderDiscountOf(byId.get(id)!)), ...(request.extraDiscounts ?? [])];

      const order = (): OrderInput => ({
        currency: business.currency,
        settings: settings ? { pricesIncludeTax: settings.pricesIncludeTax, rounding: settings.rounding } : { pricesIncludeTax: false, rounding: 'line' },
        lines,
        taxes,
        discounts,
        surcharges,
      });

      // A discount the order cannot take: an automatic one is left out, a chosen one is the cashier's to fix.
      for (;;) {
        try {
          priceOrder(order());
          return order();
        } catch (error) {
          const index = error instanceof OrderInputError ? /^discounts\.(\d+)\.value\.amount$/.exec(error.field)?.[1] : undefined;
          if (index === undefined) throw error;
          const discount = discounts[Number(index)]!;
          if (automaticIds.has(discount.id)) {
            discounts = discounts.filter((_, i) => i !== Number(index));
            continue;
          }
          const chosen = chosenIds.indexOf(discount.id);
          if (chosen >= 0)
            throw new AppError('VALIDATION_FAILED', (error as OrderInputError).message, [
              { path: `discountIds.${chosen}`, message: (error as OrderInputError).message },
            ]);
          throw error;
        }
      }
    },

    /**
     * Takes one use of each discount the priced order applied that has a usage limit, in id order (concurrent sales
     * lock the counters in one order). One conditional update each: a discount used up meanwhile is a 422
     * (`VALIDATION_FAILED`) on `discounts.i` (its place in the order) and the caller's transaction rolls back.
     */
    async redeemDiscounts(tx: Executor, businessId: string, priced: Pick<PricedOrder, 'discounts'>): Promise<void> {
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
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
