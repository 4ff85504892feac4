import { ApiError } from './api-client';

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v;
  return undefined;
}

/**
 * Spec 8: the first found of response message, error.message, error_message, error_code, error;
 * otherwise the exception message; otherwise "Error".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as Record<string, unknown> | null;
    const nested = body && typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : undefined;
    return (
      firstString(
        body?.message,
        nested?.message,
        body?.error_message,
        body?.error_code,
        typeof body?.error === 'string' ? body.error : undefined,
        error.message,
      ) ?? 'Error'
    );
  }
  if (error instanceof Error) return firstString(error.message) ?? 'Error';
  return 'Error';
}

/** Field issues of a 422, keyed by the field path ("business.name"), for forms. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body?.issues) return {};
  const out: Record<string, string> = {};
  for (const issue of error.body.issues) out[issue.path] ??= issue.message;
  return out;
}
