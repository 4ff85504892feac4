import { z } from 'zod';
import {
  csvAnswer,
  CalendarDateSchema,
  CurrencyCodeSchema,
  TimeZoneSchema,
  CursorQuerySchema,
  defineEndpoint,
  pageOf,
  SignedMoneySchema,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { LEDGER_TRANSACTION_KINDS } from './payment';
import { BALANCE_KINDS, type BalanceKind } from './balance-rules';

export * from './balance-rules';

/**
 * The balance pages (docs/payments.md, "balances and bank accounts"): what the business holds, per balance
 * and currency, summed from the ledger (never a stored number), and a statement of the ledger entries.
 */

export const BalanceKindSchema = z.enum(BALANCE_KINDS);

export const BALANCE_LABELS: Record<BalanceKind, string> = {
  wallet: 'Wallet balance',
  card: 'Card balance',
  xendit: 'Xendit card balance',
};

/** Which balance the money a provider collected lands in (the payment's `provider`). */
export function balanceOfProvider(provider: string | null): BalanceKind {
  if (provider === 'stripe') return 'card';
  if (provider === 'xendit') return 'xendit';
  return 'wallet';
}

/** The merchant's ledger accounts a statement can show. */
export const STATEMENT_ACCOUNTS = ['available', 'pending', 'in_transit'] as const;
export type StatementAccount = (typeof STATEMENT_ACCOUNTS)[number];
export const STATEMENT_ACCOUNT_LABELS: Record<StatementAccount, string> = { available: 'Available', pending: 'Pending', in_transit: 'In transit' };

export const LedgerTransactionKindSchema = z.enum(LEDGER_TRANSACTION_KINDS);
export const LEDGER_KIND_LABELS: Record<(typeof LEDGER_TRANSACTION_KINDS)[number], string> = {
  charge: 'Payment',
  fee: 'Fee',
  refund: 'Refund',
  settlement: 'Settlement',
  payout: 'Payout',
  payout_return: 'Payout returned',
  transfer: 'Transfer',
  transfer_hold: 'Transfer held for review',
  transfer_release: 'Transfer released',
  transfer_return: 'Transfer returned',
  transfer_sent: 'Transfer sent',
  pos_sale: 'Register sale',
  pos_refund: 'Register refund',
  drawer_open: 'Drawer opened',
  drawer_pay_in: 'Drawer paid in',
  drawer_pay_out: 'Drawer paid out',
  drawer_close: 'Drawer closed',
  referral_reward: 'Referral reward',
  platform_fee: 'Platform fee',
  partner_commission: 'Partner commission',
};

/**
 * Money that left the available balance for a transfer not sent yet (docs/payments.md, "send money"): held while
 * the transfer awaits review (amount and fee), then in transit to the beneficiary's bank (the amount).
 */
export const TRANSFER_AMOUNTS = ['transfer_held', 'transfer_in_transit'] as const;
export type TransferAmount = (typeof TRANSFER_AMOUNTS)[number];
export const TRANSFER_AMOUNT_LABELS: Record<TransferAmount, string> = {
  transfer_held: 'Transfers awaiting review',
  transfer_in_transit: 'Transfers in transit',
};

/**
 * One currency of a balance: signed minor units (available may be below zero after refunds). `in_transit` is what
 * payouts carry to the business's bank; the transfer amounts are what transfers hold or carry to beneficiaries.
 */
export const BalanceAmountsSchema = z.object({
  currency: CurrencyCodeSchema,
  pending: SignedMoneySchema,
  available: SignedMoneySchema,
  in_transit: SignedMoneySchema,
  transfer_held: SignedMoneySchema,
  transfer_in_transit: SignedMoneySchema,
});
export type BalanceAmounts = z.infer<typeof BalanceAmountsSchema>;

export const BalanceViewSchema = z.object({
  balance: BalanceKindSchema,
  /** The business currency first, then alphabetical; the business currency is listed even with nothing in it. */
  currencies: z.array(BalanceAmountsSchema),
});
export type BalanceView = z.infer<typeof BalanceViewSchema>;

export const BalanceParamsSchema = BusinessParamsSchema.extend({ balance: BalanceKindSchema });

/**
 * The statement's filters (the screen keeps them in its URL; the CSV takes the same). `currency` defaults to
 * the business's; dates are calendar days, both included, in the business's time zone
 * (`tz`, an IANA name, chooses another).
 */
export const StatementFiltersSchema = z
  .object({
    account: z.enum(STATEMENT_ACCOUNTS).default('available'),
    currency: CurrencyCodeSchema.optional(),
    kind: LedgerTransactionKindSchema.optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    tz: TimeZoneSchema.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  });
export type StatementFilters = z.infer<typeof StatementFiltersSchema>;
export type StatementFiltersInput = z.input<typeof StatementFiltersSchema>;
export const StatementQuerySchema = StatementFiltersSchema.safeExtend(CursorQuerySchema.shape);

/** What a statement line's ledger transaction came from; `refund` names the refunded payment (its page shows the refund). */
export const STATEMENT_SOURCE_KINDS = ['payment', 'refund', 'payout', 'transfer'] as const;
export type StatementSourceKind = (typeof STATEMENT_SOURCE_KINDS)[number];

/**
 * A line's source: `id` is what the source's detail screen takes (the payment's, the payout's, the transfer's),
 * `label` a human name made on the server from the source's record ("Payment from Alice Tan", "Payout to DBS Bank
 * •••• 1234"), never a public id.
 */
export const StatementSourceSchema = z.object({ kind: z.enum(STATEMENT_SOURCE_KINDS), id: z.uuid(), label: z.string() });
export type StatementSource = z.infer<typeof StatementSourceSchema>;

/** One ledger entry of the account, with the account's balance just after it (every entry counted, filtered or not). */
export const StatementEntrySchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  kind: LedgerTransactionKindSchema,
  description: z.string(),
  amount: SignedMoneySchema,
  running_balance: SignedMoneySchema,
  payment_id: z.uuid().nullable(),
  /** Null for a line that came from nothing the business can open (an adjustment). */
  source: StatementSourceSchema.nullable(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

/**
 * The statement CSV's columns, in order (amounts in major units, times in UTC). The description is the source's
 * label (the type's name for a line without a source) and the source id is the id the business knows it by (a
 * payment's public id). Money in and out are separate unsigned columns, as on a bank statement; the balance after
 * is signed.
 */
export const STATEMENT_CSV_HEADER = [
  'Date (UTC)',
  'Type',
  'Description',
  'Source ID',
  'Currency',
  'Money in',
  'Money out',
  'Balance after',
  'Entry ID',
] as const;

export const balanceEndpoints = {
  get: defineEndpoint({
    id: 'balances.get',
    method: 'GET',
    path: '/v1/business/:business_id/balances/:balance',
    summary: 'One balance: pending, available and in transit per currency, summed from the ledger',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'merchant' },
    params: BalanceParamsSchema,
    response: BalanceViewSchema,
    errors: ['BALANCE_NOT_FOUND'],
  }),
  statement: defineEndpoint({
    id: 'balances.statement',
    method: 'GET',
    path: '/v1/business/:business_id/balances/:balance/statement',
    summary: "A balance account's ledger entries, newest first, with the running balance (cursor pages)",
    access: { kind: 'business', permission: 'wallets:manage', standing: 'merchant' },
    params: BalanceParamsSchema,
    query: StatementQuerySchema,
    response: pageOf(StatementEntrySchema),
    errors: ['BALANCE_NOT_FOUND'],
  }),
  export: defineEndpoint({
    id: 'balances.export',
    method: 'GET',
    path: '/v1/business/:business_id/balances/:balance/statement/export',
    summary: 'The filtered statement as a CSV download (text/csv, newest first, streamed: every matching entry)',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'merchant' },
    params: BalanceParamsSchema,
    query: StatementFiltersSchema,
    response: csvAnswer(),
    errors: ['BALANCE_NOT_FOUND'],
  }),
} as const;
