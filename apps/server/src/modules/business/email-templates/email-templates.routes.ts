import type { FastifyInstance } from 'fastify';
import { emailTemplateEndpoints } from '@merchant/business';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';

export function emailTemplatesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = deps.services.emailTemplates;

  registerEndpoint(app, deps, emailTemplateEndpoints.list, async ({ ctx }) => ({ data: await service.list(ctx.business.row.id) }));
  registerEndpoint(app, deps, emailTemplateEndpoints.save, async ({ ctx, params, body }) =>
    service.save(ctx, params.template, body),
  );
  registerEndpoint(app, deps, emailTemplateEndpoints.reset, async ({ ctx, params }) =>
    service.reset(ctx, params.template),
  );
  registerEndpoint(app, deps, emailTemplateEndpoints.sendTest, async ({ ctx, params, body }) =>
    service.sendTest(ctx, params.template, body),
  );
}
