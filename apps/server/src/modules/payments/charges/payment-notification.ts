import { fillPath, formatMoneyWithCode, SCREEN_PATHS } from '@merchant/core';
import { PAYMENT_METHOD_LABELS } from '@merchant/payments';
import type { NotificationSpec } from '@/modules/business/notifications/notifications.service';
import type { PaymentRow } from './charges.repository';

/** The bell's "payment received", for the members who see payments. */
export function paymentReceived(payment: PaymentRow): NotificationSpec {
  const from = payment.customerName?.trim() || payment.customerEmail?.trim();
  const method = payment.method ? PAYMENT_METHOD_LABELS[payment.method] : null;
  return {
    to: { permission: 'payments:view' },
    kind: 'payment_received',
    title: `Payment received: ${formatMoneyWithCode(payment.amount, payment.currency)}`,
    body: [from ? `From ${from}` : null, method ? `by ${method}` : null].filter(Boolean).join(' ') || 'A payment succeeded.',
    link: fillPath(SCREEN_PATHS.transactionDetail, { business_id: payment.businessId, b_charge: payment.id }),
  };
}
