import { z } from 'zod';
import {
  csvAnswer,
  CalendarDateSchema,
  CurrencyCodeSchema,
  CursorQuerySchema,
  defineEndpoint,
  MoneySchema,
  pageOf,
  PositiveMinorAmountSchema,
  text,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Quotes, transfers and their approvals (docs/payments.md, "send money"). A transfer sends an amount of a
 * balance's currency to a beneficiary, in that currency or through a quote into the beneficiary's currency;
 * the fee is paid on top. Above the business's approval threshold a transfer waits for a second person with
 * `transfers:manage` (never its requester) to approve it; its funds are held meanwhile.
 */

export const TRANSFER_STATUSES = ['awaiting_review', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  awaiting_review: 'Awaiting review',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const TRANSFER_EVENT_TYPES = ['created', 'awaiting_review', 'approved', 'rejected', 'cancelled', 'processing', 'completed', 'failed'] as const;
export type TransferEventType = (typeof TRANSFER_EVENT_TYPES)[number];

/** A quote asks for the amount to send or the amount to receive: exactly one. */
export const QuoteBodySchema = z
  .object({
    source_currency: CurrencyCodeSchema,
    target_currency: CurrencyCodeSchema,
    send_amount: PositiveMinorAmountSchema.optional(),
    receive_amount: PositiveMinorAmountSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.send_amount === undefined) === (q.receive_amount === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['send_amount'], message: 'Enter the amount to send or the amount to receive' });
    }
  });
export type QuoteBody = z.input<typeof QuoteBodySchema>;

/**
 * A transfer's rate as people read it: "1 SGD = 0.74 USD"; null when it sends and receives one currency, where a
 * rate of 1 says nothing (issue 25), so screens leave the line out.
 */
export function exchangeRateLabel(transfer: { send: { currency: string }; receive: { currency: string }; rate: string }): string | null {
  const [from, to] = [transfer.send.currency, transfer.receive.currency];
  if (from === to) return null;
  return `1 ${from.toUpperCase()} = ${transfer.rate} ${to.toUpperCase()}`;
}

