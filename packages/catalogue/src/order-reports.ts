import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, csvAnswer, defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The sales reports of orders (docs/pos.md and docs/online-store.md, "Sales report"): the register's orders and the
 * store's orders over a range of the business's days, in totals, by day and by each breakdown, with a CSV per
 * breakdown. One shape serves both (the screens share one component): a breakdown names the figures that apply to it.
 *
 * An order counts on the day (and hour) it was made, in the business's time zone; a refund on the day it was made
 * (the money went back then), against its order's staff, location, products and tender. Amounts are minor units of
 * the report's currency (the business's: orders are made in it).
 */

/** The longest range a report covers, as the payments report. */
export const ORDER_REPORT_MAX_DAYS = 366;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const RangeSchema = z.object({ from: CalendarDateSchema, to: CalendarDateSchema });
const checkRange = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = daysBetween(range.from, range.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End on or after the start date' });
  else if (days > ORDER_REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${ORDER_REPORT_MAX_DAYS} days` });
};

/** Every figure a row may carry. */
export const ORDER_REPORT_FIGURES = ['gross', 'discounts', 'refunds', 'net', 'taxes', 'tips', 'surcharges', 'shipping', 'total', 'orders'] as const;
export type OrderReportFigure = (typeof ORDER_REPORT_FIGURES)[number];
export const ORDER_REPORT_FIGURE_LABELS: Record<OrderReportFigure, string> = {
  gross: 'Gross sales',
  discounts: 'Discounts',
  refunds: 'Refunds',
  net: 'Net sales',
  taxes: 'Taxes',
  tips: 'Tips',
  surcharges: 'Surcharges',
  shipping: 'Shipping',
  total: 'Total collected',
  orders: 'Orders',
};

export const OrderReportFiguresSchema = z.object({
  /** The orders' prices before discounts (the lines' units at their prices with their add-ons). */
  gross: z.number().int(),
  discounts: z.number().int(),
  /** The money given back on the row's refunds (their tax, tip and surcharge shares included). */
  refunds: z.number().int(),
  /** gross - discounts - refunds. */
  net: z.number().int(),
  taxes: z.number().int(),
  tips: z.number().int(),
  /** Service charges and card surcharges with their tax. */
  surcharges: z.number().int(),
  shipping: z.number().int(),
  /** net + taxes + tips + surcharges + shipping: what the business kept of what customers paid (the ledger's figure). */
  total: z.number().int(),
  /** The orders made (a refund adds none). */
  orders: z.number().int(),
});
export type OrderReportFigures = z.infer<typeof OrderReportFiguresSchema>;

export const OrderReportRowSchema = OrderReportFiguresSchema.extend({
  /** What the row is of: a day, an hour (`00`-`23`), an id, a tender, a delivery method, a coupon code; null: none. */
  key: z.string().nullable(),
  label: z.string(),
});
export type OrderReportRow = z.infer<typeof OrderReportRowSchema>;

export const OrderReportBreakdownSchema = z.object({
  group: z.string(),
  /** "Day", "Product"... (the table's first column). */
  label: z.string(),
  /** The figures that mean something for this breakdown (the others are zero on its rows), in the table's order. */
  figures: z.array(z.enum(ORDER_REPORT_FIGURES)),
  rows: z.array(OrderReportRowSchema),
});
export type OrderReportBreakdown = z.infer<typeof OrderReportBreakdownSchema>;

export const OrderReportSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string(), days: z.number().int() }),
  currency: CurrencyCodeSchema,
  /** The figures of the range (the sum of `by_day`'s rows), and the average order (orders' totals / orders, rounded). */
  totals: OrderReportFiguresSchema.extend({ average: z.number().int() }),
  /** The figures the report shows in its totals and its chart, in order. */
  figures: z.array(z.enum(ORDER_REPORT_FIGURES)),
  /** Every day of the range in order, zero days included (also the first breakdown). */
  by_day: z.array(OrderReportRowSchema),
  breakdowns: z.array(OrderReportBreakdownSchema),
});
export type OrderReport = z.infer<typeof OrderReportSchema>;

// ---- The register's report (pos.sales-report) ----

export const POS_REPORT_GROUPS = ['day', 'hour', 'product', 'category', 'staff', 'location', 'tender'] as const;
export type PosReportGroup = (typeof POS_REPORT_GROUPS)[number];

export const PosReportQuerySchema = RangeSchema.extend({
  location_id: z.uuid('Choose a location from the list').optional(),
  staff_id: z.uuid('Choose a staff member from the list').optional(),
}).superRefine(checkRange);
export type PosReportQuery = z.output<typeof PosReportQuerySchema>;
export const PosReportExportQuerySchema = RangeSchema.extend({
  location_id: z.uuid('Choose a location from the list').optional(),
  staff_id: z.uuid('Choose a staff member from the list').optional(),
  group: z.enum(POS_REPORT_GROUPS).default('day'),
}).superRefine(checkRange);
export type PosReportExportQuery = z.output<typeof PosReportExportQuerySchema>;

export const posReportEndpoints = {
  get: defineEndpoint({
    id: 'pos-report.get',
    method: 'GET',
    path: '/v1/business/:business_id/pos/sales-report',
    summary: "The register's sales over a range of days: totals, by day, hour, product, category, staff, location and tender",
    access: { kind: 'business', permission: 'pos:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: PosReportQuerySchema,
    response: OrderReportSchema,
  }),
  export: defineEndpoint({
    id: 'pos-report.export',
    method: 'GET',
    path: '/v1/business/:business_id/pos/sales-report/export',
    summary: "One breakdown of the register's sales report as a CSV download (text/csv)",
    access: { kind: 'business', permission: 'pos:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: PosReportExportQuerySchema,
    response: csvAnswer(),
  }),
};

// ---- The online store's report (online-store.sales-report) ----

export const STORE_REPORT_GROUPS = ['day', 'product', 'category', 'delivery', 'coupon'] as const;
export type StoreReportGroup = (typeof STORE_REPORT_GROUPS)[number];

export const StoreReportQuerySchema = RangeSchema.superRefine(checkRange);
export type StoreReportQuery = z.output<typeof StoreReportQuerySchema>;
export const StoreReportExportQuerySchema = RangeSchema.extend({ group: z.enum(STORE_REPORT_GROUPS).default('day') }).superRefine(checkRange);
export type StoreReportExportQuery = z.output<typeof StoreReportExportQuerySchema>;

export const storeReportEndpoints = {
  get: defineEndpoint({
    id: 'store-report.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-orders/sales-report',
    summary: "The online store's paid orders over a range of days: totals, by day, product, category, delivery and coupon",
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: StoreReportQuerySchema,
    response: OrderReportSchema,
  }),
  export: defineEndpoint({
    id: 'store-report.export',
    method: 'GET',
    path: '/v1/business/:business_id/store-orders/sales-report/export',
    summary: "One breakdown of the online store's sales report as a CSV download (text/csv)",
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: StoreReportExportQuerySchema,
    response: csvAnswer(),
  }),
};
