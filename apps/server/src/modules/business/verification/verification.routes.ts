import type { FastifyInstance } from 'fastify';
import { verificationAdminEndpoints } from '@merchant/business';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';
import { metaOf } from '../../identity/auth/auth.routes';

/** The super admins' verification area (access: super-admin). */
export function verificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = deps.services.verification;
  registerEndpoint(app, deps, verificationAdminEndpoints.queue, async () => ({ data: await service.queue() }));
  registerEndpoint(app, deps, verificationAdminEndpoints.business, async ({ params }) => service.review(params.business_id));
  registerEndpoint(app, deps, verificationAdminEndpoints.approve, async ({ ctx, params }) => service.approve(ctx.user, params.business_id, metaOf(ctx)));
  registerEndpoint(app, deps, verificationAdminEndpoints.requestChanges, async ({ ctx, params, body }) =>
    service.requestChanges(ctx.user, params.business_id, body.message, metaOf(ctx)),
  );
  registerEndpoint(app, deps, verificationAdminEndpoints.block, async ({ ctx, params, body }) =>
    service.block(ctx.user, params.business_id, body.reason, metaOf(ctx)),
  );
  registerEndpoint(app, deps, verificationAdminEndpoints.updateFlags, async ({ ctx, params, body }) =>
    service.updateFlags(ctx.user, params.business_id, body, metaOf(ctx)),
  );
}
