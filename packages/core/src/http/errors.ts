import type { ApiIssue } from './error-body';

/**
 * Every error code the API can answer, with its HTTP status. Domain codes are prefixed
 * with their domain (AUTH_, BUSINESS_, ...). The status of a code is written here only.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  CSRF_TOKEN_MISMATCH: 419,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  AUTH_INVALID_CREDENTIALS: 422,
  AUTH_ACCOUNT_LOCKED: 429,
  AUTH_TWO_FACTOR_INVALID: 422,
  AUTH_NO_PENDING_CHECKPOINT: 409,
  AUTH_PASSWORD_INCORRECT: 422,
  AUTH_RESET_TOKEN_INVALID: 422,
  AUTH_EMAIL_TAKEN: 422,
  AUTH_TWO_FACTOR_ALREADY_ENABLED: 409,
  AUTH_TWO_FACTOR_NOT_ENABLED: 409,
  AUTH_TWO_FACTOR_NOT_STARTED: 409,
  INVITATION_INVALID: 404,
  STAFF_MEMBER_NOT_FOUND: 404,
  PARTNER_LINK_NOT_FOUND: 404,
  PARTNER_INVITATION_NOT_FOUND: 404,
  PARTNER_INVITATION_NOT_PENDING: 409,
  PARTNER_ALREADY_LINKED: 409,
  PARTNER_ALREADY_INVITED: 422,
  PARTNER_INVITATION_LIMIT: 429,
  REFERRAL_CODE_UNKNOWN: 422,
  STAFF_INVITATION_NOT_FOUND: 404,
  STAFF_ALREADY_MEMBER: 422,
  STAFF_ALREADY_INVITED: 422,
  STAFF_ROLE_NOT_ALLOWED: 403,
  STAFF_LAST_OWNER: 422,
  STAFF_SELF_CHANGE: 422,
  BUSINESS_COUNTRY_LOCKED: 422,
  BUSINESS_TWO_FACTOR_REQUIRED: 403,
  BUSINESS_IS_PARTNER: 403,
  BUSINESS_NOT_PARTNER: 403,
  BUSINESS_BLOCKED: 403,
  BUSINESS_NOT_VERIFIED: 403,
  BUSINESS_CANNOT_TAKE_PAYMENTS: 403,
  BUSINESS_TWO_FACTOR_SELF_REQUIRED: 422,
  ONBOARDING_LOCKED: 409,
  ONBOARDING_INCOMPLETE: 422,
  ONBOARDING_OWNER_ONLY: 403,
  ONBOARDING_DOCUMENT_NOT_FOUND: 404,
  ONBOARDING_DOCUMENT_INVALID: 422,
  ONBOARDING_DOCUMENT_TOO_LARGE: 422,
  ONBOARDING_DOCUMENT_TYPE_MISMATCH: 422,
  ONBOARDING_DOCUMENT_LIMIT: 422,
  VERIFICATION_NOT_PENDING: 409,
  VERIFICATION_NOT_BLOCKED: 409,
  VERIFICATION_BUSINESS_NOT_FOUND: 404,
  EMAIL_TEMPLATE_UNKNOWN_VARIABLE: 422,
  CUSTOMER_NOT_FOUND: 404,
  BANK_ACCOUNT_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  INTEGRATION_NOT_FOUND: 404,
  API_KEY_REVOKED: 409,
  WEBHOOK_NOT_FOUND: 404,
  REQUEST_LOG_ENTRY_NOT_FOUND: 404,
  PLATFORM_NOT_ENABLED: 403,
  PLATFORM_LINK_NOT_FOUND: 404,
  PLATFORM_LINK_EXISTS: 409,
  PLATFORM_LINK_NOT_PENDING: 409,
  PLATFORM_LINK_NOT_ACTIVE: 409,
  PLATFORM_BUSINESS_UNKNOWN: 422,
  /** The endpoint is disabled: enable it to send to it. */
  WEBHOOK_DISABLED: 409,
  /** The accounting tool is not connected (connect it first). */
  CONNECTION_NOT_CONNECTED: 409,
  /** The accounting tool's accounts are not mapped yet: no journal can be posted. */
  CONNECTION_NOT_MAPPED: 409,
  BALANCE_NOT_FOUND: 404,
  CUSTOMER_EMAIL_TAKEN: 422,
  PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  CATEGORY_NOT_EMPTY: 409,
  MEDIA_NOT_FOUND: 404,
  /** Not an image the library takes (JPEG, PNG, WebP, GIF), read from its bytes. */
  MEDIA_INVALID: 422,
  MEDIA_TOO_LARGE: 422,
  /** Products or categories show it: delete with `detach` to take it off them. */
  MEDIA_IN_USE: 409,
  ADD_ON_GROUP_NOT_FOUND: 404,
  LOCATION_NOT_FOUND: 404,
  /** The online store sells from it: choose another first. */
  LOCATION_IN_USE: 409,
  /** A change would take a variant's stock below zero (its product does not allow backorders). */
  STOCK_INSUFFICIENT: 422,
  TAX_NOT_FOUND: 404,
  DISCOUNT_NOT_FOUND: 404,
  SURCHARGE_NOT_FOUND: 404,
  SHIPPING_ZONE_NOT_FOUND: 404,
  PICKUP_NOT_FOUND: 404,
  COUPON_NOT_FOUND: 404,
  STORE_PAGE_NOT_FOUND: 404,
  STORE_THEME_NOT_FOUND: 404,
  BOOKING_SERVICE_NOT_FOUND: 404,
  BOOKING_TIME_OFF_NOT_FOUND: 404,
  BOOKING_NOT_FOUND: 404,
  /** The booking was cancelled already (or its time has passed): it cannot change. */
  BOOKING_STATE: 409,
  /** The theme was saved by someone else since it was read (its version moved on): reload it. */
  STORE_THEME_STALE: 409,
  /** The live theme cannot be deleted: publish another first. */
  STORE_THEME_LIVE: 409,
  TERMINAL_READER_NOT_FOUND: 404,
  /** The reader takes no payment now: offline, unpaired or at no active location (its message says which). */
  TERMINAL_READER_UNAVAILABLE: 409,
  TERMINAL_ORDER_NOT_FOUND: 404,
  /** The order cannot move that way from its status (cancelled only while placed). */
  TERMINAL_ORDER_NOT_CHANGEABLE: 409,
  MALL_INTEGRATION_NOT_FOUND: 404,
  MALL_RUN_NOT_FOUND: 404,
  PROVIDER_SETTINGS_INVALID: 422,
  PROVIDER_NOT_CONNECTED: 409,
  LOGO_INVALID: 422,
  LOGO_TOO_LARGE: 422,
  LOGO_NOT_FOUND: 404,
  PAYMENT_LINK_NOT_FOUND: 404,
  PAYMENT_LINK_NOT_EDITABLE: 409,
  PAYMENT_LINK_NO_EMAIL: 422,
  INVOICE_NOT_FOUND: 404,
  STORE_ORDER_NOT_FOUND: 404,
  STORE_ORDER_STATE: 409,
  /** Another business has connected this domain to its store. */
  STORE_DOMAIN_TAKEN: 409,
  /** The business has no custom domain to verify. */
  STORE_DOMAIN_NOT_CONNECTED: 409,
  INVOICE_NOT_EDITABLE: 409,
  INVOICE_NOT_PAYABLE: 409,
  INVOICE_NOT_SENDABLE: 409,
  INVOICE_NO_EMAIL: 422,
  INVOICE_OVERPAYMENT: 422,
  REPEATING_INVOICE_NOT_FOUND: 404,
  REPEATING_INVOICE_ENDED: 409,
  INVOICE_IMPORT_NOT_FOUND: 404,
  INVOICE_IMPORT_FILE_INVALID: 422,
  INVOICE_IMPORT_FILE_TOO_LARGE: 413,
  INVOICE_IMPORT_COLUMNS_INVALID: 422,
  INVOICE_IMPORT_TOO_MANY_ROWS: 422,
  INVOICE_IMPORT_NOTHING_TO_CREATE: 409,
  PRODUCT_IMPORT_NOT_FOUND: 404,
  PRODUCT_IMPORT_FILE_INVALID: 422,
  PRODUCT_IMPORT_FILE_TOO_LARGE: 413,
  PRODUCT_IMPORT_COLUMNS_INVALID: 422,
  PRODUCT_IMPORT_TOO_MANY_ROWS: 422,
  PRODUCT_IMPORT_NOTHING_TO_APPLY: 409,
  STATIC_QR_NOT_FOUND: 404,
  STATIC_QR_ARCHIVED: 409,
  PLAN_NOT_FOUND: 404,
  PORTAL_LINK_INVALID: 404,
  PORTAL_LINK_EXPIRED: 410,
  CHAT_BUSINESS_NOT_FOUND: 404,
  CHAT_TOKEN_INVALID: 404,
  CHAT_CONVERSATION_NOT_FOUND: 404,
  CHAT_ASSIGNEE_NOT_ALLOWED: 422,
  CHAT_CANNED_REPLY_NOT_FOUND: 404,
  NOTIFICATION_NOT_FOUND: 404,
  CHAT_ATTACHMENT_INVALID: 422,
  CHAT_ATTACHMENT_TOO_LARGE: 413,
  CHAT_ATTACHMENT_TYPE: 415,
  CHAT_ATTACHMENT_MISMATCH: 422,
  CHAT_ATTACHMENT_NOT_FOUND: 404,
  CUSTOMER_NO_EMAIL: 422,
  MANDATE_NOT_FOUND: 404,
  MANDATE_NOT_PENDING: 409,
  MANDATE_NOT_AT_BANK: 409,
  PLAN_ARCHIVED: 409,
  SUBSCRIPTION_NOT_FOUND: 404,
  SUBSCRIPTION_ACTION_NOT_ALLOWED: 409,
  SUBSCRIPTION_SETUP_NOT_FOUND: 404,
  SUBSCRIPTION_SETUP_UNAVAILABLE: 409,
  PAYMENT_CARD_DECLINED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_REQUEST_IN_FLIGHT: 409,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_NOT_PAYABLE: 409,
  PAYMENT_NO_PENDING_ACTION: 409,
  PAYMENT_METHOD_UNAVAILABLE: 422,
  PAYMENT_AMOUNT_OUTSIDE_LIMITS: 422,
  PAYMENT_CARD_INVALID: 422,
  PAYMENT_SOURCE_UNAVAILABLE: 409,
  /** The processor did not answer: the attempt stays pending, a retry (same Idempotency-Key) resumes it. */
  PAYMENT_PROCESSOR_UNAVAILABLE: 503,
  CHECKOUT_NOT_FOUND: 404,
  CHECKOUT_CARDS_PAUSED: 429,
  REFUND_NOT_ALLOWED: 409,
  REFUND_EXCEEDS_REMAINING: 422,
  PAYOUT_NOT_FOUND: 404,
  PAYOUT_NO_BANK_ACCOUNT: 422,
  PAYOUT_EXCEEDS_AVAILABLE: 422,
  SEND_MONEY_NOT_ENABLED: 404,
  BENEFICIARY_NOT_FOUND: 404,
  BENEFICIARY_CLOSED: 422,
  TRANSFER_NOT_FOUND: 404,
  TRANSFER_QUOTE_NOT_FOUND: 422,
  TRANSFER_QUOTE_EXPIRED: 422,
  TRANSFER_INSUFFICIENT_FUNDS: 422,
  TRANSFER_NOT_REVIEWABLE: 409,
  TRANSFER_SELF_REVIEW: 403,
  /** Point of sale (docs/pos.md). */
  DRAWER_NOT_FOUND: 404,
  /** The person already has an open drawer session in this business. */
  DRAWER_ALREADY_OPEN: 409,
  /** A sale, refund or cash movement needs the person's open drawer session. */
  DRAWER_NOT_OPEN: 409,
  POS_ORDER_NOT_FOUND: 404,
  /** The caller's role may not do this alone: a manager's POS PIN is needed. */
  POS_OVERRIDE_REQUIRED: 403,
  /** The manager's POS PIN is wrong, or the person named holds no PIN or cannot override. */
  POS_PIN_INVALID: 422,
  /** The same idempotency key was already used for a different sale. */
  POS_SALE_KEY_REUSED: 422,
  POS_DEVICE_NOT_FOUND: 404,
  /** The order was refunded by someone else between a refund's first read and its transaction. */
  POS_ORDER_CHANGED: 409,
  POS_REFUND_UNDER_WAY: 409,
  /** The draft order was paid already (by this register or another): it is paid once. */
  POS_DRAFT_ALREADY_PAID: 409,
  /** A receipt was mailed too often for this order in a short time. */
  POS_RECEIPT_MAIL_LIMITED: 429,
  /** The caller is limited to other locations (docs/roles.md, "Locations"): they cannot act at this one. */
  LOCATION_NOT_ALLOWED: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export { ApiErrorBodySchema, ApiIssueSchema, type ApiErrorBody, type ApiIssue } from './error-body';
export { readApiErrorBody } from './error-body-check';

/** Thrown by services; the server's error handler turns it into the one error body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/**
 * A refusal to come back later (a rate limit, a daily quota): the answer carries `Retry-After`, the whole seconds
 * until the limit's window ends (at least 1).
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: ErrorCode, message: string, retryAfterMs: number, issues?: ApiIssue[]) {
    super(code, message, issues);
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** A 422 with one field issue: the common case of a rule that a schema cannot express. */
export function fieldError(code: ErrorCode, path: string, message: string): AppError {
  return new AppError(code, message, [{ path, message }]);
}
