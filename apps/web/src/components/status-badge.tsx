import { Badge } from '@mantine/core';
import {
  INVOICE_STATUS_LABELS,
  JOURNAL_STATUS_LABELS,
  PAYMENT_LINK_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  PLAN_STATUS_LABELS,
  PLATFORM_LINK_STATUS_LABELS,
  REPEATING_INVOICE_STATUS_LABELS,
  STATIC_QR_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  TRANSFER_STATUS_LABELS,
  HTTP_STATUS_LABELS,
} from '@merchant/payments';
import { COUPON_STATUS_LABELS, ORDER_STATUS_LABELS, STORE_FULFILMENT_LABELS, STORE_ORDER_STATUS_LABELS, STORE_DOMAIN_STATUS_LABELS } from '@merchant/catalogue';
import { PARTNER_INVITATION_STATUS_LABELS, REFERRAL_STATUS_LABELS } from '@merchant/business';
import { MALL_RUN_STATUS_LABELS, READER_CONNECTION_LABELS, READER_PAYMENT_STATUS_LABELS, TERMINAL_ORDER_STATUS_LABELS } from '@merchant/pos';

type Colors<S extends string> = Record<S, string>;
const kind = <S extends string>(labels: Record<S, string>, colors: Colors<S>) => ({ labels, colors });

/** An HTTP status's colour by its class: success green, the caller's error orange, the server's red. */
const HTTP_STATUS_COLORS = Object.fromEntries(
  Object.keys(HTTP_STATUS_LABELS).map((code) => [code, code.startsWith('2') ? 'green' : code.startsWith('4') ? 'orange' : 'red']),
);

/**
 * Every status the dashboard shows, by kind: its label (the packages' label maps, so the words are the
 * server's and the filters') and its colour. A status badge anywhere is `<StatusBadge kind status />`.
 */
