import { ApiError } from './api-client';

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v;
  return undefined;
}

/**
 * Spec 8: the first found of the response body's message, error.message, error_message, error_code,
 * error (whatever shape the body has, not only the server's own); otherwise the exception
 * message; otherwise "Error".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = asRecord(error.data);
    const nested = asRecord(body?.error);
    return firstString(body?.message, nested?.message, body?.error_message, body?.error_code, body?.error, error.message) ?? 'Error';
  }
  if (error instanceof Error) return firstString(error.message) ?? 'Error';
  return 'Error';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Field issues of a 422, keyed by the field path ("business.name"), for forms. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body?.issues) return {};
  const out: Record<string, string> = {};
  for (const issue of error.body.issues) out[issue.path] ??= issue.message;
  return out;
}