export const QuoteSchema = z.object({
  id: z.uuid(),
  /** What leaves the balance for the beneficiary (the fee comes on top). */
  send: MoneySchema,
  receive: MoneySchema,
  fee: MoneySchema,
  /** Amount plus fee: what the balance must hold. */
  total: MoneySchema,
  /** Target units per source unit, as a decimal string (`"1.35"`). */
  rate: z.string(),
  /**
   * Whether a transfer of this quote will wait for a second person's approval: its amount, in the business currency,
   * is above the business's approval threshold (the same rule the transfer applies, for every sender).
   */
  needs_approval: z.boolean(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/**
 * A transfer from a quote (`quote_id`) or, in the beneficiary's own currency, directly (`amount`, minor units of
 * the beneficiary's currency): exactly one.
 */
export const CreateTransferBodySchema = z
  .object({
    beneficiary_id: z.uuid('Choose a beneficiary'),
    quote_id: z.uuid().optional(),
    amount: PositiveMinorAmountSchema.optional(),
    reference: text()
      .trim()
      .max(140, 'Use at most 140 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((b, ctx) => {
    if ((b.quote_id === undefined) === (b.amount === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount, or use a quote' });
    }
  });
export type CreateTransferBody = z.input<typeof CreateTransferBodySchema>;

const Person = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const TransferSchema = z.object({
  id: z.uuid(),
  status: z.enum(TRANSFER_STATUSES),
  beneficiary: z.object({ id: z.uuid(), holder_name: z.string(), bank_name: z.string(), account_last4: z.string(), currency: CurrencyCodeSchema }),
  send: MoneySchema,
  fee: MoneySchema,
  total: MoneySchema,
  receive: MoneySchema,
  rate: z.string(),
  reference: z.string().nullable(),
  /** Whether it needed a second person's approval (it was above the threshold). */
  needs_approval: z.boolean(),
  requested_by: Person,
  reviewed_by: Person,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof TransferSchema>;

export const TransferEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(TRANSFER_EVENT_TYPES),
  message: z.string(),
  actor: z.string().nullable(),
  created_at: z.string(),
});
export type TransferEvent = z.infer<typeof TransferEventSchema>;

export const TransferDetailSchema = z.object({ transfer: TransferSchema, events: z.array(TransferEventSchema) });
export type TransferDetail = z.infer<typeof TransferDetailSchema>;

/** The history's filters (kept in the screen's URL; the CSV takes the same). Dates are UTC calendar days, both included. */
export const TransferFiltersSchema = z
  .object({
    status: z.enum(TRANSFER_STATUSES).optional(),
    beneficiary_id: z.uuid().optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    /** Minor units of the amount sent, both included. */
    min_amount: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
    max_amount: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
    if (f.min_amount !== undefined && f.max_amount !== undefined && f.min_amount > f.max_amount) {
      ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'The highest amount must not be below the lowest' });
    }
  });
export type TransferFilters = z.infer<typeof TransferFiltersSchema>;
export const ListTransfersQuerySchema = TransferFiltersSchema.safeExtend(CursorQuerySchema.shape);
export type ListTransfersQuery = z.input<typeof ListTransfersQuerySchema>;

export const TransferParamsSchema = BusinessParamsSchema.extend({ transfer_id: z.uuid() });

/** The CSV of the history, in order (amounts in major units, times in UTC). */
export const TRANSFER_CSV_HEADER = [
  'Created (UTC)',
  'Status',
  'Beneficiary',
  'Account',
  'Amount sent',
  'Fee',
  'Currency sent',
  'Amount received',
  'Currency received',
  'Rate',
  'Reference',
  'Requested by',
  'Reviewed by',
  'Transfer ID',
] as const;

/**
 * The approval rule: transfers whose amount sent, converted into the business currency by the test-mode rate
 * table, is above `approval_threshold` (minor units of the business currency) wait for a second person; null
 * means no transfer waits.
 */
export const TransferSettingsSchema = z.object({ approval_threshold: MoneySchema.nullable() });
export type TransferSettings = z.infer<typeof TransferSettingsSchema>;
export const TransferSettingsBodySchema = z.object({ approval_threshold: PositiveMinorAmountSchema.nullable() });
export type TransferSettingsBody = z.input<typeof TransferSettingsBodySchema>;

/** What the Send Payments overview shows in one round trip. */
export const SendMoneyOverviewSchema = z.object({
  /** What can be sent per currency: the available balance (the business currency first). */
  balances: z.array(z.object({ currency: CurrencyCodeSchema, available: z.object({ amount: z.number().int(), currency: CurrencyCodeSchema }) })),
  recent: z.array(TransferSchema),
  awaiting_review: z.array(TransferSchema),
  settings: TransferSettingsSchema,
});
export type SendMoneyOverview = z.infer<typeof SendMoneyOverviewSchema>;

const OFF = 'SEND_MONEY_NOT_ENABLED' as const;

export const transferEndpoints = {
  overview: defineEndpoint({
    id: 'transfers.overview',
    method: 'GET',
    path: '/v1/business/:business_id/send-money',
    summary: 'The Send Payments overview: available balances, recent transfers, transfers awaiting review, the approval rule',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: SendMoneyOverviewSchema,
    errors: [OFF],
  }),
  quote: defineEndpoint({
    id: 'transfers.quote',
    method: 'POST',
    path: '/v1/business/:business_id/transfer-quotes',
    summary:
      'Price a transfer: rate, fee, amount received and whether it will need approval; refused when the amount and fee exceed the available balance; the quote may be used for 5 minutes',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'verified' },
    params: BusinessParamsSchema,
    body: QuoteBodySchema,
    response: QuoteSchema,
    status: 201,
    errors: [OFF, 'TRANSFER_INSUFFICIENT_FUNDS'],
  }),
  create: defineEndpoint({
    id: 'transfers.create',
    method: 'POST',
    path: '/v1/business/:business_id/transfers',
    summary: 'Send money to a beneficiary from a quote or in its currency (never more than available; above the threshold it waits for approval)',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'verified' },
    params: BusinessParamsSchema,
    body: CreateTransferBodySchema,
    response: TransferSchema,
    status: 201,
    idempotent: true,
    errors: [OFF, 'BENEFICIARY_NOT_FOUND', 'BENEFICIARY_CLOSED', 'TRANSFER_QUOTE_NOT_FOUND', 'TRANSFER_QUOTE_EXPIRED', 'TRANSFER_INSUFFICIENT_FUNDS'],
  }),
  list: defineEndpoint({
    id: 'transfers.list',
    method: 'GET',
    path: '/v1/business/:business_id/transfers',
    summary: 'Transfer history, newest first, filtered by status, dates, beneficiary and amount (cursor pages)',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListTransfersQuerySchema,
    response: pageOf(TransferSchema),
    errors: [OFF],
  }),
  export: defineEndpoint({
    id: 'transfers.export',
    method: 'GET',
    path: '/v1/business/:business_id/transfers/export',
    summary: 'The filtered transfer history as a CSV download (text/csv, newest first, streamed)',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: TransferFiltersSchema,
    response: csvAnswer(),
    errors: [OFF],
  }),
  get: defineEndpoint({
    id: 'transfers.get',
    method: 'GET',
    path: '/v1/business/:business_id/transfers/:transfer_id',
    summary: 'One transfer with its timeline',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: TransferParamsSchema,
    response: TransferDetailSchema,
    errors: [OFF, 'TRANSFER_NOT_FOUND'],
  }),
  approve: defineEndpoint({
    id: 'transfers.approve',
    method: 'POST',
    path: '/v1/business/:business_id/transfers/:transfer_id/approve',
    summary: 'Approve a transfer awaiting review (not its own requester): it is sent',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'verified' },
    params: TransferParamsSchema,
    response: TransferSchema,
    idempotent: true,
    errors: [OFF, 'TRANSFER_NOT_FOUND', 'TRANSFER_NOT_REVIEWABLE', 'TRANSFER_SELF_REVIEW'],
  }),
  reject: defineEndpoint({
    id: 'transfers.reject',
    method: 'POST',
    path: '/v1/business/:business_id/transfers/:transfer_id/reject',
    summary: 'Reject a transfer awaiting review (not its own requester): its held funds return to the available balance',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: TransferParamsSchema,
    response: TransferSchema,
    idempotent: true,
    errors: [OFF, 'TRANSFER_NOT_FOUND', 'TRANSFER_NOT_REVIEWABLE', 'TRANSFER_SELF_REVIEW'],
  }),
  cancel: defineEndpoint({
    id: 'transfers.cancel',
    method: 'POST',
    path: '/v1/business/:business_id/transfers/:transfer_id/cancel',
    summary: 'Cancel a transfer awaiting review: its held funds return to the available balance',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: TransferParamsSchema,
    response: TransferSchema,
    idempotent: true,
    errors: [OFF, 'TRANSFER_NOT_FOUND', 'TRANSFER_NOT_REVIEWABLE'],
  }),
  settings: defineEndpoint({
    id: 'transfers.settings',
    method: 'GET',
    path: '/v1/business/:business_id/transfer-settings',
    summary: 'The approval rule of transfers',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: TransferSettingsSchema,
    errors: [OFF],
  }),
  saveSettings: defineEndpoint({
    id: 'transfers.save-settings',
    method: 'PUT',
    path: '/v1/business/:business_id/transfer-settings',
    summary: 'Set the amount (business currency) above which a transfer waits for a second person; null turns approvals off',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: TransferSettingsBodySchema,
    response: TransferSettingsSchema,
    errors: [OFF],
  }),
} as const;
