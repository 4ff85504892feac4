import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, CursorQuerySchema, csvAnswer, defineEndpoint, pageOf } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PRODUCT_LOG_KINDS } from './statuses';

/**
 * The product log: every change to a product's price, availability (status, channels) and name, by whom and when,
 * written in the change's transaction; and every stock movement of a variant at a location.
 */

export const ProductLogKindSchema = z.enum(PRODUCT_LOG_KINDS);

export const ProductLogEntrySchema = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  product_name: z.string(),
  /** The variant a price or stock change is about; null for the product's own fields. */
  variant_id: z.uuid().nullable(),
  /** The variant's option values ("Large / Oat"); null for the product's own fields, a product without options, or a variant since removed. */
  variant_name: z.string().nullable(),
  /** The location of a stock change; null otherwise. */
  location_id: z.uuid().nullable(),
  /** That location's name (null as location_id is). */
  location_name: z.string().nullable(),
  kind: ProductLogKindSchema,
  /** `name`, `status`, `channels`, `price`, `compare_at_price`, `cost`; for stock, the movement's reason (`received`, `sale`...). */
  field: z.string(),
  /** The value before and after, as text (minor units for money, units on hand for stock); null where there was none (a new product or variant). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  currency: CurrencyCodeSchema,
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ProductLogEntry = z.infer<typeof ProductLogEntrySchema>;

export const ProductLogFiltersSchema = z
  .object({
    product_id: z.uuid('Choose a product from the list').optional(),
    kind: ProductLogKindSchema.optional(),
    /** Calendar days of the business's time zone, both ends included. */
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  });
export type ProductLogFilters = z.input<typeof ProductLogFiltersSchema>;

/** The most rows one CSV export holds; `X-Export-Truncated: true` says more matched. */
export const PRODUCT_LOG_EXPORT_MAX_ROWS = 10_000;

export const productLogEndpoints = {
  list: defineEndpoint({
    id: 'productLog.list',
    method: 'GET',
    path: '/v1/business/:business_id/product-log',
    summary: 'Changes to products, newest first, by product, kind and day (cursor pages)',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ProductLogFiltersSchema.safeExtend(CursorQuerySchema.shape),
    response: pageOf(ProductLogEntrySchema),
  }),
  export: defineEndpoint({
    id: 'productLog.export',
    method: 'GET',
    path: '/v1/business/:business_id/product-log/export',
    summary: `The filtered product log as a CSV download (text/csv, newest first, money in major units, at most ${PRODUCT_LOG_EXPORT_MAX_ROWS} rows; X-Export-Truncated: true when more matched)`,
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ProductLogFiltersSchema,
    response: csvAnswer(),
  }),
} as const;
