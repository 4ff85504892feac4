import { renderEmail } from '@merchant/business';
import { formatLocalDate, formatMoney } from '@merchant/core';
import { checkoutUrl } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Write } from '@/db/write-together';
import type { Mailer } from '@/mail/mailer';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import { chargesRepository as repo } from './charges.repository';
import type { RefundDone } from './charges.types';

/** The business's `refund_issued` template, as the mail renders it. */
export type RefundTemplate = { subject: string; body: string };

/** What the refund's request knew already (absent: read in the outcome's transaction). */
export interface KnownOfRefund {
  businessName?: string | undefined;
  businessTimeZone?: string | undefined;
  /** The mail's template, read before the outcome's transaction (`RefundEffects.template`). */
  template?: RefundTemplate | undefined;
}

/**
 * The customer's mail of a refund (docs/payments.md, "Refunds"): a customer with an email is mailed the business's
 * `refund_issued` template through the outbox, as a write of the outcome's statement, so the mail commits with the
 * refund or not at all. (The payment's source is told by the refund itself: `paymentRefunded`.)
 */
export interface RefundEffects {
  /** The template, read ahead of the outcome's transaction by the request (the outcome holds the payment's lock). */
  template(businessId: string): Promise<RefundTemplate>;
  /** The mail as writes of the outcome's statement: none when the customer left no email. */
  mailWrites(tx: Executor, done: RefundDone, known?: KnownOfRefund): Promise<Write[]>;
}

export function createRefundEffects(deps: { mailer: Mailer; emailTemplates: Pick<EmailTemplatesService, 'template'>; checkoutOrigin: string }): RefundEffects {
  return {
    template: (businessId) => deps.emailTemplates.template(businessId, 'refund_issued'),
    async mailWrites(tx, { payment, refund }, known = {}) {
      const to = payment.customerEmail;
      if (!to) return [];
      const template = known.template ?? (await deps.emailTemplates.template(payment.businessId, 'refund_issued', tx));
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
      return [deps.mailer.write(tx, { to, ...rendered })];
    },
  };
}
