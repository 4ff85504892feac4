import { formatMoneyWithCode } from '@merchant/core';
import { checkoutUrl, type PaymentLink } from '@merchant/payments';
import type { PaymentLinkRow } from './payment-links.repository';

/** The status a person sees now: a stored `active` link past its expiry is expired. */
export function statusAt(row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>, now: Date): PaymentLinkRow['status'] {
  return row.status === 'active' && row.expiresAt !== null && row.expiresAt <= now ? 'expired' : row.status;
}

/** A completed or cancelled link is final; an expired one may be given a new expiry. */
export const isEditable = (status: PaymentLinkRow['status']) => status === 'active' || status === 'expired';

export function presentLink(
  row: PaymentLinkRow,
  extra: { productName: string | null; paid: { count: number; total: number } | undefined; checkoutOrigin: string; now: Date },
): PaymentLink {
  const status = statusAt(row, extra.now);
  return {
    id: row.id,
    public_id: row.publicId,
    url: checkoutUrl(extra.checkoutOrigin, 'link', row.publicId),
    status,
    amount: row.amount,
    currency: row.currency,
    purpose: row.purpose,
    reference: row.reference,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    collect_email: row.collectEmail,
    collect_phone: row.collectPhone,
    collect_note: row.collectNote,
    expires_at: row.expiresAt?.toISOString() ?? null,
    single_use: row.singleUse,
    redirect_url: row.redirectUrl,
    product: row.productId && extra.productName ? { id: row.productId, name: extra.productName } : null,
    paid_count: extra.paid?.count ?? 0,
    paid_total: extra.paid?.total ?? 0,
    editable: isEditable(status),
    created_at: row.createdAt.toISOString(),
  };
}

/** The mail that asks the link's customer to pay, from the business, with the link's public URL. */
export function linkMail(business: string, row: PaymentLinkRow, url: string): { subject: string; text: string } {
  const amount = row.amount === null ? 'the amount you choose' : formatMoneyWithCode(row.amount, row.currency);
  return {
    subject: `${business} asks you to pay: ${row.purpose}`,
    text:
      `Hello,\n\n${business} asks you to pay ${amount} for ${row.purpose}` +
      `${row.reference ? ` (reference ${row.reference})` : ''}.\n\nPay securely here:\n\n${url}\n\n` +
      `${row.expiresAt ? `The link works until ${row.expiresAt.toUTCString()}.\n\n` : ''}` +
      `If you did not expect this request, ignore this mail.`,
  };
}
