import { formatRate, maskAccount, type Beneficiary, type Transfer, type TransferEvent } from '@merchant/payments';
import type { BeneficiaryRow, TransferEventRow, TransferRow } from './send-money.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentBeneficiary(row: BeneficiaryRow): Beneficiary {
  return {
    id: row.id,
    type: row.type,
    holder_name: row.holderName,
    bank_name: row.bankName,
    country: row.country,
    currency: row.currency,
    bank_code: row.bankCode,
    branch_code: row.branchCode,
    swift_code: row.swiftCode,
    is_iban: row.isIban,
    account_last4: row.accountNumber.slice(-4),
    email: row.email,
    nickname: row.nickname,
    remark: row.remark,
    is_favourite: row.isFavourite,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentTransfer(row: TransferRow): Transfer {
  const money = (amount: number, currency: string) => ({ amount, currency });
  return {
    id: row.id,
    status: row.status,
    beneficiary: {
      id: row.beneficiaryId,
      holder_name: row.beneficiaryName,
      bank_name: row.beneficiaryBank,
      account_last4: row.accountNumber.slice(-4),
      currency: row.targetCurrency,
    },
    send: money(row.sendAmount, row.sourceCurrency),
    fee: money(row.fee, row.sourceCurrency),
    total: money(row.sendAmount + row.fee, row.sourceCurrency),
    receive: money(row.receiveAmount, row.targetCurrency),
    rate: formatRate(row.rateMicros),
    reference: row.reference,
    needs_approval: row.needsApproval,
    requested_by: row.requestedBy ? { id: row.requestedBy, name: row.requestedByName ?? '' } : null,
    reviewed_by: row.reviewedBy ? { id: row.reviewedBy, name: row.reviewedByName ?? '' } : null,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: iso(row.completedAt),
  };
}

export const presentTransferEvent = (row: TransferEventRow): TransferEvent => ({
  id: row.id,
  type: row.type,
  message: row.message,
  actor: row.actorName,
  created_at: row.createdAt.toISOString(),
});

/** How a transfer is named in the audit log and the timeline: never more of the account than its last four. */
export const describeTransfer = (row: TransferRow, amount: string) => `${amount} to ${row.beneficiaryName} (${maskAccount(row.accountNumber.slice(-4))})`;
