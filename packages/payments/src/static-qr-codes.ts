import { z } from 'zod';
import { CurrencyCodeSchema, CursorQuerySchema, PositiveMinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { STATIC_QR_STATUSES } from './statuses';
import { PaymentSchema } from './payment';

/**
 * Static QR codes (docs/payments.md, "Payment links and static QR codes"): a printed code for a place, on
 * the checkout host's `q/` path; a fixed amount, or one the customer types. Archived, never deleted.
 */
export const StaticQrBodySchema = z.object({
  name: text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  /** Null: the customer types the amount after scanning. */
  amount: PositiveMinorAmountSchema.nullable(),
  /** Defaults to the business's currency. */
  currency: CurrencyCodeSchema.optional(),
  location_label: text()
    .trim()
    .max(120, 'Use at most 120 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type StaticQrBody = z.input<typeof StaticQrBodySchema>;

export const StaticQrStatusSchema = z.enum(STATIC_QR_STATUSES);
export const STATIC_QR_STATUS_LABELS: Record<(typeof STATIC_QR_STATUSES)[number], string> = { active: 'Active', archived: 'Archived' };

export const StaticQrSchema = z.object({
  id: z.uuid(),
  public_id: z.string(),
  /** What the code holds: its URL on the checkout host. */
  url: z.string(),
  name: z.string(),
  amount: z.number().int().nullable(),
  currency: CurrencyCodeSchema,
  location_label: z.string().nullable(),
  status: StaticQrStatusSchema,
  paid_count: z.number().int(),
  paid_total: z.number().int(),
  created_at: z.string(),
});
export type StaticQr = z.infer<typeof StaticQrSchema>;

export const StaticQrDetailSchema = StaticQrSchema.extend({
  /** The code as an SVG document and as a PNG data URL (downloads and the print view). */
  qr_svg: z.string(),
  qr_png: z.string(),
});
export type StaticQrDetail = z.infer<typeof StaticQrDetailSchema>;

export const ListStaticQrQuerySchema = CursorQuerySchema.extend({
  /** Matches the name or the location (case-insensitive). */
  search: text().trim().max(100).optional(),
  status: StaticQrStatusSchema.optional(),
});
export type ListStaticQrQuery = z.input<typeof ListStaticQrQuerySchema>;

const QrParamsSchema = z.object({ business_id: z.uuid(), id: z.uuid() });
const BusinessOnlyParamsSchema = z.object({ business_id: z.uuid() });

export const staticQrEndpoints = {
  list: defineEndpoint({
    id: 'staticQr.list',
    method: 'GET',
    path: '/v1/business/:business_id/static-qr-codes',
    summary: 'Static QR codes, newest first, searched by name or location and filtered by status (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessOnlyParamsSchema,
    query: ListStaticQrQuerySchema,
    response: pageOf(StaticQrSchema),
  }),
  get: defineEndpoint({
    id: 'staticQr.get',
    method: 'GET',
    path: '/v1/business/:business_id/static-qr-codes/:id',
    summary: 'One static QR code with its code as SVG and PNG',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: QrParamsSchema,
    response: StaticQrDetailSchema,
    errors: ['STATIC_QR_NOT_FOUND'],
  }),
  payments: defineEndpoint({
    id: 'staticQr.payments',
    method: 'GET',
    path: '/v1/business/:business_id/static-qr-codes/:id/payments',
    summary: 'Payments made through a static QR code, newest first (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: QrParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(PaymentSchema),
    errors: ['STATIC_QR_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'staticQr.create',
    method: 'POST',
    path: '/v1/business/:business_id/static-qr-codes',
    summary: 'Create a static QR code',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessOnlyParamsSchema,
    body: StaticQrBodySchema,
    response: StaticQrSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'staticQr.update',
    method: 'PUT',
    path: '/v1/business/:business_id/static-qr-codes/:id',
    summary: 'Edit a static QR code; its printed URL stays. An archived code cannot be edited',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: QrParamsSchema,
    body: StaticQrBodySchema,
    response: StaticQrSchema,
    errors: ['STATIC_QR_NOT_FOUND', 'STATIC_QR_ARCHIVED'],
  }),
  archive: defineEndpoint({
    id: 'staticQr.archive',
    method: 'POST',
    path: '/v1/business/:business_id/static-qr-codes/:id/archive',
    summary: 'Archive a static QR code: scanning it no longer takes payments',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: QrParamsSchema,
    response: StaticQrSchema,
    errors: ['STATIC_QR_NOT_FOUND', 'STATIC_QR_ARCHIVED'],
  }),
} as const;
