import type { Permission } from '@merchant/core';
import { href, routeById, type RouteId } from './route-table';

/**
 * The detail screen of each kind of record the product names by a link (issue 25: records are shown as links with a
 * human label, not as ids): the audit log's "View payment", a statement line's source. One map: the route, the
 * route's id parameter and the link's words; the permission to open it is the route's own (`routeById`).
 */
const RECORD_SCREENS = {
  payment: { route: 'payments.transactions-detail', param: 'b_charge', label: 'View payment' },
  /** A refund is shown on its payment's page: its id is the payment's. */
  refund: { route: 'payments.transactions-detail', param: 'b_charge', label: 'View payment' },
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
} as const satisfies Record<string, { route: RouteId; param: string; label: string }>;

export type RecordKind = keyof typeof RECORD_SCREENS;

export interface RecordScreen {
  /** The screen's address in the business. */
  to: string;
  /** What opening it needs (the route's permission), when it needs one. */
  permission: Permission | undefined;
  /** The link's words when nothing names the record better ("View payment"). */
  label: string;
}

/** The screen of a record of `kind` (an audit entry's object type, a statement line's source), or null for a kind with none. */
export function recordScreen(kind: string, businessId: string, id: string): RecordScreen | null {
  const screen = Object.hasOwn(RECORD_SCREENS, kind) ? RECORD_SCREENS[kind as RecordKind] : undefined;
  if (!screen) return null;
  return {
    to: href(screen.route, { business_id: businessId, [screen.param]: id }),
    permission: routeById(screen.route).permission,
    label: screen.label,
  };
}
