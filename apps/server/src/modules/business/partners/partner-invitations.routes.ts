import { partnerEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PartnerInvitationsService } from './partner-invitations.service';

export function partnerInvitationsRoutes(host: RouteHost, invitations: PartnerInvitationsService): void {
  const { app } = host;
  registerEndpoint(app, host, partnerEndpoints.invitations, async ({ ctx }) => invitations.list(ctx));
  registerEndpoint(app, host, partnerEndpoints.invite, async ({ ctx, body }) => invitations.invite(ctx, body.email));
  registerEndpoint(app, host, partnerEndpoints.revokeInvitation, async ({ ctx, params }) => invitations.revoke(ctx, params.invitation_id));
  registerEndpoint(app, host, partnerEndpoints.acceptInvitation, async ({ ctx, params }) => invitations.accept(ctx, params.invitation_id));
  registerEndpoint(app, host, partnerEndpoints.declineInvitation, async ({ ctx, params }) => invitations.decline(ctx, params.invitation_id));
}
