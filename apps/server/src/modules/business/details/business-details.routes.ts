import type { FastifyInstance } from 'fastify';
import { businessEndpoints } from '@merchant/business';
import type { AppDeps } from '../../../app';
import { registerEndpoint } from '../../../http/endpoint';
import { metaOf } from '../../identity/auth/auth.routes';

export function businessDetailsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, businessEndpoints.update, async ({ ctx, body }) => {
    const row = await deps.services.businessDetails.update(ctx.user, ctx.business.row, body, metaOf(ctx));
    return deps.services.business.present(row, {
      role: ctx.business.role,
      isSuperAdmin: ctx.user.isSuperAdmin,
      twoFactorEnabled: ctx.user.twoFactorConfirmedAt !== null,
    });
  });
}
