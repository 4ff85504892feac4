import { hmacSha256, safeEqual } from '@/lib/crypto';

/**
 * Signed portal links (docs/payments.md, "Customer portal"): `<customer id>.<expiry, unix seconds>.<signature>`,
 * the signature an HMAC-SHA256 with the server's `portal_link_key` over the business, the customer and the
 * expiry. The business is the URL's own (`/{business_id}/portal/{token}`), so a token moved under another
 * business fails its signature; changing any part of it does too.
 */
export type PortalTokenCheck =
  { kind: 'valid'; customerId: string; expiresAt: Date } | { kind: 'expired'; customerId: string; expiresAt: Date } | { kind: 'invalid' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECONDS = /^[1-9][0-9]{0,11}$/;

const signed = (businessId: string, customerId: string, expires: string) => `portal.v1|${businessId}|${customerId}|${expires}`;

export function signPortalToken(key: string, businessId: string, customerId: string, expiresAt: Date): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return `${customerId}.${expires}.${hmacSha256(key, signed(businessId, customerId, expires))}`;
}

/** Whether the token is this business's, untouched, and still open at `now`; an expired one still names its customer. */
export function checkPortalToken(key: string, businessId: string, token: string, now: Date): PortalTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { kind: 'invalid' };
  const [customerId, expires, signature] = parts as [string, string, string];
  if (!UUID.test(customerId) || !SECONDS.test(expires)) return { kind: 'invalid' };
  if (!safeEqual(signature, hmacSha256(key, signed(businessId.toLowerCase(), customerId, expires)))) return { kind: 'invalid' };
  const expiresAt = new Date(Number(expires) * 1000);
  return expiresAt.getTime() <= now.getTime() ? { kind: 'expired', customerId, expiresAt } : { kind: 'valid', customerId, expiresAt };
}
