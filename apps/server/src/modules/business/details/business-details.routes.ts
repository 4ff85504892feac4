import type { FastifyInstance } from 'fastify';
import { businessEndpoints } from '@merchant/business';
import type { AppDeps } from '../../../app';
import { registerEndpoint } from '../../../http/endpoint';

export function businessDetailsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, businessEndpoints.update, async ({ ctx, body }) => {
    const row = await deps.services.businessDetails.update(ctx, body);
    return deps.services.business.present({ ...ctx, business: { ...ctx.business, row } });
  });
}
