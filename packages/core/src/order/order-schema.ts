import { z } from 'zod';
import { CurrencyCodeSchema, MinorAmountSchema, PositiveMinorAmountSchema } from '../money/money-schema';
import { text } from '../text/text-schema';

/**
 * What the order arithmetic reads (docs/catalogue.md, "The order arithmetic"): the lines of a sale, the taxes,
 * discounts and surcharges that may apply, and the business's two settings. The server validates API bodies with
 * these schemas; `priceOrder` validates its input with them too, so a wrong input is refused the same way
 * wherever it comes from. Amounts are integer minor units of `currency`; rates are basis points (900 = 9 %).
 */

/** 100 % in basis points. */
export const FULL_RATE = 10_000;

/** The most units one line may carry. */
export const MAX_LINE_QUANTITY = 100_000;

const Id = text().trim().min(1, 'Enter an id').max(100, 'Use at most 100 characters');
const Name = text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters');
const Ids = (max: number) => z.array(Id).max(max, `Name at most ${max}`);

/** A rate in basis points, 0 to 100 %. */
const Rate = z.number('Enter a rate').int('Use whole basis points (9 % is 900)').min(0, 'A rate cannot be negative').max(FULL_RATE, 'A rate is at most 100 %');

export const OrderTaxSchema = z.object({ id: Id, name: Name, rate: Rate });
export type OrderTax = z.infer<typeof OrderTaxSchema>;

export const OrderAddOnSchema = z.object({ id: Id.optional(), name: Name, price: MinorAmountSchema });
export type OrderAddOn = z.infer<typeof OrderAddOnSchema>;

export const OrderLineSchema = z.object({
  /** Unique in the order: discount parts, tax parts and refunds name the line by it. */
  id: Id,
  productId: Id.nullable().default(null),
  categoryId: Id.nullable().default(null),
  /** The price of one unit, before add-ons, as the business prices (tax included or not: the settings say). */
  unitPrice: MinorAmountSchema,
  quantity: z.number('Enter a quantity').int('Use a whole quantity').min(1, 'The quantity is at least 1').max(MAX_LINE_QUANTITY, 'The quantity is too large'),
  /** The chosen add-ons, each priced per unit of the line. */
  addOns: z.array(OrderAddOnSchema).max(50, 'Choose at most 50 add-ons').default([]),
  /** The taxes that apply to this line, by id; together at most 100 %. */
  taxIds: Ids(10).default([]),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

const PercentageValue = z.object({ type: z.literal('percentage'), rate: Rate.min(1, 'A rate is more than 0 %') });
const FixedValue = z.object({ type: z.literal('fixed'), amount: PositiveMinorAmountSchema });
const AdjustmentValue = z.discriminatedUnion('type', [PercentageValue, FixedValue]);

export const OrderDiscountSchema = z.object({
  id: Id,
  name: Name,
  /** A percentage of what it applies to, or a fixed amount: off the order, or off each unit of the lines it names. */
  value: AdjustmentValue,
  appliesTo: z.discriminatedUnion('type', [
    z.object({ type: z.literal('order') }),
    z
      .object({
        type: z.literal('items'),
        productIds: Ids(500).default([]),
        categoryIds: Ids(100).default([]),
        /** Lines of this order by id (a cashier's discount on one line: two lines of one product are discounted apart). */
        lineIds: Ids(500).default([]),
      })
      .refine((s) => s.productIds.length + s.categoryIds.length + s.lineIds.length > 0, 'Name at least one product, category or line'),
  ]),
  /** The discount applies only when what it applies to comes to at least this (before any discount). */
  minimumSpend: MinorAmountSchema.optional(),
});
export type OrderDiscount = z.infer<typeof OrderDiscountSchema>;

export const OrderSurchargeSchema = z.object({
  id: Id,
  name: Name,
  kind: z.enum(['service_charge', 'card_surcharge'], 'Choose service charge or card surcharge'),
  /** A percentage of the order after discounts and before tax, or a fixed amount before tax. */
  value: AdjustmentValue,
  taxable: z.boolean('Say whether the surcharge is taxed'),
  /** The taxes of a taxable surcharge; none named: the taxes of the lines, in proportion to their amounts. */
  taxIds: Ids(10).default([]),
});
export type OrderSurcharge = z.infer<typeof OrderSurchargeSchema>;

export const OrderSettingsSchema = z.object({
  /** Prices include tax (extracted from them) or not (added on top). */
  pricesIncludeTax: z.boolean('Say whether prices include tax'),
  /** Round each tax amount of each line and surcharge, or each tax once over the order. */
  rounding: z.enum(['line', 'order'], 'Choose rounding per line or per order'),
});
export type OrderSettings = z.infer<typeof OrderSettingsSchema>;

function duplicates(ids: readonly string[]): number[] {
  const seen = new Set<string>();
  return ids.flatMap((id, i) => (seen.has(id) ? [i] : (seen.add(id), [])));
}

export const OrderInputSchema = z
  .object({
    currency: CurrencyCodeSchema,
    settings: OrderSettingsSchema,
    lines: z.array(OrderLineSchema).min(1, 'Add at least one line').max(500, 'An order has at most 500 lines'),
    taxes: z.array(OrderTaxSchema).max(50, 'At most 50 taxes').default([]),
    discounts: z.array(OrderDiscountSchema).max(20, 'At most 20 discounts').default([]),
    surcharges: z.array(OrderSurchargeSchema).max(10, 'At most 10 surcharges').default([]),
  })
  .superRefine((order, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    for (const key of ['lines', 'taxes', 'discounts', 'surcharges'] as const) {
      for (const i of duplicates((order[key] as readonly { id: string }[]).map((x) => x.id))) issue('This id is already used in the order', [key, i, 'id']);
    }
    const rates = new Map(order.taxes.map((t) => [t.id, t.rate]));
    const checkTaxIds = (taxIds: readonly string[], path: (string | number)[]) => {
      for (const i of duplicates(taxIds)) issue('This tax is already named', [...path, i]);
      taxIds.forEach((id, i) => {
        if (!rates.has(id)) issue('No tax of the order has this id', [...path, i]);
      });
    };
    order.lines.forEach((line, i) => {
      checkTaxIds(line.taxIds, ['lines', i, 'taxIds']);
      const combined = [...new Set(line.taxIds)].reduce((total, id) => total + (rates.get(id) ?? 0), 0);
      if (combined > FULL_RATE) issue("The line's taxes come to more than 100 %", ['lines', i, 'taxIds']);
    });
    order.surcharges.forEach((surcharge, i) => {
      if (!surcharge.taxable && surcharge.taxIds.length > 0) issue('A surcharge that is not taxable names no taxes', ['surcharges', i, 'taxIds']);
      checkTaxIds(surcharge.taxIds, ['surcharges', i, 'taxIds']);
    });
  });

/** An order as callers write it (optional lists and ids may be left out). */
export type OrderInput = z.input<typeof OrderInputSchema>;
/** An order after validation, defaults filled in. */
export type ValidOrderInput = z.output<typeof OrderInputSchema>;
