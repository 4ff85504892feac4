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

/** Field notes: security headers on every answer; HSTS only when served over HTTPS. */
export function setSecurityHeaders(req: FastifyRequest, reply: FastifyReply, options: { https: boolean }): void {
  reply.header('Content-Security-Policy', CSP);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('X-Request-Id', req.id);
  if (options.https || req.protocol === 'https') {
    reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  if (!reply.hasHeader('Cache-Control') && req.url.startsWith('/v1')) reply.header('Cache-Control', 'no-store');
}

/** Every answer of a route, and of the not-found and error handlers, passes through onSend. */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onSend', async (req, reply) => setSecurityHeaders(req, reply, options));
}
