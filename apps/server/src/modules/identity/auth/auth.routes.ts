import type { FastifyReply } from 'fastify';
import { authEndpoints } from '@merchant/identity';
import { registerEndpoint } from '@/http/endpoint';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '@/http/session-cookie';
import type { RouteHost } from '@/modules/module';
import type { AuthService } from './auth.service';

export function authRoutes(host: RouteHost, auth: AuthService): void {
  const { app } = host;
  const secure = host.secureCookies;
  const setCookie = (reply: FastifyReply, token: string) => setSessionCookie(reply, token, secure);

  // A guest gets a token signed for their cookie value and no stored session (see docs/security.md).
  registerEndpoint(app, host, authEndpoints.csrfToken, async ({ ctx, req, reply }) => {
    if (ctx.session) return { token: ctx.session.csrfToken };
    const cookie = host.guestTokens.cookieValue(req.cookies[SESSION_COOKIE]);
    if (cookie.fresh) setCookie(reply, cookie.value);
    return { token: host.guestTokens.tokenFor(cookie.value) };
  });

  registerEndpoint(app, host, authEndpoints.login, async ({ body, ctx, reply }) => {
    const result = await auth.login(ctx, body);
    setCookie(reply, result.session.token);
    return result.status === 'authenticated' ? { status: result.status, user: result.user } : { status: result.status };
  });

  registerEndpoint(app, host, authEndpoints.checkpoint, async ({ body, ctx, reply }) => {
    const result = await auth.checkpoint(ctx, body);
    setCookie(reply, result.session.token);
    return { user: result.user };
  });

  registerEndpoint(app, host, authEndpoints.logout, async ({ ctx, reply }) => {
    await auth.logout(ctx);
    clearSessionCookie(reply, secure);
    return { ok: true as const };
  });

  registerEndpoint(app, host, authEndpoints.requestPasswordReset, async ({ body, ctx }) => {
    await auth.requestPasswordReset(ctx, body.email);
    return { message: 'If an account uses this email, we have mailed it a link to reset the password.' };
  });

  registerEndpoint(app, host, authEndpoints.resetPassword, async ({ body, ctx }) => {
    await auth.resetPassword(ctx, body);
    return { message: 'Your password has been reset.' };
  });

  registerEndpoint(app, host, authEndpoints.register, async ({ body, ctx, reply }) => {
    const result = await auth.register(ctx, body, 'merchant');
    setCookie(reply, result.session.token);
    return { user: result.user, business_id: result.businessId };
  });

  registerEndpoint(app, host, authEndpoints.registerPartner, async ({ body, ctx, reply }) => {
    const result = await auth.register(ctx, body, 'partner');
    setCookie(reply, result.session.token);
    return { user: result.user, business_id: result.businessId };
  });

  registerEndpoint(app, host, authEndpoints.invitationPreview, async ({ params }) => {
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

  registerEndpoint(app, host, authEndpoints.registerComplete, async ({ params, body, ctx, reply }) => {
    const result = await auth.registerFromInvitation(ctx, params.hash, body);
    setCookie(reply, result.session.token);
    return { user: result.user, business_id: result.businessId };
  });
}
