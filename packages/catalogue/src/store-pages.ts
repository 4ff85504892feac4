import { z } from 'zod';
import { CurrencyCodeSchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { StoreReportQuerySchema } from './order-reports';
import { STORE_ORDER_STATUSES } from './store-orders';

/**
 * The online store's content pages (docs/online-store.md, "Pages"): a title, a slug unique in the store (its address
 * `/pages/<slug>` on the storefront), a body of plain text with a small markdown subset (paragraphs, `##` headings,
 * `-` lists, `**bold**`, `*italic*`, `[links](https://...)`), rendered and escaped by the server, and published or a
 * draft. No HTML from the merchant is ever served as markup.
 */

export const STORE_PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const STORE_PAGE_BODY_MAX = 50_000;

/** A slug from a title: lower case ASCII letters and digits joined by single dashes (empty when nothing is left). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export const StorePageBodySchema = z.object({
  title: text().trim().min(1, 'Enter a title').max(120, 'Use at most 120 characters'),
  slug: text()
    .trim()
    .toLowerCase()
    .min(1, 'Enter the address of the page')
    .max(80, 'Use at most 80 characters')
    .regex(STORE_PAGE_SLUG, 'Use lower-case letters, digits and single dashes between them'),
  body: text().max(STORE_PAGE_BODY_MAX, 'Use at most 50,000 characters').default(''),
  published: z.boolean().default(false),
});
export type StorePageBody = z.input<typeof StorePageBodySchema>;
export type StorePageFields = z.output<typeof StorePageBodySchema>;

export const StorePageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  published: z.boolean(),
  /** Where the page is (or will be, once published) on the storefront. */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorePage = z.infer<typeof StorePageSchema>;

export const StorePageFiltersSchema = z.object({
  /** Part of the title or the slug. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
});
export type StorePageFilters = z.input<typeof StorePageFiltersSchema>;
export const StorePageParamsSchema = BusinessParamsSchema.extend({ page_id: z.uuid() });

const access = { kind: 'business', permission: 'store-pages:manage', standing: 'merchant' } as const;

export const storePageEndpoints = {
  list: defineEndpoint({
    id: 'store-pages.list',
    method: 'GET',
    path: '/v1/business/:business_id/store-pages',
    summary: "The store's pages by title, searched by part of the title or slug (at most 500)",
    access,
    params: BusinessParamsSchema,
    query: StorePageFiltersSchema,
    response: z.object({ data: z.array(StorePageSchema) }),
  }),
  get: defineEndpoint({
    id: 'store-pages.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-pages/:page_id',
    summary: 'One page of the store',
    access,
    params: StorePageParamsSchema,
    response: StorePageSchema,
    errors: ['STORE_PAGE_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'store-pages.create',
    method: 'POST',
    path: '/v1/business/:business_id/store-pages',
    summary: 'Add a page (its slug unique in the store)',
    access,
    params: BusinessParamsSchema,
    body: StorePageBodySchema,
    response: StorePageSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'store-pages.update',
    method: 'PUT',
    path: '/v1/business/:business_id/store-pages/:page_id',
    summary: 'Change a page, publish it or make it a draft',
    access,
    params: StorePageParamsSchema,
    body: StorePageBodySchema,
    response: StorePageSchema,
    errors: ['STORE_PAGE_NOT_FOUND'],
  }),
  remove: defineEndpoint({
    id: 'store-pages.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/store-pages/:page_id',
    summary: 'Delete a page: the storefront stops serving it',
    access,
    params: StorePageParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['STORE_PAGE_NOT_FOUND'],
  }),
} as const;

/** The store's overview (shop insight) for a range of the business's days, without the comparison and the days. */
const StoreInsightFiguresSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  currency: CurrencyCodeSchema,
  /** Paid orders placed in the range. */
  orders: z.number().int(),
  /** Their subtotals (minor units), before discounts, shipping and taxes. */
  gross_sales: z.number().int(),
  /** Their totals (minor units), what customers paid. */
  total_sales: z.number().int(),
  /** Total sales divided by orders, rounded (null: no orders). */
  average_order: z.number().int().nullable(),
  /** Storefront page views in the range (each HTML page served counts one). */
  visits: z.number().int(),
  /** Orders per visit in basis points (null: no visits). */
  conversion_bp: z.number().int().nullable(),
  top_products: z.array(z.object({ product_id: z.string().nullable(), name: z.string(), units: z.number().int(), total: z.number().int() })),
  /** Every order placed in the range by its status, paid or not. */
  by_status: z.array(z.object({ status: z.enum(STORE_ORDER_STATUSES), orders: z.number().int() })),
  /** Carts abandoned (docs/online-store.md, "Abandoned carts": the list's definition) whose last activity is in the range. */
  abandoned_carts: z.number().int(),
  /** Of those, the ones recovered: the recovery link opened, then paid. */
  recovered_carts: z.number().int(),
  /** Whether the store has ever had an order or a visit (false: a new store). */
  has_activity: z.boolean(),
});

/** The previous period's headline figures, as the chosen range's (same meanings). */
export const StoreInsightPeriodSchema = StoreInsightFiguresSchema.pick({
  orders: true,
  gross_sales: true,
  total_sales: true,
  average_order: true,
  visits: true,
  conversion_bp: true,
  abandoned_carts: true,
}).extend({
  /** The days just before the chosen range, as many as it has (both included). */
  range: z.object({ from: z.string(), to: z.string() }),
});
export type StoreInsightPeriod = z.infer<typeof StoreInsightPeriodSchema>;

/** The store's overview (shop insight) for a range of the business's days. */
export const StoreInsightSchema = StoreInsightFiguresSchema.extend({
  /** The same headline figures for the previous period of equal length, to compare against. */
  previous: StoreInsightPeriodSchema,
  /** Every day of the range in order, days with nothing as zeros: paid orders, their totals (minor units), page views. */
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), total_sales: z.number().int(), visits: z.number().int() })),
});
export type StoreInsight = z.infer<typeof StoreInsightSchema>;

export const storeInsightEndpoints = {
  get: defineEndpoint({
    id: 'store-insight.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-insight',
    summary:
      "The store's overview for a range of days: orders, sales, average order, visits, conversion, top products, orders by status, the previous period's figures and a daily series",
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: StoreReportQuerySchema,
    response: StoreInsightSchema,
  }),
} as const;
