import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { ADJUSTMENT_REASONS, MAX_ADJUSTMENT_LINES, STOCK_REASONS } from './statuses';

/**
 * Stock per variant and location (docs/catalogue.md): a level (on hand, low-stock threshold) kept by its movements.
 * People adjust it (received, damaged, recount); sales and returns change it through the catalogue's service.
 */

export const StockReasonSchema = z.enum(STOCK_REASONS);
export const AdjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS);

/** Stock counts are whole units, at most a billion. */
const QuantitySchema = z.number('Enter a whole number').int('Enter a whole number').max(1_000_000_000, 'Use at most 1,000,000,000');

export const AdjustmentLineSchema = z
  .object({
    variant_id: z.uuid('Choose a product variant from the list'),
    location_id: z.uuid('Choose a location from the list'),
    reason: AdjustmentReasonSchema,
    /** Units received or damaged (above zero), or the level counted (zero or more) for a recount. */
    quantity: QuantitySchema,
    note: text()
      .trim()
      .max(200, 'Use at most 200 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((line, ctx) => {
    if (line.reason === 'recount' && line.quantity < 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'A count is zero or more' });
    if (line.reason !== 'recount' && line.quantity < 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Enter at least 1' });
  });
export type AdjustmentLine = z.input<typeof AdjustmentLineSchema>;

const linesOf = <T extends z.ZodType>(line: T) =>
  z
    .array(line)
    .min(1, 'Add at least one line')
    .max(MAX_ADJUSTMENT_LINES, `Use at most ${MAX_ADJUSTMENT_LINES} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Map<string, number>();
      (lines as { variant_id?: unknown; location_id?: unknown }[]).forEach((l, i) => {
        const key = `${String(l.variant_id)}/${String(l.location_id)}`;
        const first = seen.get(key);
        if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'variant_id'], message: `Line ${first + 1} is for this variant at this location` });
        else seen.set(key, i);
      });
    });

/** One or many lines, applied all together or not at all; each variant and location once. */
export const AdjustStockBodySchema = z.object({ lines: linesOf(AdjustmentLineSchema) });
export type AdjustStockBody = z.input<typeof AdjustStockBodySchema>;
export type AdjustStockFields = z.output<typeof AdjustStockBodySchema>;

export const ThresholdLineSchema = z.object({
  variant_id: z.uuid('Choose a product variant from the list'),
  location_id: z.uuid('Choose a location from the list'),
  /** At or below it the level is low (a mark in the list, a mail to the owners); null for no threshold. */
  low_stock_threshold: z.number('Enter a whole number').int('Enter a whole number').min(0, 'Enter zero or more').max(1_000_000_000).nullable(),
});
export const SetThresholdsBodySchema = z.object({ lines: linesOf(ThresholdLineSchema) });
export type SetThresholdsBody = z.input<typeof SetThresholdsBodySchema>;

/** A variant's stock at one location, as the product answer and the stock endpoints give it. */
export const StockLevelSchema = z.object({
  variant_id: z.uuid(),
  location_id: z.uuid(),
  on_hand: z.number().int(),
  low_stock_threshold: z.number().int().nullable(),
  /** At or below its threshold. */
  low: z.boolean(),
});
export type StockLevel = z.infer<typeof StockLevelSchema>;

export const StockLevelsSchema = z.object({ levels: z.array(StockLevelSchema) });

export const stockEndpoints = {
  adjust: defineEndpoint({
    id: 'stock.adjust',
    method: 'POST',
    path: '/v1/business/:business_id/stock/adjustments',
    summary:
      'Adjust stock: received and damaged units, or a recount that sets the level; all lines or none, never below zero unless the product allows backorders',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: AdjustStockBodySchema,
    response: StockLevelsSchema,
    errors: ['STOCK_INSUFFICIENT', 'LOCATION_NOT_ALLOWED'],
  }),
  setThresholds: defineEndpoint({
    id: 'stock.setThresholds',
    method: 'PUT',
    path: '/v1/business/:business_id/stock/thresholds',
    summary: 'Set the low-stock thresholds of variants at locations (null for none)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: SetThresholdsBodySchema,
    response: StockLevelsSchema,
  }),
} as const;
