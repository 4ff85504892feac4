import { STORE_MAIL_EVENT_LABELS, type StoreMailEvent } from '@merchant/catalogue';
import type { StoreOrderRow } from './store.repository';
import { money } from './storefront.layout';

/** The customer's mails at each step of an order (through the mail outbox, in the step's transaction). */
export type OrderMailKind = 'paid' | 'packed' | 'shipped' | 'delivered' | 'picked_up' | 'refunded' | 'cancelled';

export function orderMail(kind: OrderMailKind, order: StoreOrderRow, store: { name: string }, statusUrl: string, extra?: { amount?: number }) {
  const ref = order.reference;
  const lines = order.lines.map((l) => `${l.quantity} × ${l.name}${l.variant ? ` (${l.variant})` : ''}: ${money(l.total, order.currency)}`).join('\n');
  const see = `See your order: ${statusUrl}`;
  const texts: Record<OrderMailKind, { subject: string; text: string }> = {
    paid: {
      subject: `${store.name}: order ${ref} confirmed`,
      text: `Thank you, ${order.customerName}. We have your payment of ${money(order.total, order.currency)} for order ${ref}.\n\n${lines}\n\n${
        order.deliveryMethod === 'pickup' ? 'We will mail you when it is ready to pick up.' : 'We will mail you when it ships.'
      }\n\n${see}`,
    },
    packed: {
      subject: `${store.name}: order ${ref} is packed`,
      text: `Your order ${ref} is packed${order.deliveryMethod === 'pickup' ? ' and ready to pick up' : ''}.\n\n${see}`,
    },
    shipped: {
      subject: `${store.name}: order ${ref} has shipped`,
      text: `Your order ${ref} is on its way with ${order.carrier ?? 'the carrier'}. Tracking number: ${order.trackingNumber ?? ''}.\n\n${see}`,
    },
    delivered: {
      subject: `${store.name}: order ${ref} was delivered`,
      text: `Your order ${ref} was delivered. Thank you for shopping with ${store.name}.\n\n${see}`,
    },
    picked_up: {
      subject: `${store.name}: order ${ref} was picked up`,
      text: `Your order ${ref} was picked up. Thank you for shopping with ${store.name}.\n\n${see}`,
    },
    refunded: {
      subject: `${store.name}: refund for order ${ref}`,
      text: `We refunded ${money(extra?.amount ?? 0, order.currency)} of order ${ref}. It reaches your card in a few days.\n\n${see}`,
    },
    cancelled: {
      subject: `${store.name}: order ${ref} was cancelled`,
      text: `Your order ${ref} was cancelled${order.cancelReason ? `: ${order.cancelReason}` : ''}.${order.refundedAmount > 0 ? ` We refunded ${money(order.refundedAmount, order.currency)}.` : ''}\n\n${see}`,
    },
  };
  return { to: order.customerEmail, ...texts[kind] };
}

const MERCHANT_SUBJECTS: Record<StoreMailEvent, (ref: string) => string> = {
  order_placed: (ref) => `New order ${ref}`,
  shipped: (ref) => `Order ${ref} shipped`,
  ready_for_pickup: (ref) => `Order ${ref} is ready for pickup`,
  cancelled: (ref) => `Order ${ref} was cancelled`,
  refunded: (ref) => `Order ${ref} was refunded`,
};

/** The staff's mail of an order event (store settings, "Notifications"): one per recipient, linking to the order. */
export function merchantMail(event: StoreMailEvent, order: StoreOrderRow, store: { name: string }, orderUrl: string, to: string) {
  const subject = `${store.name}: ${MERCHANT_SUBJECTS[event](order.reference)}`;
  const text = [
    `${STORE_MAIL_EVENT_LABELS[event]}: order ${order.reference} of ${money(order.total, order.currency)} by ${order.customerName} (${order.customerEmail}).`,
    order.deliveryMethod === 'pickup' ? 'Delivery: pickup.' : 'Delivery: shipping.',
    order.note ? `Note from the customer: ${order.note}` : null,
    `Open the order: ${orderUrl}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { to, subject, text };
}
