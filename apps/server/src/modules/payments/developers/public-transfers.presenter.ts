import { maskAccount, type Beneficiary, type PublicBeneficiary, type PublicTransfer, type Transfer } from '@merchant/payments';
import type { BusinessRow } from '@/http/context';
import { hitpayTime, major } from './webhook-events.presenter';

/** An ISO time of a contract as HitPay writes it. */
export const hitpayIso = (iso: string) => hitpayTime(new Date(iso))!;

/** A person as HitPay names one (`display_name`, `first_name`, `last_name`), from a full name. */
export function hitpayPerson(id: string, name: string) {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { id, display_name: name, first_name: first, last_name: rest.join(' ') };
}

/**
 * Who made a beneficiary or a static QR code: HitPay names a person, but the product keeps no maker on those rows (the
 * audit log has them), so the business stands as their maker (docs/developers.md, "Public API: money out").
 */
export const businessAsMaker = (business: BusinessRow) => hitpayPerson(business.id, business.name);

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * A beneficiary as HitPay's (its published schema): a text with no value is `""` (the schema types them strings), the
 * account number masked to its last four as everywhere in the product, `bank_id` HitPay's `SWIFT[bank code]`.
 * The holder type is not kept here; without a nickname of its own, the holder's name stands as it.
 */
export function presentHitpayBeneficiary(b: Beneficiary, business: BusinessRow): PublicBeneficiary {
  // A beneficiary made through the API keeps HitPay's SWIFT code as its bank's name when none was given.
  const swift = b.swift_code ?? (BIC.test(b.bank_name) ? b.bank_name : '');
  const bankId = swift && b.bank_code ? `${swift}[${b.bank_code}]` : (b.bank_code ?? swift);
  return {
    id: b.id,
    status: b.status === 'active' ? 'approved' : 'deleted',
    country: b.country,
    currency: b.currency.toLowerCase(),
    transfer_method: 'bank_transfer',
    transfer_type: b.type === 'local' ? 'local' : 'overseas',
    nickname: b.nickname ?? b.holder_name,
    remark: b.remark ?? '',
    holder_name: b.holder_name,
    holder_type: '',
    bank_branch_code: b.branch_code ?? '',
    bank_routing_number: b.country === 'us' ? (b.bank_code ?? '') : '',
    account_number: maskAccount(b.account_last4),
    bank_name: b.bank_name,
    bank_id: bankId,
    email: b.email ?? '',
    bank_swift_code: swift,
    is_favourite: b.is_favourite,
    is_external: false,
    created_by: businessAsMaker(business),
    created_at: hitpayIso(b.created_at),
    updated_at: hitpayIso(b.updated_at),
    deleted_at: b.status === 'closed' ? hitpayIso(b.updated_at) : null,
  };
}

/** HitPay's transfer statuses from ours: a transfer waiting for its approval is `scheduled` (not yet sent). */
const STATUS: Record<Transfer['status'], PublicTransfer['status']> = {
  awaiting_review: 'scheduled',
  processing: 'processing',
  completed: 'paid',
  failed: 'failed',
  cancelled: 'canceled',
};

const personOf = (p: Transfer['requested_by']) => (p ? hitpayPerson(p.id, p.name) : null);

/** A transfer as HitPay's (its published schemas): amounts in major units as numbers, the fee paid by the sender. */
export function presentHitpayTransfer(t: Transfer, beneficiary: Beneficiary, business: BusinessRow): PublicTransfer {
  const { created_by: _maker, ...payee } = presentHitpayBeneficiary(beneficiary, business);
  const source = t.send.currency;
  const rejected = t.status === 'cancelled' && (t.failure_reason ?? '').startsWith('Rejected');
  return {
    id: t.id,
    beneficiary: payee,
    payment_currency: t.receive.currency.toLowerCase(),
    payment_amount: major(t.receive.amount, t.receive.currency),
    source_currency: source.toLowerCase(),
    source_amount: major(t.send.amount, source),
    exchange_rate: t.rate,
    fee: { amount: major(t.fee.amount, source), currency: source.toLowerCase(), paid_by: 'payer' },
    discount_fee_rate: 0,
    fixed_fee: 0,
    discount_fee: 0,
    remark: t.reference ?? '',
    reference: t.reference,
    status: STATUS[t.status],
    awaiting_approval: t.status === 'awaiting_review',
    failure_reason: t.failure_reason,
    source_type: 'balance',
    attachment: '',
    created_by: personOf(t.requested_by),
    approved_by: t.needs_approval && !rejected && t.status !== 'awaiting_review' && t.status !== 'cancelled' ? personOf(t.reviewed_by) : null,
    rejected_by: rejected ? personOf(t.reviewed_by) : null,
    created_at: hitpayIso(t.created_at),
  };
}
