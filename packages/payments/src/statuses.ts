/** Status enums of the payments capabilities, defined once here and used by the database schema. */
export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

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
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What an invoice's timeline records. */
export const INVOICE_EVENT_KINDS = ['created', 'sent', 'viewed', 'reminded', 'overdue', 'paid', 'voided'] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

/** Recurring plans (docs/payments.md, "recurring-plans"): active, or archived (kept for their subscriptions). */
export const PLAN_STATUSES = ['active', 'archived'] as const;
/** How often a plan charges: weekly, monthly, yearly, or every N days. */
export const PLAN_INTERVALS = ['weekly', 'monthly', 'yearly', 'every_n_days'] as const;
/** A CSV import of invoices: checked and waiting for a confirm, confirmed (being created), completed. */
export const INVOICE_IMPORT_STATUSES = ['validated', 'confirmed', 'completed'] as const;
export type InvoiceImportStatus = (typeof INVOICE_IMPORT_STATUSES)[number];
