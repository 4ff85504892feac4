import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The public support chat page is framed by the launcher on the business's own site (docs/decisions.md, "Support
 * chat"), so that page alone may be framed by any site; everything else keeps `frame-ancestors 'none'`.
 */
const FRAMEABLE_CSP = CSP.replace("frame-ancestors 'none'", 'frame-ancestors *');
const FRAMEABLE_PAGE = /^\/public\/[0-9a-fA-F-]{36}\/support-chat\/?(?:\?|$)/;

/**
 * A JSON answer is no document: it may load nothing and be framed nowhere (the policy OWASP gives for APIs). It keeps
 * every answer's header short: the document policy and the Permissions-Policy below weigh about 700 bytes, sent and
 * checked by Node on every API answer for nothing (docs/benchmarks.md, "What one request costs").
 */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A dashboard needs none of the browser's powerful features: each one is denied to every origin (on documents). */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export interface SecurityHeaderOptions {
  https: boolean;
}

/** Field notes: security headers on every answer; HSTS only when served over HTTPS. A callback hook: no promise per answer. */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    applySecurityHeaders(req, reply, options);
    done(null, payload);
  });
}

/** The headers themselves, also for answers Fastify sends before any hook runs (a malformed URL). */
export function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply, options: SecurityHeaderOptions): void {
  const json = String(reply.getHeader('Content-Type') ?? '').startsWith('application/json');
  // A page that names its own policy keeps it (the storefront's forms post on to the hosted checkout).
  const frameable = !json && FRAMEABLE_PAGE.test(req.url);
  if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', json ? JSON_CSP : frameable ? FRAMEABLE_CSP : CSP);
  if (!json) reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!frameable) reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('X-Request-Id', req.id);
  if (options.https || req.protocol === 'https') {
    reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  if (!reply.hasHeader('Cache-Control') && req.url.startsWith('/v1')) reply.header('Cache-Control', 'no-store');
}
