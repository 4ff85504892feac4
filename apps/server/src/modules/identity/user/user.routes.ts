import type { FastifyInstance } from 'fastify';
import { userEndpoints } from '@merchant/identity';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';
import { metaOf } from '../auth/auth.routes';

export function userRoutes(app: FastifyInstance, deps: AppDeps): void {
  const users = deps.services.users;

  registerEndpoint(app, deps, userEndpoints.me, async ({ ctx }) => users.present(ctx.user));
  registerEndpoint(app, deps, userEndpoints.updateAccount, async ({ ctx, body }) => users.updateAccount(ctx.user, body, metaOf(ctx)));
  registerEndpoint(app, deps, userEndpoints.changeEmail, async ({ ctx, body }) => users.changeEmail(ctx.user, body, metaOf(ctx)));
  registerEndpoint(app, deps, userEndpoints.changePassword, async ({ ctx, body }) => {
    await users.changePassword(ctx.user, ctx.session, body, metaOf(ctx));
    return { ok: true as const };
  });
  registerEndpoint(app, deps, userEndpoints.startTwoFactor, async ({ ctx, body }) => users.startTwoFactor(ctx.user, body));
  registerEndpoint(app, deps, userEndpoints.confirmTwoFactor, async ({ ctx, body }) => users.confirmTwoFactor(ctx.user, body, metaOf(ctx)));
  registerEndpoint(app, deps, userEndpoints.disableTwoFactor, async ({ ctx, body }) => {
    await users.disableTwoFactor(ctx.user, body, metaOf(ctx));
    return { ok: true as const };
  });
  registerEndpoint(app, deps, userEndpoints.sessions, async ({ ctx }) => ({ data: await users.sessions(ctx.user, ctx.session) }));
  registerEndpoint(app, deps, userEndpoints.revokeSession, async ({ ctx, params }) => {
    await users.revokeSession(ctx.user, ctx.session, params.session_id, metaOf(ctx));
    return { ok: true as const };
  });
  registerEndpoint(app, deps, userEndpoints.revokeOtherSessions, async ({ ctx, body }) => ({
    revoked: await users.revokeOtherSessions(ctx.user, ctx.session, body, metaOf(ctx)),
  }));
  registerEndpoint(app, deps, userEndpoints.auditLogs, async ({ ctx, query }) => users.auditLogs(ctx.user, query));
  registerEndpoint(app, deps, userEndpoints.invitations, async ({ ctx }) => ({ data: await users.invitations(ctx.user) }));
  registerEndpoint(app, deps, userEndpoints.acceptInvitation, async ({ ctx, params }) => ({
    business_id: await users.respondToInvitation(ctx.user, params.invitation_id, 'accepted', metaOf(ctx)),
  }));
  registerEndpoint(app, deps, userEndpoints.declineInvitation, async ({ ctx, params }) => {
    await users.respondToInvitation(ctx.user, params.invitation_id, 'declined', metaOf(ctx));
    return { ok: true as const };
  });
}
