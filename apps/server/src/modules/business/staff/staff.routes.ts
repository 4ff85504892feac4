import type { FastifyInstance } from 'fastify';
import { staffEndpoints } from '@merchant/business';
import type { AppDeps } from '../../../app';
import { registerEndpoint } from '../../../http/endpoint';

export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const staff = deps.services.staff;
  registerEndpoint(app, deps, staffEndpoints.listInvitations, async ({ ctx }) => ({ data: await staff.listInvitations(ctx) }));
  registerEndpoint(app, deps, staffEndpoints.invite, async ({ ctx, body }) => staff.invite(ctx, body));
  registerEndpoint(app, deps, staffEndpoints.resendInvitation, async ({ ctx, params }) =>
    staff.resendInvitation(ctx, params.id),
  );
  registerEndpoint(app, deps, staffEndpoints.revokeInvitation, async ({ ctx, params }) => {
    await staff.revokeInvitation(ctx, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, deps, staffEndpoints.getMember, async ({ ctx, params }) => staff.getMember(ctx, params.id));
  registerEndpoint(app, deps, staffEndpoints.updateMemberRole, async ({ ctx, params, body }) =>
    staff.changeRole(ctx, params.id, body.role),
  );
  registerEndpoint(app, deps, staffEndpoints.deactivateMember, async ({ ctx, params }) =>
    staff.setActive(ctx, params.id, false),
  );
  registerEndpoint(app, deps, staffEndpoints.reactivateMember, async ({ ctx, params }) =>
    staff.setActive(ctx, params.id, true),
  );
  registerEndpoint(app, deps, staffEndpoints.removeMember, async ({ ctx, params }) => {
    await staff.remove(ctx, params.id);
    return { ok: true as const };
  });
}
