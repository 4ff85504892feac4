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
  CONFLICT: 409,
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
  INVITATION_EMAIL_MISMATCH: 403,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_REQUEST_IN_FLIGHT: 409,
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
