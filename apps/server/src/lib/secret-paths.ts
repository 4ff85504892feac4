import { SCREEN_PATHS } from '@merchant/core';
import { supportChatEndpoints } from '@merchant/business';
import { authEndpoints } from '@merchant/identity';
import { customerPortalEndpoints } from '@merchant/payments';

/** Path parameters that are secrets: whoever reads them can use the link (docs/security.md, "What is logged"). */
export const SECRET_PARAMS: ReadonlySet<string> = new Set(['token', 'hash', 'reset_token']);

/**
 * Paths that carry a secret: pages people open from a mail (a reset, an invitation, the customer portal) and the API
 * calls those pages make. A path that starts like one of them has the secret segments masked (the portal's calls
 * below `/v1/portal/:business_id/:token/...` too). A test holds that every declared endpoint with a secret
 * parameter is covered.
 */
export const SECRET_PATHS: readonly string[] = [
  SCREEN_PATHS.passwordReset,
  SCREEN_PATHS.registerComplete,
  SCREEN_PATHS.customerPortal,
  authEndpoints.invitationPreview.path,
  customerPortalEndpoints.get.path,
  // A support conversation's token: its calls and its socket below it.
  supportChatEndpoints.read.path,
];

/** Query parameters that are secrets: the same names, and `t`, the support chat's mailed link (`?t=<token>`). */
const SECRET_QUERY: ReadonlySet<string> = new Set([...SECRET_PARAMS, 't']);

const MASK = '[redacted]';

/** One path pattern as segments: a literal to match, or a parameter (masked when secret). */
type Segment = { literal: string } | { secret: boolean };
const PATTERNS: readonly Segment[][] = SECRET_PATHS.map((path) =>
  path
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith(':') ? { secret: SECRET_PARAMS.has(part.slice(1)) } : { literal: part })),
);

/** The URL as a log may show it: secret path segments and query parameters replaced by `[redacted]`. */
export function maskSecretPaths(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const segments = path.split('/').slice(1);
  for (const pattern of PATTERNS) {
    if (segments.length < pattern.length) continue;
    if (!pattern.every((part, i) => !('literal' in part) || part.literal === segments[i])) continue;
    pattern.forEach((part, i) => {
      if ('secret' in part && part.secret) segments[i] = MASK;
    });
  }
  const masked = `/${segments.join('/')}`;
  if (queryAt < 0) return masked;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of SECRET_QUERY) if (query.has(name)) query.set(name, MASK);
  return `${masked}?${query.toString()}`;
}
