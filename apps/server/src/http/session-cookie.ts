import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SessionService } from '../modules/identity/session/session.service';
import type { UserRow } from './context';

export const SESSION_COOKIE = 'md_session';

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Loads the session and its user into `req.ctx` for every request. */
export function installSessionLoader(app: FastifyInstance, deps: { sessions: SessionService }): void {
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    const resolved = await deps.sessions.resolve(token);
    const session = resolved?.session ?? null;
    const user: UserRow | null = resolved?.user ?? null;
    req.ctx = {
      requestId: req.id,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      sessionToken: session && token ? token : null,
      session,
      user,
      business: null,
    };
  });
}
