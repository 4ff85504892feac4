import { refusalsOf } from '../permissions/standing';
import type { Endpoint } from './endpoint';
import { ERROR_STATUS, type ErrorCode } from './errors';

/**
 * Endpoints that hand out the anti-forgery token cannot require it. The public support chat's writes act on no
 * cookie's authority (a conversation is opened by the token in its path, and anyone may start one), and its page
 * is framed on the business's own site, where the browser sends the app's cookies to no request (docs/security.md).
 */
export const CSRF_EXEMPT_ENDPOINTS: readonly string[] = [
  'auth.csrfToken',
  'checkout.csrfToken',
  'invoicePages.csrfToken',
  'supportChat.start',
  'supportChat.post',
  'supportChat.postAttachment',
];

/** The one business endpoint a member without the business's required two-factor may call. */
export const TWO_FACTOR_EXEMPT_ENDPOINT = 'business.get';

/**
 * Every error code an endpoint can answer: those its access rule, input and idempotency imply (written
 * once, here) and the domain codes it declares in `errors`.
 */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const access = endpoint.access;
  if (endpoint.method !== 'GET' && !CSRF_EXEMPT_ENDPOINTS.includes(endpoint.id)) codes.add('CSRF_TOKEN_MISMATCH');
  if (access.kind !== 'public' && access.kind !== 'guest') codes.add('UNAUTHENTICATED');
  if (access.kind === 'super-admin') codes.add('FORBIDDEN');
  if (access.kind === 'business') {
    codes.add('NOT_FOUND');
    codes.add('FORBIDDEN');
    if (endpoint.id !== TWO_FACTOR_EXEMPT_ENDPOINT) codes.add('BUSINESS_TWO_FACTOR_REQUIRED');
    for (const code of refusalsOf(access.standing)) codes.add(code);
  }
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.method !== 'GET') codes.add('VALIDATION_FAILED');
  if (endpoint.method !== 'GET') codes.add('PAYLOAD_TOO_LARGE');
  if (endpoint.idempotent) {
    codes.add('IDEMPOTENCY_KEY_REUSED');
    codes.add('IDEMPOTENCY_REQUEST_IN_FLIGHT');
  }
  for (const code of endpoint.errors ?? []) codes.add(code);
  return [...codes];
}

/** The error answers of an endpoint by HTTP status, for its OpenAPI operation. */
export function errorAnswersOf(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
