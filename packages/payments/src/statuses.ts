/** Status enums of the payments capabilities, defined once here and used by the database schema. */

export const PAYMENT_LINK_STATUSES = ['active', 'completed', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const STATIC_QR_STATUSES = ['active', 'archived'] as const;
export type StaticQrStatus = (typeof STATIC_QR_STATUSES)[number];

export const PROVIDER_CONNECTION_STATUSES = ['pending', 'connected', 'disconnected'] as const;
export type ProviderConnectionStatus = (typeof PROVIDER_CONNECTION_STATUSES)[number];

/**
 * Invoice statuses (docs/payments.md, "invoices"). `overdue` is set by a schedule, never computed on a screen;
 * `partially_paid` and `paid` follow the payments.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What an invoice's timeline records. */
export const INVOICE_EVENT_KINDS = ['created', 'sent', 'viewed', 'reminded', 'overdue', 'paid', 'voided', 'refunded'] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

/** Recurring plans (docs/payments.md, "recurring-plans"): active, or archived (kept for their subscriptions). */
export const PLAN_STATUSES = ['active', 'archived'] as const;
/** How often a plan charges: weekly, monthly, yearly, or every N days. */
export const PLAN_INTERVALS = ['weekly', 'monthly', 'yearly', 'every_n_days'] as const;
/** A CSV import of invoices: checked and waiting for a confirm, confirmed (being created), completed. */
export const INVOICE_IMPORT_STATUSES = ['validated', 'confirmed', 'completed'] as const;
export type InvoiceImportStatus = (typeof INVOICE_IMPORT_STATUSES)[number];
/**
 * Subscriptions (docs/payments.md, "subscriptions"): pending (no payment method yet), trialing, active, past_due
 * (a charge failed; retries scheduled), paused, unpaid (retries ran out and the business keeps it), and the
 * final cancelled and completed (every charge made).
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'trialing', 'active', 'past_due', 'paused', 'unpaid', 'cancelled', 'completed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** What a subscription's saved payment method is: a card today, a direct debit mandate later. */
export const SAVED_METHOD_KINDS = ['card', 'direct_debit'] as const;
export type SavedMethodKind = (typeof SAVED_METHOD_KINDS)[number];
/** One charge attempt of a subscription's period. */
export const SUBSCRIPTION_CHARGE_OUTCOMES = ['succeeded', 'failed'] as const;
/** What happens when the last retry of a period fails. */
export const SUBSCRIPTION_FINAL_ACTIONS = ['cancel', 'unpaid'] as const;
/** A link that saves a subscription's payment method: open until used or expired. */
export const SUBSCRIPTION_SETUP_STATUSES = ['open', 'completed'] as const;
