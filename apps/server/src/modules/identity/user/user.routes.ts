import { userEndpoints } from '@merchant/identity';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { UserService } from './user.service';

export function userRoutes(host: RouteHost, users: UserService): void {
  const { app } = host;

  // Built by a presenter that writes exactly the contract's keys (http/presented-answers.ts).
  registerEndpoint(app, host, userEndpoints.me, async ({ ctx }) => users.present(ctx), { presented: true });
  registerEndpoint(app, host, userEndpoints.updateAccount, async ({ ctx, body }) => users.updateAccount(ctx, body));
  registerEndpoint(app, host, userEndpoints.changeEmail, async ({ ctx, body }) => users.changeEmail(ctx, body));
  registerEndpoint(app, host, userEndpoints.changePassword, async ({ ctx, body }) => {
    await users.changePassword(ctx, body);
    return { ok: true as const };
  });
  registerEndpoint(app, host, userEndpoints.startTwoFactor, async ({ ctx, body }) => users.startTwoFactor(ctx, body));
  registerEndpoint(app, host, userEndpoints.confirmTwoFactor, async ({ ctx, body }) => users.confirmTwoFactor(ctx, body));
  registerEndpoint(app, host, userEndpoints.disableTwoFactor, async ({ ctx, body }) => {
    await users.disableTwoFactor(ctx, body);
    return { ok: true as const };
  });
  registerEndpoint(app, host, userEndpoints.sessions, async ({ ctx }) => ({ data: await users.sessions(ctx) }));
  registerEndpoint(app, host, userEndpoints.revokeSession, async ({ ctx, params }) => {
    await users.revokeSession(ctx, params.session_id);
    return { ok: true as const };
  });
  registerEndpoint(app, host, userEndpoints.revokeOtherSessions, async ({ ctx, body }) => ({
    revoked: await users.revokeOtherSessions(ctx, body),
  }));
  registerEndpoint(app, host, userEndpoints.auditLogs, async ({ ctx, query }) => users.auditLogs(ctx, query));
  registerEndpoint(app, host, userEndpoints.invitations, async ({ ctx }) => ({ data: await users.invitations(ctx) }));
  registerEndpoint(app, host, userEndpoints.acceptInvitation, async ({ ctx, params }) => ({
    business_id: await users.respondToInvitation(ctx, params.invitation_id, 'accepted'),
  }));
  registerEndpoint(app, host, userEndpoints.declineInvitation, async ({ ctx, params }) => {
    await users.respondToInvitation(ctx, params.invitation_id, 'declined');
    return { ok: true as const };
  });
}
