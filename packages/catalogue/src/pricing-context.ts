import { z } from 'zod';
import {
  AppError,
  OrderDiscountSchema,
  OrderInputError,
  OrderSettingsSchema,
  OrderSurchargeSchema,
  priceOrder,
  type OrderDiscount,
  type OrderInput,
  type OrderLine,
  type OrderTax,
} from '@merchant/core';
import { SURCHARGE_KINDS, type SurchargeKind } from './statuses';
import { TAX_APPLIES_TO } from './taxes';

/**
 * What a sale at one location on one channel is priced with, at one instant (docs/catalogue.md, "Built (part 3)"):
 * the server loads it from the database (`pricing.loadPricingContext`), the register fetches it (`GET .../pos/pricing`)
 * and keeps it for offline sales, and both turn a sale's lines into the order arithmetic's input with the same pure
 * `assembleOrder`, so the register shows the total the server will charge.
 */

export const PricingContextTaxSchema = z.object({
  id: z.string(),
  name: z.string(),
  rate: z.number().int(),
  /** Every product, or the named products and categories. */
  applies_to: z.enum(TAX_APPLIES_TO),
  product_ids: z.array(z.string()),
  category_ids: z.array(z.string()),
});
export type PricingContextTax = z.infer<typeof PricingContextTaxSchema>;

export const PricingContextDiscountSchema = OrderDiscountSchema.extend({
  /** The end of its schedule (ISO 8601), null when it runs on: a register offline stops taking it then. */
  ends_at: z.iso.datetime({ offset: true }).nullable(),
});
export type PricingContextDiscount = z.infer<typeof PricingContextDiscountSchema>;

export const PricingContextSchema = z.object({
  /** The business's tax settings. */
  settings: OrderSettingsSchema,
  /**
   * The active taxes at the location (a tax at other locations only, named by one of these surcharges, is here too
   * with `applies_to: 'selected'` and no products: it taxes that surcharge and no line).
   */
  taxes: z.array(PricingContextTaxSchema),
  /** The active surcharges at the location, every kind (a sale leaves out the card surcharge unless paid by card). */
  surcharges: z.array(OrderSurchargeSchema),
  /** The automatic discounts in force on the channel at the location, not used up, in the order they apply. */
  automatic_discounts: z.array(PricingContextDiscountSchema),
});
export type PricingContext = z.infer<typeof PricingContextSchema>;

export interface AssembleOrderRequest {
  currency: string;
  /** Unit prices, add-ons, products and categories already resolved from the catalogue; `taxIds` are filled in. */
  lines: OrderLine[];
  /** Discounts chosen by id, already checked (active, on the channel and location, running, not used up), in order. */
  chosen?: OrderDiscount[];
  /** Discounts the caller brings itself (the cashier's, a coupon): passed on as they are, after the others. */
  extraDiscounts?: OrderDiscount[];
  /** Which kinds of surcharge apply (both by default): leave out `card_surcharge` when the customer does not pay by card. */
  surchargeKinds?: readonly SurchargeKind[];
  /** When the sale happens: automatic discounts whose schedule ended by then are left out (a context kept offline). */
  at?: Date;
}

/** Whether a tax applies to a line: every product, or the line's product or category is named. */
const taxesLine = (tax: PricingContextTax, line: OrderLine) =>
  tax.applies_to === 'all_products' ||
  (line.productId != null && tax.product_ids.includes(line.productId)) ||
  (line.categoryId != null && tax.category_ids.includes(line.categoryId));

const withoutSchedule = ({ ends_at: _, ...discount }: PricingContextDiscount): OrderDiscount => discount;

/**
 * The order arithmetic's input for a sale (pure): each line's taxes, the taxes named, the business's settings, the
 * automatic discounts (less those chosen) then the chosen ones then the caller's, and the surcharges of the kinds
 * asked for. An automatic discount the order cannot take (a fixed amount above a unit's price or above the order)
 * is left out; a chosen one is a 422 on `discountIds.i`; anything else the arithmetic refuses is thrown as it is.
 */
export function assembleOrder(context: PricingContext, request: AssembleOrderRequest): OrderInput {
  const lines = request.lines.map((line) => ({ ...line, taxIds: context.taxes.filter((t) => taxesLine(t, line)).map((t) => t.id) }));
  const kinds: readonly SurchargeKind[] = request.surchargeKinds ?? SURCHARGE_KINDS;
  const surcharges = context.surcharges.filter((s) => kinds.includes(s.kind));
  const named = new Set([...lines.flatMap((l) => l.taxIds), ...surcharges.flatMap((s) => s.taxIds)]);
  const taxes: OrderTax[] = context.taxes.filter((t) => named.has(t.id)).map((t) => ({ id: t.id, name: t.name, rate: t.rate }));

  const chosen = request.chosen ?? [];
  const chosenIds = chosen.map((d) => d.id);
  const at = request.at;
  const automatic = context.automatic_discounts
    .filter((d) => !chosenIds.includes(d.id) && !(at && d.ends_at !== null && new Date(d.ends_at) <= at))
    .map(withoutSchedule);
  const automaticIds = new Set(automatic.map((d) => d.id));
  let discounts = [...automatic, ...chosen, ...(request.extraDiscounts ?? [])];

  const order = (): OrderInput => ({ currency: request.currency, settings: context.settings, lines, taxes, discounts, surcharges });

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
      const place = chosenIds.indexOf(discount.id);
      if (place >= 0) {
        const message = (error as OrderInputError).message;
        throw new AppError('VALIDATION_FAILED', message, [{ path: `discountIds.${place}`, message }]);
      }
      throw error;
    }
  }
}
