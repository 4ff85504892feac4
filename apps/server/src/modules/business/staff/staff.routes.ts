import type { FastifyInstance } from 'fastify';
import { staffEndpoints } from '@merchant/business';
import type { AppDeps } from '../../../app';
import type { BusinessContext } from '../../../http/context';
import { registerEndpoint } from '../../../http/endpoint';
import { metaOf } from '../../identity/auth/auth.routes';
import type { StaffCaller } from './staff.service';

const callerOf = (ctx: BusinessContext): StaffCaller => ({ user: ctx.user, business: ctx.business.row, role: ctx.business.role });

export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const staff = deps.services.staff;
  registerEndpoint(app, deps, staffEndpoints.listInvitations, async ({ ctx }) => ({ data: await staff.listInvitations(callerOf(ctx)) }));
  registerEndpoint(app, deps, staffEndpoints.invite, async ({ ctx, body }) => staff.invite(callerOf(ctx), body, metaOf(ctx)));
  registerEndpoint(app, deps, staffEndpoints.resendInvitation, async ({ ctx, params }) =>
    staff.resendInvitation(callerOf(ctx), params.id, metaOf(ctx)),
  );
  registerEndpoint(app, deps, staffEndpoints.revokeInvitation, async ({ ctx, params }) => {
    await staff.revokeInvitation(callerOf(ctx), params.id, metaOf(ctx));
    return { ok: true as const };
  });
  registerEndpoint(app, deps, staffEndpoints.getMember, async ({ ctx, params }) => staff.getMember(callerOf(ctx), params.id));
  registerEndpoint(app, deps, staffEndpoints.updateMemberRole, async ({ ctx, params, body }) =>
    staff.changeRole(callerOf(ctx), params.id, body.role, metaOf(ctx)),
  );
  registerEndpoint(app, deps, staffEndpoints.deactivateMember, async ({ ctx, params }) =>
    staff.setActive(callerOf(ctx), params.id, false, metaOf(ctx)),
  );
  registerEndpoint(app, deps, staffEndpoints.reactivateMember, async ({ ctx, params }) =>
    staff.setActive(callerOf(ctx), params.id, true, metaOf(ctx)),
  );
  registerEndpoint(app, deps, staffEndpoints.removeMember, async ({ ctx, params }) => {
    await staff.remove(callerOf(ctx), params.id, metaOf(ctx));
    return { ok: true as const };
  });
}
