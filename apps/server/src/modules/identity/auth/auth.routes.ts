import type { FastifyInstance, FastifyReply } from 'fastify';
import { authEndpoints } from '@merchant/identity';
import { registerEndpoint } from '../../../http/endpoint';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../../http/session-cookie';
import type { AppDeps } from '../../../app';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { auth } = deps.services;
  const secure = deps.secureCookies;
  const setCookie = (reply: FastifyReply, token: string) => setSessionCookie(reply, token, secure);

  // A guest gets a token signed for their cookie value and no stored session (see docs/security.md).
  registerEndpoint(app, deps, authEndpoints.csrfToken, async ({ ctx, req, reply }) => {
    if (ctx.session) return { token: ctx.session.csrfToken };
    const cookie = deps.guestTokens.cookieValue(req.cookies[SESSION_COOKIE]);
    if (cookie.fresh) setCookie(reply, cookie.value);
    return { token: deps.guestTokens.tokenFor(cookie.value) };
  });

  registerEndpoint(app, deps, authEndpoints.login, async ({ body, ctx, reply }) => {
    const result = await auth.login(ctx, body);
    setCookie(reply, result.session.token);
    return result.status === 'authenticated' ? { status: result.status, user: result.user } : { status: result.status };
  });

  registerEndpoint(app, deps, authEndpoints.checkpoint, async ({ body, ctx, reply }) => {
    const result = await auth.checkpoint(ctx, body);
    setCookie(reply, result.session.token);
    return { user: result.user };
  });

  registerEndpoint(app, deps, authEndpoints.logout, async ({ ctx, reply }) => {
    await auth.logout(ctx);
    clearSessionCookie(reply, secure);
    return { ok: true as const };
  });

  registerEndpoint(app, deps, authEndpoints.requestPasswordReset, async ({ body, ctx }) => {
    await auth.requestPasswordReset(ctx, body.email);
    return { message: 'If an account uses this email, we have mailed it a link to reset the password.' };
  });

  registerEndpoint(app, deps, authEndpoints.resetPassword, async ({ body, ctx }) => {
    await auth.resetPassword(ctx, body);
    return { message: 'Your password has been reset.' };
  });

  registerEndpoint(app, deps, authEndpoints.register, async ({ body, ctx, reply }) => {
    const result = await auth.register(ctx, body, 'merchant');
    setCookie(reply, result.session.token);
    return { user: result.user, business_id: result.businessId };
  });

  registerEndpoint(app, deps, authEndpoints.registerPartner, async ({ body, ctx, reply }) => {
    const result = await auth.register(ctx, body, 'partner');
    setCookie(reply, result.session.token);
    return { user: result.user, business_id: result.businessId };
  });

  registerEndpoint(app, deps, authEndpoints.invitationPreview, async ({ params }) => {
    const { invitation, businessName, userExists } = await auth.invitationPreview(params.hash);
    const titles = { owner: 'Owner', admin: 'Admin', manager: 'Manager', cashier: 'Cashier' } as const;
    return {
      email: invitation.email,
      business_name: businessName,
      role: { title: titles[invitation.role] },
      user_exists: userExists,
      expires_at: invitation.expiresAt.toISOString(),
    };
  });

  registerEndpoint(app, deps, authEndpoints.registerComplete, async ({ params, body, ctx, reply }) => {
    const result = await auth.registerFromInvitation(ctx, params.hash, body);
    setCookie(reply, result.session.token);
    return { user: result.user, business_id: result.businessId };
  });
}
