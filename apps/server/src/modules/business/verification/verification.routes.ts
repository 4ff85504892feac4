import type { FastifyInstance } from 'fastify';
import { verificationAdminEndpoints } from '@merchant/business';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';

/** The super admins' verification area (access: super-admin). */
export function verificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = deps.services.verification;
  registerEndpoint(app, deps, verificationAdminEndpoints.queue, async () => ({ data: await service.queue() }));
  registerEndpoint(app, deps, verificationAdminEndpoints.business, async ({ params }) => service.review(params.business_id));
  registerEndpoint(app, deps, verificationAdminEndpoints.approve, async ({ ctx, params }) => service.approve(ctx, params.business_id));
  registerEndpoint(app, deps, verificationAdminEndpoints.requestChanges, async ({ ctx, params, body }) =>
    service.requestChanges(ctx, params.business_id, body.message),
  );
  registerEndpoint(app, deps, verificationAdminEndpoints.block, async ({ ctx, params, body }) =>
    service.block(ctx, params.business_id, body.reason),
  );
  registerEndpoint(app, deps, verificationAdminEndpoints.updateFlags, async ({ ctx, params, body }) =>
    service.updateFlags(ctx, params.business_id, body),
  );
}
