import { formatDateTime } from '@merchant/core';
import { subscriptionAllows, type PortalSubscription, type Subscription } from '@merchant/payments';

/** The mail that carries a portal link; its expiry on the business's clock, naming the zone. */
export function portalLinkMail(business: string, url: string, expiresAt: Date, zone: string): { subject: string; text: string } {
  return {
    subject: `Your payments with ${business}`,
    text:
      `Hello,\n\nSee your receipts and manage your subscriptions with ${business} here:\n\n${url}\n\n` +
      `The link works until ${formatDateTime(expiresAt, zone)}. Do not forward it: anyone with it can see your payments with ${business}.\n\n` +
      `If you did not expect this mail, ignore it.`,
  };
}

/** A subscription as the portal shows it, with what the customer may do to it now. */
export function presentPortalSubscription(s: Subscription): PortalSubscription {
  return {
    id: s.id,
    name: s.name,
    amount: s.amount,
    interval: s.interval,
    interval_days: s.interval_days,
    status: s.status,
    trial_end_at: s.trial_end_at,
    current_period_end: s.current_period_end,
    next_charge_at: s.next_charge_at,
    next_charge_amount: s.next_charge_amount,
    cancel_at_period_end: s.cancel_at_period_end,
    method: s.method,
    ended_at: s.ended_at,
    can_update_method: subscriptionAllows('send_setup_link', s.status),
    can_cancel_at_period_end: subscriptionAllows('cancel_at_period_end', s.status) && !s.cancel_at_period_end,
  };
}
