import { z } from 'zod';
import { text } from '@merchant/core';

/**
 * HitPay's charges, refunds and balances in the public API (docs/developers.md, "Public API: charges, refunds,
 * balances"): HitPay's paths, query and body names, and answers.
 */
export const PUBLIC_CHARGES_PATHS = {
  charges: '/v1/charges',
  chargesExport: '/v1/charges/export',
  charge: '/v1/charges/:charge_id',
  chargeReceiptPrint: '/v1/charges/:charge_id/receipt/print',
  refunds: '/v1/refund',
  refund: '/v1/refund/:refund_id',
  balances: '/v1/balances',
  balanceTransactions: '/v1/balances/:balance_provider/transactions',
  balanceTransactionsExport: '/v1/balances/:balance_provider/transactions/export',
} as const;

/** HitPay's charge statuses (its `statuses` filter's values). */
export const HITPAY_CHARGE_STATUSES = [
  'success',
  'succeeded',
  'succeeded_manually',
  'pending',
  'failed',
  'refunded',
  'cancelled',
  'partially_refunded',
  'void',
] as const;
export type HitpayChargeStatus = (typeof HITPAY_CHARGE_STATUSES)[number];

/**
 * A query as Laravel reads it: `a[]=x`, `a[0]=x` and a repeated `a=x` are the list `a` (HitPay's clients send any of
 * them); a single value of a list parameter is a list of one.
 */
export function laravelQuery(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const list = /^(.+)\[\d*\]$/.exec(name);
    if (!list) {
      out[name] = value;
      continue;
    }
    const current = out[list[1]!];
    const values = Array.isArray(value) ? value : [value];
    out[list[1]!] = [...(Array.isArray(current) ? current : current === undefined ? [] : [current]), ...values];
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(20, 'The field may not have more than 20 items.'));

/** A calendar day as HitPay's filters take it (`2024-10-05`), with Laravel's message. */
const day = (field: string) =>
  z.string().superRefine((v, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) ctx.addIssue({ code: 'custom', message: `The ${field} does not match the format Y-m-d.` });
    else if (Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || !new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)) {
      ctx.addIssue({ code: 'custom', message: `The ${field} is not a valid date.` });
    }
  });

const majorAmount = (field: string) => z.coerce.number(`The ${field} must be a number.`).min(0, `The ${field} must be at least 0.`).max(1e12);
const perPage = (fallback: number) =>
  z.coerce.number('The per page must be an integer.').int('The per page must be an integer.').min(1).max(100).default(fallback);

export const PublicChargesQuerySchema = z.preprocess(
  laravelQuery,
  z.object({
    per_page: perPage(25),
    cursor: z.string().max(300).optional(),
    /** Part of a reference, a customer's name or email, or a card's last 4 (the Transactions screen's search). */
    keywords: z.string().trim().max(100, 'The keywords may not be greater than 100 characters.').optional(),
    status: z.enum(['succeeded', 'failed', 'refunded'], 'The selected status is invalid.').optional(),
    statuses: list(z.enum(HITPAY_CHARGE_STATUSES, 'The selected statuses is invalid.')).optional(),
    date_from: day('date from').optional(),
    date_to: day('date to').optional(),
    amount_from: majorAmount('amount from').optional(),
    amount_to: majorAmount('amount to').optional(),
    payment_request_id: z.uuid('The payment request id must be a valid UUID.').optional(),
    customer_id: z.uuid('The customer id must be a valid UUID.').optional(),
    location_ids: list(z.string().max(100)).optional(),
    user_ids: list(z.string().max(100)).optional(),
    payout_id: z.string().max(100).optional(),
  }),
);
export type PublicChargesQuery = z.output<typeof PublicChargesQuerySchema>;

/** HitPay's export's query (its own names: `dateFrom`, `statuses[]`, `payment_method`). */
export const PublicChargesExportQuerySchema = z.preprocess(
  laravelQuery,
  z.object({
    perPage: z.coerce.number().int().min(1).max(1000).optional(),
    version: z.string().max(20).optional(),
    keywords: z.string().trim().max(100, 'The keywords may not be greater than 100 characters.').optional(),
    before: z.string().max(100).optional(),
    after: z.string().max(100).optional(),
    payment_method: z.string().trim().max(50).optional(),
    statuses: list(z.string().max(50)).optional(),
    dateFrom: day('date from').optional(),
    dateTo: day('date to').optional(),
    with: z.string().max(100).optional(),
  }),
);
export type PublicChargesExportQuery = z.output<typeof PublicChargesExportQuerySchema>;

/** HitPay's refund body: `amount` in major units of the payment's currency. */
export const PublicRefundBodySchema = z.object({
  /** Kept as text until the payment's currency is known. */
  amount: z
    .union([z.number(), z.string()], 'The amount field is required.')
    .transform((v) => String(v).trim())
    .refine((v) => /^\d+(\.\d+)?$/.test(v), 'The amount must be a number.')
    .refine((v) => Number(v) > 0, 'The amount must be greater than 0.'),
  payment_id: z.string('The payment id field is required.').regex(UUID, 'The payment id must be a valid UUID.'),
  /** Accepted and not used: refund events go to the business's webhook endpoints (`charge.updated`). */
  webhook: text().trim().max(1028).optional(),
  /** Accepted and not used: the customer's refund mail follows the business's settings, as the dashboard's refunds. */
  send_email: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional(),
  email: text().trim().max(254).optional(),
});
export type PublicRefundBody = z.output<typeof PublicRefundBodySchema>;

