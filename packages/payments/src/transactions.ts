import { z } from 'zod';
import {
  csvAnswer,
  CalendarDateSchema,
  SignedMoneySchema,
  TimeZoneSchema,
  CursorQuerySchema,
  defineEndpoint,
  MAX_MINOR_AMOUNT,
  MoneySchema,
  pageOf,
  text,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PaymentEventSchema, RefundInputSchema, RefundSchema } from './charges';
import { PaymentMethodSchema, PaymentSchema, PaymentSourceSchema, PaymentStatusSchema } from './payment';

/**
 * Transactions (docs/payments.md, "transactions"): the business's payments, filtered, searched, sorted,
 * exported as CSV, one by one with their timeline, and refunded.
 */

export const TRANSACTION_SORTS = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
export const TRANSACTION_SORT_LABELS: Record<TransactionSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_desc: 'Amount: high to low',
  amount_asc: 'Amount: low to high',
};

/** An amount in minor units as a query string carries it. */
const QueryAmountSchema = z.coerce
  .number('Enter an amount')
  .int('Use whole minor units')
  .min(0, 'The amount cannot be negative')
  .max(MAX_MINOR_AMOUNT, 'The amount is too large');

/**
 * The list's filters: the screen keeps them in its URL, the CSV export takes the same. Dates are calendar
 * days (both ends included) in the business's time zone (`tz`, an IANA name, chooses another for an API
 * caller; the screens never send it). Amounts are minor units of the payment's currency, both ends included.
 */
export const TransactionFiltersSchema = z
  .object({
    /** Without one, payments started and never paid (`INCOMPLETE_STATUSES`: incomplete, expired) are left out. */
    status: PaymentStatusSchema.optional(),
    method: PaymentMethodSchema.optional(),
    source: PaymentSourceSchema.optional(),
    /** Payments of a plugin integration's payment requests (docs/developers.md, "Plugin integrations"). */
    integration_id: z.uuid('Choose an integration').optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    tz: TimeZoneSchema.optional(),
    min_amount: QueryAmountSchema.optional(),
    max_amount: QueryAmountSchema.optional(),
    /** Part of a reference, a customer's name or email, or a card's last 4 digits. */
    q: text().trim().max(100, 'Use at most 100 characters').optional(),
    sort: z.enum(TRANSACTION_SORTS).default('newest'),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
    if (f.min_amount !== undefined && f.max_amount !== undefined && f.min_amount > f.max_amount) {
      ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'The highest amount must not be below the lowest' });
    }
  });
export type TransactionFilters = z.infer<typeof TransactionFiltersSchema>;
export type TransactionFiltersInput = z.input<typeof TransactionFiltersSchema>;

export const ListTransactionsQuerySchema = TransactionFiltersSchema.safeExtend(CursorQuerySchema.shape);

export const TransactionParamsSchema = BusinessParamsSchema.extend({ payment_id: z.uuid() });

/** One payment with its timeline (oldest first), its refunds, what is left to refund, its net and its receipt. */
export const TransactionDetailSchema = z.object({
  payment: PaymentSchema,
  events: z.array(PaymentEventSchema),
  refunds: z.array(RefundSchema),
  refundable: MoneySchema,
  /**
   * What the payment has left the business so far, read from the ledger: its entries on the pending and available
   * balances (the amount, less the fee, less every refund). Below zero once all is refunded (the fee stays charged).
   */
  net: SignedMoneySchema,
  /** The customer's receipt page on the checkout host (a paid payment's), else null. */
  receipt_url: z.string().nullable(),
});
export type TransactionDetail = z.infer<typeof TransactionDetailSchema>;

export const RefundResultSchema = z.object({ payment: PaymentSchema, refund: RefundSchema });
export type RefundResult = z.infer<typeof RefundResultSchema>;

/** The columns of the transactions CSV, in order (amounts in major units of the currency). */
export const TRANSACTION_CSV_HEADER = [
  'Payment ID',
  'Created (UTC)',
  'Status',
  'Amount',
  'Fee',
  'Net',
  'Refunded',
  'Currency',
  'Method',
  'Card or bank account',
  'Customer',
  'Customer email',
  'Source',
  'Reference',
  'Integration',
] as const;

export const transactionEndpoints = {
  list: defineEndpoint({
    id: 'transactions.list',
    method: 'GET',
    path: '/v1/business/:business_id/transactions',
    summary:
      'Payments, filtered by status, method, source, dates and amount, searched and sorted (cursor pages); without a status filter, payments started and never paid (incomplete, expired) are left out',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListTransactionsQuerySchema,
    response: pageOf(PaymentSchema),
  }),
  export: defineEndpoint({
    id: 'transactions.export',
    method: 'GET',
    path: '/v1/business/:business_id/transactions/export',
    summary: 'The filtered payments as a CSV download (text/csv, in the list’s order, streamed: every matching row)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: TransactionFiltersSchema,
    response: csvAnswer(),
  }),
  get: defineEndpoint({
    id: 'transactions.get',
    method: 'GET',
    path: '/v1/business/:business_id/transactions/:payment_id',
    summary: 'One payment with its timeline and refunds',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: TransactionParamsSchema,
    response: TransactionDetailSchema,
    errors: ['PAYMENT_NOT_FOUND'],
  }),
  refund: defineEndpoint({
    id: 'transactions.refund',
    method: 'POST',
    path: '/v1/business/:business_id/transactions/:payment_id/refunds',
    summary: 'Refund all or part of a succeeded payment, never more than what is left (send an Idempotency-Key)',
    access: { kind: 'business', permission: 'payments:refund', standing: 'active' },
    idempotent: true,
    params: TransactionParamsSchema,
    body: RefundInputSchema,
    response: RefundResultSchema,
    status: 201,
    errors: ['PAYMENT_NOT_FOUND', 'REFUND_NOT_ALLOWED', 'REFUND_EXCEEDS_REMAINING', 'PAYMENT_PROCESSOR_UNAVAILABLE'],
  }),
} as const;
