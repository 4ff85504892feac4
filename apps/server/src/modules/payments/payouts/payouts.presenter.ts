import { minorToMajorString } from '@merchant/core';
import {
  LEDGER_KIND_LABELS,
  PAYOUT_CSV_HEADER,
  PAYOUT_LINES_CSV_HEADER,
  PAYOUT_STATUS_LABELS,
  maskAccount,
  paymentLineLabel,
  type PaymentNaming,
  type Payout,
  type PayoutDetail,
  type PayoutLine,
  type PayoutSettings,
} from '@merchant/payments';
import type { BusinessRow } from '@/http/context';
import { csvTable } from '@/lib/csv';
import type { payoutsRepository, PayoutRow, PayoutSettingsRow } from './payouts.repository';

type LineRow = Awaited<ReturnType<typeof payoutsRepository.lines>>[number];

export const last4 = (accountNumber: string) => accountNumber.slice(-4);

export function presentSettings(business: Pick<BusinessRow, 'currency'>, row: PayoutSettingsRow | null): PayoutSettings {
  return {
    schedule: row?.schedule ?? 'manual',
    weekly_day: row?.weeklyDay ?? null,
    monthly_day: row?.monthlyDay ?? null,
    minimum_amount: { amount: row?.minimumAmount ?? 0, currency: business.currency },
    is_default: !row,
  };
}

export function presentPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: { amount: row.amount, currency: row.currency },
    status: row.status,
    trigger: row.trigger,
    bank_account: { id: row.bankAccountId, bank_name: row.bankName, holder_name: row.holderName, account_last4: last4(row.accountNumber) },
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    arrives_at: row.arrivesAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
  };
}

/** The payout with its timeline and the summary of its lines, kept on the row when the payout was made. */
export function presentDetail(row: PayoutRow): PayoutDetail {
  const money = (amount: number) => ({ amount, currency: row.currency });
  const timeline: PayoutDetail['timeline'] = [
    { status: 'created', at: row.createdAt.toISOString(), note: `Sent to ${row.bankName} ${maskAccount(last4(row.accountNumber))}` },
    { status: 'in_transit', at: row.createdAt.toISOString(), note: null },
  ];
  if (row.paidAt) timeline.push({ status: 'paid', at: row.paidAt.toISOString(), note: null });
  if (row.failedAt) timeline.push({ status: 'failed', at: row.failedAt.toISOString(), note: row.failureReason });
  return {
    payout: presentPayout(row),
    summary: {
      lines: row.linesCount,
      gross: money(row.grossAmount),
      fees: money(row.feeAmount),
      refunds: money(-row.refundAmount),
      other: money(row.amount - (row.grossAmount - row.feeAmount + row.refundAmount)),
    },
    timeline,
  };
}

/** What a line's own record says it moved: a settled payment's gross and fee, or a transfer's amount and fee. */
export interface LineFacts {
  naming?: PaymentNaming | undefined;
  transfer?: { sendAmount: number; fee: number } | undefined;
}

/**
 * A transfer's movement split as the transfer's detail shows it, so that the line adds up (net = gross - fee): money
 * out (sent, held) is the amount sent, negative, and the fee it costs; money back (returned, released) both undone.
 * Null when the movement is not the amount plus its fee (nothing is shown rather than figures that do not add up).
 */
function transferSplit(net: number, transfer: LineFacts['transfer']): { gross: number; fee: number } | null {
  if (!transfer || Math.abs(net) !== transfer.sendAmount + transfer.fee) return null;
  return net < 0 ? { gross: -transfer.sendAmount, fee: transfer.fee } : { gross: transfer.sendAmount, fee: -transfer.fee };
}

/** A line's description names its payment (`paymentLineLabel`) where it has one, not its id; the ledger's text otherwise. */
export function presentLine(row: LineRow, currency: string, facts: LineFacts = {}): PayoutLine {
  const { naming } = facts;
  const settled = row.kind === 'settlement';
  const split = row.referenceType === 'transfer' ? transferSplit(Number(row.net), facts.transfer) : null;
  return {
    entry_id: row.entryId,
    kind: row.kind,
    description: naming ? paymentLineLabel(naming, row.kind === 'refund') : row.description,
    created_at: row.createdAt.toISOString(),
    payment_id: row.paymentId,
    payment_reference: row.reference ?? row.publicId ?? null,
    gross: split ? { amount: split.gross, currency } : settled && row.gross !== null ? { amount: row.gross, currency } : null,
    fee: split ? { amount: split.fee, currency } : settled && row.fee !== null ? { amount: row.fee, currency } : null,
    net: { amount: Number(row.net), currency },
    amount: { amount: Number(row.amount), currency },
  };
}

/** The payouts CSV: the amount is a number (major units). */
export const PAYOUT_CSV = csvTable(PAYOUT_CSV_HEADER, ['Amount']);
/** A payout's lines as CSV: the amounts are numbers, a refund's negative (so a spreadsheet sums them to the payout). */
export const PAYOUT_LINES_CSV = csvTable(PAYOUT_LINES_CSV_HEADER, ['Gross', 'Fee', 'Net', 'In this payout']);

export function payoutCsvRow(p: Payout): (string | number)[] {
  return [
    p.id,
    p.created_at,
    PAYOUT_STATUS_LABELS[p.status],
    p.amount.currency.toUpperCase(),
    minorToMajorString(p.amount.amount, p.amount.currency),
    p.bank_account.bank_name,
    maskAccount(p.bank_account.account_last4),
    p.arrives_at,
    p.paid_at ?? '',
    p.failure_reason ?? '',
  ];
}

/** Signed amounts in major units: a refund's net is negative. */
export function lineCsvRow(l: PayoutLine): (string | number)[] {
  const major = (m: { amount: number; currency: string } | null) => (m ? minorToMajorString(m.amount, m.currency) : '');
  return [
    l.created_at,
    LEDGER_KIND_LABELS[l.kind],
    l.description,
    l.payment_reference ?? '',
    l.net.currency.toUpperCase(),
    major(l.gross),
    major(l.fee),
    major(l.net),
    major(l.amount),
    l.entry_id,
  ];
}