export const PublicReceiptPrintBodySchema = z.object({ terminal_id: text().trim().min(1, 'The terminal id field is required.').max(100) });

/** HitPay's balance transactions' query (days in the business's time zone). */
export const PublicBalanceTransactionsQuerySchema = z
  .object({
    created_at_from: day('created at from').optional(),
    created_at_to: day('created at to').optional(),
    cursor: z.string().max(300).optional(),
    per_page: perPage(10),
  })
  .superRefine((q, ctx) => {
    if (q.created_at_from && q.created_at_to && q.created_at_to < q.created_at_from) {
      ctx.addIssue({ code: 'custom', path: ['created_at_to'], message: 'The created at to must be a date after or equal to created at from.' });
    }
  });
export type PublicBalanceTransactionsQuery = z.output<typeof PublicBalanceTransactionsQuerySchema>;

export const PublicBalanceExportQuerySchema = z
  .object({ created_at_from: day('created at from').optional(), created_at_to: day('created at to').optional() })
  .superRefine((q, ctx) => {
    if (q.created_at_from && q.created_at_to && q.created_at_to < q.created_at_from) {
      ctx.addIssue({ code: 'custom', path: ['created_at_to'], message: 'The created at to must be a date after or equal to created at from.' });
    }
  });

// ---------------------------------------------------------------- answers

/** A payment method's logos, as HitPay answers them on a charge and on a static QR. */
export const PublicMethodLogoSchema = z.object({
  sm: z.string(),
  md: z.string(),
  lg: z.string(),
  svg: z.string(),
  svg_square: z.string(),
  png_square: z.string(),
  method: z.string(),
  iconName: z.string(),
  displayName: z.string(),
});

export const PublicPaymentMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.string(),
  provider_reference: z.string(),
  display_logo: PublicMethodLogoSchema,
  method_logo: PublicMethodLogoSchema,
  data: z.object({ brand: z.string(), last4: z.string(), country_code: z.string(), country: z.string() }),
});

export const PublicRefundSchema = z.object({
  id: z.string(),
  refunded_by: z.string().optional(),
  payment_id: z.string(),
  amount_refunded: z.number(),
  total_amount: z.number(),
  currency: z.string(),
  status: z.string(),
  payment_method: z.string(),
  refunded_at: z.string(),
  created_at: z.string(),
});
export type PublicRefund = z.infer<typeof PublicRefundSchema>;

export const PublicChargeSchema = z.object({
  id: z.string(),
  currency: z.string(),
  home_currency: z.string(),
  exchange_rate: z.string().nullable(),
  amount: z.number(),
  amount_without_fees: z.number(),
  refunded_amount: z.number(),
  fixed_fee: z.number(),
  discount_fee: z.number(),
  discount_fee_rate: z.number(),
  remark: z.string(),
  status: z.string(),
  payment_method: PublicPaymentMethodSchema,
  customer_id: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone_number: z.string() }).nullable(),
  payment_request_id: z.string().nullable(),
  webhook_status: z.boolean(),
  order_reference_number: z.string(),
  target_id: z.string(),
  target_type: z.string(),
  executor: z.null(),
  location: z.null(),
  channel: z.string(),
  admin_fee: z.boolean(),
  terminal_id: z.null(),
  closed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicCharge = z.infer<typeof PublicChargeSchema>;

export const PublicChargeDetailSchema = PublicChargeSchema.extend({ refunds: z.array(PublicRefundSchema), webhook_logs: z.array(z.never()) });

export const PublicChargeListSchema = z.object({
  data: z.array(PublicChargeSchema),
  links: z.object({ first: z.null(), last: z.null(), prev: z.null(), next: z.string().nullable() }),
  meta: z.object({ path: z.string(), per_page: z.number(), next_cursor: z.string().nullable(), prev_cursor: z.null() }),
});

export const PublicBalancesSchema = z.array(
  z.object({ currency: z.string(), wallets: z.object({ available: z.number(), pending: z.number(), reserve: z.number(), deposit: z.number() }) }),
);

export const PublicBalanceTransactionSchema = z.object({
  datetime: z.string(),
  description: z.string(),
  charge_id: z.string().nullable(),
  order_id: z.null(),
  payout_id: z.string().nullable(),
  transfer_id: z.string(),
  /** Money out, below zero; left out on a line of money in (HitPay types it a number). */
  debit: z.number().optional(),
  credit: z.number().nullable(),
  currency: z.string(),
});

export const PublicBalanceTransactionsSchema = z.object({
  data: z.array(PublicBalanceTransactionSchema),
  meta: z.object({ per_page: z.string(), next_cursor: z.string().nullable(), prev_cursor: z.null() }),
});

export const PublicSuccessSchema = z.object({ success: z.boolean() });
