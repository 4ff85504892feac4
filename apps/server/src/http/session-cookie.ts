import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hmacSha256, randomToken } from '../lib/crypto';
import type { SessionRow, UserRow } from './context';

export const SESSION_COOKIE = 'md_session';

/** A cookie value as the server makes them: 32 random bytes, base64url. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A guest's anti-forgery token needs no stored session: it is the server's HMAC of the guest's random
 * cookie value. Nothing is stored until the guest signs in (the new session then keeps the token).
 */
export function createGuestTokens(key: string) {
  return {
    tokenFor: (cookieValue: string): string => hmacSha256(key, `guest-csrf:${cookieValue}`),
    /** The caller's cookie value when it is one the server could have made, else a new one. */
    cookieValue: (current: string | undefined): { value: string; fresh: boolean } =>
      current && COOKIE_VALUE.test(current) ? { value: current, fresh: false } : { value: randomToken(32), fresh: true },
  };
}
export type GuestTokens = ReturnType<typeof createGuestTokens>;

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** What the session loader needs: the session module's lookup of a session cookie. */
export interface SessionResolver {
  resolve(token: string | undefined): Promise<{ session: SessionRow; user: UserRow | null } | null>;
}

/**
 * Loads the session and its user into `req.ctx` for every request.
 * A callback hook, and without a session cookie no lookup at all: a request that carries none (a health check, the
 * public API) pays no promise for it.
 */
export function installSessionLoader(app: FastifyInstance, deps: { sessions: SessionResolver; guestTokens: GuestTokens }): void {
  app.decorateRequest('ctx', null as never);
  const load = (req: FastifyRequest, token: string | undefined, resolved: { session: SessionRow; user: UserRow | null } | null) => {
    const session = resolved?.session ?? null;
    const user: UserRow | null = resolved?.user ?? null;
    req.ctx = {
      requestId: req.id,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      sessionToken: session && token ? token : null,
      session,
      user,
      csrfToken: session ? session.csrfToken : token && COOKIE_VALUE.test(token) ? deps.guestTokens.tokenFor(token) : null,
      business: null,
    };
  };
  app.addHook('onRequest', (req, _reply, done) => {
    // The cookie plugin's hook (app.ts) has parsed `req.cookies`.
    const token = req.cookies[SESSION_COOKIE];
    if (!token) {
      load(req, token, null);
      done();
      return;
    }
    deps.sessions.resolve(token).then(
      (resolved) => {
        load(req, token, resolved);
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}