export const STATUS_KINDS = {
  payment: kind(PAYMENT_STATUS_LABELS, {
    requires_payment_method: 'gray',
    processing: 'blue',
    requires_action: 'blue',
    succeeded: 'green',
    failed: 'red',
    partially_refunded: 'yellow',
    refunded: 'gray',
    expired: 'gray',
  }),
  invoice: kind(INVOICE_STATUS_LABELS, {
    draft: 'gray',
    sent: 'blue',
    partially_paid: 'yellow',
    paid: 'green',
    overdue: 'red',
    void: 'dark',
    refunded: 'grape',
  }),
  repeatingInvoice: kind(REPEATING_INVOICE_STATUS_LABELS, { active: 'green', paused: 'yellow', stopped: 'dark', completed: 'blue' }),
  link: kind(PAYMENT_LINK_STATUS_LABELS, { active: 'green', completed: 'blue', expired: 'gray', cancelled: 'red' }),
  staticQr: kind(STATIC_QR_STATUS_LABELS, { active: 'green', archived: 'gray' }),
  payout: kind(PAYOUT_STATUS_LABELS, { in_transit: 'blue', paid: 'green', failed: 'red' }),
  transfer: kind(TRANSFER_STATUS_LABELS, { awaiting_review: 'yellow', processing: 'blue', completed: 'green', failed: 'red', cancelled: 'gray' }),
  subscription: kind(SUBSCRIPTION_STATUS_LABELS, {
    pending: 'gray',
    trialing: 'blue',
    active: 'green',
    past_due: 'red',
    paused: 'yellow',
    unpaid: 'red',
    cancelled: 'dark',
    completed: 'teal',
  }),
  plan: kind(PLAN_STATUS_LABELS, { active: 'green', archived: 'gray' }),
  commission: kind({ accrued: 'Accrued', approved: 'Approved', paid: 'Paid' }, { accrued: 'blue', approved: 'yellow', paid: 'green' }),
  referral: kind(REFERRAL_STATUS_LABELS, { signed_up: 'gray', verified: 'blue', first_payment: 'green' }),
  referralReward: kind(
    { pending: 'Reward pending', credited: 'Reward credited', missed: 'No reward' },
    { pending: 'yellow', credited: 'green', missed: 'gray' },
  ),
  partnerLink: kind({ active: 'Linked', ended: 'Ended' }, { active: 'green', ended: 'gray' }),
  partnerInvitation: kind(PARTNER_INVITATION_STATUS_LABELS, { pending: 'yellow', accepted: 'green', declined: 'gray', revoked: 'gray', expired: 'gray' }),
  platformLink: kind(PLATFORM_LINK_STATUS_LABELS, { pending: 'yellow', active: 'green', declined: 'gray', ended: 'gray' }),
  linkedOnboarding: kind(
    { questionnaire: 'Setting up', pending_verification: 'Verification pending', blocked: 'Blocked', completed: 'Verified' },
    { questionnaire: 'gray', pending_verification: 'yellow', blocked: 'red', completed: 'green' },
  ),
  product: kind({ active: 'Active', archived: 'Archived' }, { active: 'green', archived: 'gray' }),
  location: kind({ active: 'Active', archived: 'Archived' }, { active: 'green', archived: 'gray' }),
  posOrder: kind(ORDER_STATUS_LABELS, { completed: 'green', partially_refunded: 'yellow', refunded: 'gray' }),
  storeOrder: kind(STORE_ORDER_STATUS_LABELS, { pending_payment: 'yellow', paid: 'green', cancelled: 'gray' }),
  storeFulfilment: kind(STORE_FULFILMENT_LABELS, { unfulfilled: 'yellow', packed: 'blue', shipped: 'blue', delivered: 'green', picked_up: 'green' }),
  pickup: kind({ active: 'Active', inactive: 'Off' }, { active: 'green', inactive: 'gray' }),
  bookingService: kind({ active: 'Bookable', inactive: 'Off' }, { active: 'green', inactive: 'gray' }),
  booking: kind({ confirmed: 'Confirmed', cancelled: 'Cancelled' }, { confirmed: 'green', cancelled: 'gray' }),
  storeDomain: kind(STORE_DOMAIN_STATUS_LABELS, { none: 'gray', pending: 'yellow', verified: 'green' }),
  storePage: kind({ published: 'Published', draft: 'Draft' }, { published: 'green', draft: 'gray' }),
  coupon: kind(COUPON_STATUS_LABELS, { active: 'green', scheduled: 'blue', expired: 'gray', used_up: 'yellow', inactive: 'dark' }),
  beneficiary: kind({ active: 'Active', closed: 'Closed' }, { active: 'green', closed: 'gray' }),
  webhookEndpoint: kind({ active: 'Active', disabled: 'Disabled' }, { active: 'green', disabled: 'gray' }),
  webhookDelivery: kind({ pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' }, { pending: 'yellow', succeeded: 'green', failed: 'red' }),
  member: kind({ active: 'Active', deactivated: 'Deactivated' }, { active: 'green', deactivated: 'gray' }),
  invoiceImport: kind({ validated: 'Not confirmed', confirmed: 'Creating', completed: 'Done' }, { validated: 'yellow', confirmed: 'blue', completed: 'green' }),
  invoiceImportRow: kind(
    { valid: 'Ready', invalid: 'Not imported', created: 'Created', failed: 'Not created' },
    { valid: 'blue', invalid: 'red', created: 'green', failed: 'red' },
  ),
  productImportRow: kind(
    { create: 'To add', update: 'To update', refused: 'Refused', done: 'Imported', failed: 'Not imported' },
    { create: 'blue', update: 'blue', refused: 'red', done: 'green', failed: 'red' },
  ),
  terminalOrder: kind(TERMINAL_ORDER_STATUS_LABELS, { placed: 'gray', processing: 'blue', shipped: 'cyan', delivered: 'green', cancelled: 'dark' }),
  readerConnection: kind(READER_CONNECTION_LABELS, { online: 'green', offline: 'red' }),
  readerPayment: kind(READER_PAYMENT_STATUS_LABELS, { processing: 'blue', requires_pin: 'yellow', succeeded: 'green', failed: 'red', cancelled: 'gray' }),
  mallRun: kind(MALL_RUN_STATUS_LABELS, { pending: 'gray', retrying: 'yellow', succeeded: 'green', failed: 'red' }),
  mallIntegration: kind({ active: 'Active', paused: 'Paused' }, { active: 'green', paused: 'gray' }),
  invitation: kind({ pending: 'Pending', expired: 'Expired' }, { pending: 'yellow', expired: 'red' }),
  httpStatus: kind(HTTP_STATUS_LABELS, HTTP_STATUS_COLORS),
  apiKey: kind({ active: 'Active', expiring: 'Expiring', revoked: 'Revoked' }, { active: 'green', expiring: 'yellow', revoked: 'gray' }),
  integration: kind({ enabled: 'Enabled', disabled: 'Disabled' }, { enabled: 'green', disabled: 'gray' }),
  accountingConnection: kind({ connected: 'Connected', not_connected: 'Not connected' }, { connected: 'green', not_connected: 'gray' }),
  accountingJournal: kind(JOURNAL_STATUS_LABELS, { posted: 'green', failed: 'red' }),
} as const;

export type StatusKind = keyof typeof STATUS_KINDS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_KINDS)[K]['labels'] & string;

/** A status as a coloured badge, its words and colour from `STATUS_KINDS`. */
export function StatusBadge<K extends StatusKind>({ kind: k, status }: { kind: K; status: StatusOf<K> }) {
  const { labels, colors } = STATUS_KINDS[k] as { labels: Record<string, string>; colors: Record<string, string> };
  return (
    <Badge component="span" variant="light" color={colors[status] ?? 'gray'} style={{ minWidth: 'max-content' }}>
      {labels[status] ?? status}
    </Badge>
  );
}
