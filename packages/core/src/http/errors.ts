import { z } from 'zod';

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
  STAFF_INVITATION_NOT_FOUND: 404,
  STAFF_ALREADY_MEMBER: 422,
  STAFF_ALREADY_INVITED: 422,
  STAFF_ROLE_NOT_ALLOWED: 403,
  STAFF_LAST_OWNER: 422,
  STAFF_SELF_CHANGE: 422,
  BUSINESS_COUNTRY_LOCKED: 422,
  BUSINESS_TWO_FACTOR_REQUIRED: 403,
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
  VERIFICATION_BUSINESS_NOT_FOUND: 404,
  EMAIL_TEMPLATE_UNKNOWN_VARIABLE: 422,
  CUSTOMER_NOT_FOUND: 404,
  CUSTOMER_EMAIL_TAKEN: 422,
  PRODUCT_NOT_FOUND: 404,
  PROVIDER_SETTINGS_INVALID: 422,
  PROVIDER_NOT_CONNECTED: 409,
  LOGO_INVALID: 422,
  LOGO_TOO_LARGE: 422,
  LOGO_NOT_FOUND: 404,
  PAYMENT_LINK_NOT_FOUND: 404,
  PAYMENT_LINK_NOT_EDITABLE: 409,
  PAYMENT_LINK_NO_EMAIL: 422,
  STATIC_QR_NOT_FOUND: 404,
  STATIC_QR_ARCHIVED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_REQUEST_IN_FLIGHT: 409,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_NOT_PAYABLE: 409,
  PAYMENT_NO_PENDING_ACTION: 409,
  PAYMENT_METHOD_UNAVAILABLE: 422,
  PAYMENT_AMOUNT_OUTSIDE_LIMITS: 422,
  PAYMENT_CARD_INVALID: 422,
  PAYMENT_SOURCE_UNAVAILABLE: 409,
  CHECKOUT_NOT_FOUND: 404,
  REFUND_NOT_ALLOWED: 409,
  REFUND_EXCEEDS_REMAINING: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ApiIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof ApiIssueSchema>;

export const ApiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(ApiIssueSchema).optional(),
  requestId: z.string(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

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

/** A 422 with one field issue: the common case of a rule that a schema cannot express. */
export function fieldError(code: ErrorCode, path: string, message: string): AppError {
  return new AppError(code, message, [{ path, message }]);
}
