import { businessEndpoints, staffEndpoints } from '@merchant/business';
import type { RouteHost } from '@/modules/module';
import type { StaffService } from './staff.service';
import { registerEndpoint } from '@/http/endpoint';

export function staffRoutes(host: RouteHost, staff: StaffService): void {
  const { app } = host;
  registerEndpoint(app, host, businessEndpoints.users, async ({ ctx }) => ({ data: await staff.listMembers(ctx) }));
  registerEndpoint(app, host, staffEndpoints.listInvitations, async ({ ctx }) => ({ data: await staff.listInvitations(ctx) }));
  registerEndpoint(app, host, staffEndpoints.invite, async ({ ctx, body }) => staff.invite(ctx, body));
  registerEndpoint(app, host, staffEndpoints.resendInvitation, async ({ ctx, params }) => staff.resendInvitation(ctx, params.id));
  registerEndpoint(app, host, staffEndpoints.revokeInvitation, async ({ ctx, params }) => {
    await staff.revokeInvitation(ctx, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, host, staffEndpoints.getMember, async ({ ctx, params }) => staff.getMember(ctx, params.id));
  registerEndpoint(app, host, staffEndpoints.memberLocations, async ({ ctx, params }) => staff.memberLocations(ctx, params.id));
  registerEndpoint(app, host, staffEndpoints.setMemberLocations, async ({ ctx, params, body }) => staff.setMemberLocations(ctx, params.id, body.location_ids));
  registerEndpoint(app, host, staffEndpoints.myLocations, async ({ ctx }) => staff.myLocations(ctx));
  registerEndpoint(app, host, staffEndpoints.updateMemberRole, async ({ ctx, params, body }) => staff.changeRole(ctx, params.id, body.role));
  registerEndpoint(app, host, staffEndpoints.deactivateMember, async ({ ctx, params }) => staff.setActive(ctx, params.id, false));
  registerEndpoint(app, host, staffEndpoints.reactivateMember, async ({ ctx, params }) => staff.setActive(ctx, params.id, true));
  registerEndpoint(app, host, staffEndpoints.removeMember, async ({ ctx, params }) => {
    await staff.remove(ctx, params.id);
    return { ok: true as const };
  });
}
