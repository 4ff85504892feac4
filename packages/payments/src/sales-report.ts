import { z } from 'zod';
import { csvAnswer, CurrencyCodeSchema, defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { DateRangeSchema } from './overview';
import { PaymentMethodSchema, PaymentSourceSchema } from './payment';
import { TransactionFiltersSchema } from './transactions';

/**
 * The sales report (docs/payments.md, "sales-report"): a date range's money in and out, by day, by method
 * and by source, one block per currency (the business currency first, never summed across currencies).
 * Days are calendar days in the time zone `tz`. A payment counts on the day it was created; a refund on the
 * day it was made (the money went out then), against the method and source of the payment it returns.
 */

/** Ranges the screen offers in one click: the last n days up to today. */
export const SALES_REPORT_PRESETS = [7, 30, 90] as const;

export const SALES_REPORT_GROUPS = ['day', 'method', 'source'] as const;
export type SalesReportGroup = (typeof SALES_REPORT_GROUPS)[number];
export const SALES_REPORT_GROUP_LABELS: Record<SalesReportGroup, string> = { day: 'Day', method: 'Method', source: 'Source' };

export const SalesReportQuerySchema = DateRangeSchema.safeExtend({
  /** An IANA time zone where the report's days start and end: the business's without one (the screen sends none). */
  tz: TransactionFiltersSchema.shape.tz,
  /** Only this currency's block (all of them without it). */
  currency: CurrencyCodeSchema.optional(),
});
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;
export type SalesReportQueryInput = z.input<typeof SalesReportQuerySchema>;

/** The export's query: the report's, and which grouping the file holds (one table per file). */
export const SalesReportExportQuerySchema = SalesReportQuerySchema.safeExtend({ group: z.enum(SALES_REPORT_GROUPS).default('day') });
export type SalesReportExportQueryInput = z.input<typeof SalesReportExportQuerySchema>;

/** Money in and out of one row, in minor units of its currency. */
export const SalesFiguresSchema = z.object({
  /** Sum of the captured payments' amounts (succeeded, partially refunded or refunded). */
  gross: z.number().int(),
  /** Sum of the refunds made (on the day they were made). */
  refunds: z.number().int(),
  /** Processing fees of the captured payments (a refund does not return them). */
  fees: z.number().int(),
  /** gross - refunds - fees: what the business keeps; negative when refunds outweigh the day's sales. */
  net: z.number().int(),
  /** Captured payments. */
  count: z.number().int(),
  /** Refunds made. */
  refund_count: z.number().int(),
});
export type SalesFigures = z.infer<typeof SalesFiguresSchema>;

export const SalesByDaySchema = SalesFiguresSchema.extend({ date: z.string() });
export const SalesByMethodSchema = SalesFiguresSchema.extend({ method: PaymentMethodSchema.nullable() });
export const SalesBySourceSchema = SalesFiguresSchema.extend({ source: PaymentSourceSchema });

export const SalesReportCurrencySchema = z.object({
  currency: CurrencyCodeSchema,
  /** The sum of its rows (of `by_day`, and equally of `by_method` and of `by_source`). */
  totals: SalesFiguresSchema,
  /** Every day of the range, in order, zero days included. */
  by_day: z.array(SalesByDaySchema),
  /** Largest gross first. */
  by_method: z.array(SalesByMethodSchema),
  by_source: z.array(SalesBySourceSchema),
});
export type SalesReportCurrency = z.infer<typeof SalesReportCurrencySchema>;

export const SalesReportSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string(), days: z.number().int() }),
  currencies: z.array(SalesReportCurrencySchema),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

/** The CSV's columns after the grouping's own column(s). */
export const SALES_REPORT_CSV_FIGURES = ['Currency', 'Gross', 'Refunds', 'Fees', 'Net', 'Payments', 'Refunds made'] as const;

export const salesReportEndpoints = {
  get: defineEndpoint({
    id: 'sales-report.get',
    method: 'GET',
    path: '/v1/business/:business_id/payments/sales-report',
    summary: "A date range's gross, refunds, fees and net per currency: totals, every day, by method and by source",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: SalesReportQuerySchema,
    response: SalesReportSchema,
  }),
  export: defineEndpoint({
    id: 'sales-report.export',
    method: 'GET',
    path: '/v1/business/:business_id/payments/sales-report/export',
    summary: 'The sales report as a CSV download (text/csv): one table per file, by day (default), method or source',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: SalesReportExportQuerySchema,
    response: csvAnswer(),
  }),
};
