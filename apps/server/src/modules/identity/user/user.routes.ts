import type { FastifyInstance } from 'fastify';
import { userEndpoints } from '@merchant/identity';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';

export function userRoutes(app: FastifyInstance, deps: AppDeps): void {
  const users = deps.services.users;

  registerEndpoint(app, deps, userEndpoints.me, async ({ ctx }) => users.present(ctx));
  registerEndpoint(app, deps, userEndpoints.updateAccount, async ({ ctx, body }) => users.updateAccount(ctx, body));
  registerEndpoint(app, deps, userEndpoints.changeEmail, async ({ ctx, body }) => users.changeEmail(ctx, body));
  registerEndpoint(app, deps, userEndpoints.changePassword, async ({ ctx, body }) => {
    await users.changePassword(ctx, body);
    return { ok: true as const };
  });
  registerEndpoint(app, deps, userEndpoints.startTwoFactor, async ({ ctx, body }) => users.startTwoFactor(ctx, body));
  registerEndpoint(app, deps, userEndpoints.confirmTwoFactor, async ({ ctx, body }) => users.confirmTwoFactor(ctx, body));
  registerEndpoint(app, deps, userEndpoints.disableTwoFactor, async ({ ctx, body }) => {
    await users.disableTwoFactor(ctx, body);
    return { ok: true as const };
  });
  registerEndpoint(app, deps, userEndpoints.sessions, async ({ ctx }) => ({ data: await users.sessions(ctx) }));
  registerEndpoint(app, deps, userEndpoints.revokeSession, async ({ ctx, params }) => {
    await users.revokeSession(ctx, params.session_id);
    return { ok: true as const };
  });
  registerEndpoint(app, deps, userEndpoints.revokeOtherSessions, async ({ ctx, body }) => ({
    revoked: await users.revokeOtherSessions(ctx, body),
  }));
  registerEndpoint(app, deps, userEndpoints.auditLogs, async ({ ctx, query }) => users.auditLogs(ctx, query));
  registerEndpoint(app, deps, userEndpoints.invitations, async ({ ctx }) => ({ data: await users.invitations(ctx) }));
  registerEndpoint(app, deps, userEndpoints.acceptInvitation, async ({ ctx, params }) => ({
    business_id: await users.respondToInvitation(ctx, params.invitation_id, 'accepted'),
  }));
  registerEndpoint(app, deps, userEndpoints.declineInvitation, async ({ ctx, params }) => {
    await users.respondToInvitation(ctx, params.invitation_id, 'declined');
    return { ok: true as const };
  });
}
