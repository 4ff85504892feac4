import { verificationAdminEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { VerificationService } from './verification.service';

/** The super admins' verification area (access: super-admin). */
export function verificationRoutes(host: RouteHost, service: VerificationService): void {
  const { app } = host;
  registerEndpoint(app, host, verificationAdminEndpoints.queue, async () => ({ data: await service.queue() }));
  registerEndpoint(app, host, verificationAdminEndpoints.business, async ({ params }) => service.review(params.business_id));
  registerEndpoint(app, host, verificationAdminEndpoints.approve, async ({ ctx, params }) => service.approve(ctx, params.business_id));
  registerEndpoint(app, host, verificationAdminEndpoints.requestChanges, async ({ ctx, params, body }) =>
    service.requestChanges(ctx, params.business_id, body.message),
  );
  registerEndpoint(app, host, verificationAdminEndpoints.block, async ({ ctx, params, body }) => service.block(ctx, params.business_id, body.reason));
  registerEndpoint(app, host, verificationAdminEndpoints.unblock, async ({ ctx, params }) => service.unblock(ctx, params.business_id));
  registerEndpoint(app, host, verificationAdminEndpoints.updateFlags, async ({ ctx, params, body }) => service.updateFlags(ctx, params.business_id, body));
}
