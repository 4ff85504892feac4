import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Business } from '@merchant/business';
import { href, routeById, type RouteId } from '@/app/route-table';
import { canView } from '@/lib/session';

/** The detail screen of each kind of record an entry is about: its route, the route's id parameter and the link's words. */
const OBJECT_SCREENS: Record<string, { route: RouteId; param: string; label: string }> = {
  payment: { route: 'payments.transactions-detail', param: 'b_charge', label: 'View payment' },
  payment_link: { route: 'payments.links-detail', param: 'payment_request_id', label: 'View payment link' },
  static_qr: { route: 'payments.static-qr-detail', param: 'static_qr_code_id', label: 'View QR code' },
  static_qr_code: { route: 'payments.static-qr-detail', param: 'static_qr_code_id', label: 'View QR code' },
  invoice: { route: 'payments.invoices-detail', param: 'invoice', label: 'View invoice' },
  repeating_invoice: { route: 'payments.invoices-repeating-detail', param: 'invoice', label: 'View repeating invoice' },
  customer: { route: 'payments.customers-detail', param: 'customer', label: 'View customer' },
  plan: { route: 'payments.recurring-plans-detail', param: 'id', label: 'View plan' },
  subscription: { route: 'payments.subscriptions-detail', param: 'recurring_billing', label: 'View subscription' },
  payout: { route: 'payments.balance-payouts-detail', param: 'payout', label: 'View payout' },
  transfer: { route: 'payments.transfer-history-detail', param: 'transfer', label: 'View transfer' },
  beneficiary: { route: 'payments.beneficiaries-detail', param: 'beneficiaryId', label: 'View beneficiary' },
};

/**
 * What an audit entry is about, as a link to its screen (issue 25: records are named by links, not by ids), when
 * the record has one and the viewer may open it; nothing otherwise (the description already says what it is).
 */
export function AuditObjectLink({
  businessId,
  business,
  objectType,
  objectId,
}: {
  businessId: string;
  business: Business | undefined;
  objectType: string | null;
  objectId: string | null;
}) {
  const screen = objectType ? OBJECT_SCREENS[objectType] : undefined;
  if (!screen || !objectId) return null;
  const { permission } = routeById(screen.route);
  if (permission && !canView(business, permission)) return null;
  return (
    <Anchor component={Link} to={href(screen.route, { business_id: businessId, [screen.param]: objectId })} size="xs">
      {screen.label}
    </Anchor>
  );
}
