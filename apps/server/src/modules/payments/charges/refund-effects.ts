import { renderEmail } from '@merchant/business';
import { formatLocalDate, formatMoney } from '@merchant/core';
import { checkoutUrl } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Mailer } from '@/mail/mailer';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import { chargesRepository as repo } from './charges.repository';
import type { PaymentSourceAdapter, RefundDone } from './charges.types';

/** What a refund finishes besides the payment, in the transaction that records it (`createRefundEffects`). */
export type RefundEffects = (tx: Executor, done: RefundDone, source: PaymentSourceAdapter | undefined, known?: KnownOfRefund) => Promise<void>;

/** What the refund's request knew already (absent: read in the outcome's transaction). */
export interface KnownOfRefund {
  businessName?: string | undefined;
  businessTimeZone?: string | undefined;
}

/**
 * What a refund finishes besides the payment (docs/payments.md, "Refunds"), in the transaction that records its
 * outcome: the payment's source is told (`paymentRefunded`: an invoice is paid less, a subscription's period notes
 * it), and a customer with an email is mailed the business's `refund_issued` template through the outbox, so the
 * mail commits with the refund or not at all.
 */
export function createRefundEffects(deps: { mailer: Mailer; emailTemplates: Pick<EmailTemplatesService, 'template'>; checkoutOrigin: string }): RefundEffects {
  return async (tx, { payment, refund }, source, known = {}) => {
    if (source?.paymentRefunded && payment.sourceId) await source.paymentRefunded(tx, payment.businessId, payment.sourceId, payment, refund);
    const to = payment.customerEmail;
    if (!to) return;
    const template = await deps.emailTemplates.template(payment.businessId, 'refund_issued', tx);
    // The request's own read of the business (the refund's first phase) when it has both; else one read here.
    const business =
      known.businessName !== undefined && known.businessTimeZone !== undefined
        ? { name: known.businessName, timeZone: known.businessTimeZone }
        : await repo.businessNameAndZone(tx, payment.businessId);
    const rendered = renderEmail(template, {
      customer_name: payment.customerName ?? to,
      business_name: business?.name ?? '',
      amount: formatMoney(refund.amount, refund.currency),
      payment_date: formatLocalDate(refund.createdAt, business?.timeZone ?? 'UTC'),
      link: checkoutUrl(deps.checkoutOrigin, 'receipt', payment.publicId),
    });
    await deps.mailer.send(tx, { to, ...rendered });
  };
}
