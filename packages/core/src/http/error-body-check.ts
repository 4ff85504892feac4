import type { ApiErrorBody, ApiIssue } from './error-body';

/*
 * The error body read without a schema library: the web client reads error bodies on every screen, the login
 * screen included, and this check costs it nothing. `ApiErrorBodySchema` stays the one the server answers with
 * and the OpenAPI document shows; the test proves this check accepts and refuses exactly what that schema does.
 */

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function readIssue(value: unknown): ApiIssue | null {
  if (!isRecord(value)) return null;
  const { path, message } = value;
  return typeof path === 'string' && typeof message === 'string' ? { path, message } : null;
}

/**
 * The body's own fields when `value` has the product's error shape (other fields dropped, as the schema's
 * parse drops them), otherwise null.
 */
export function readApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value)) return null;
  const { code, message, issues, requestId } = value;
  if (typeof code !== 'string' || typeof message !== 'string' || typeof requestId !== 'string') return null;
  if (issues === undefined) return 'issues' in value ? { code, message, issues, requestId } : { code, message, requestId };
  if (!Array.isArray(issues)) return null;
  const read: ApiIssue[] = [];
  for (const issue of issues as unknown[]) {
    const one = readIssue(issue);
    if (one === null) return null;
    read.push(one);
  }
  return { code, message, issues: read, requestId };
}
