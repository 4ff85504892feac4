import type { FastifyInstance } from 'fastify';
import { emailTemplateEndpoints } from '@merchant/business';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';
import { metaOf } from '../../identity/auth/auth.routes';

export function emailTemplatesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = deps.services.emailTemplates;

  registerEndpoint(app, deps, emailTemplateEndpoints.list, async ({ ctx }) => ({ data: await service.list(ctx.business.row.id) }));
  registerEndpoint(app, deps, emailTemplateEndpoints.save, async ({ ctx, params, body }) =>
    service.save(ctx.business.row.id, ctx.user.id, params.template, body, metaOf(ctx)),
  );
  registerEndpoint(app, deps, emailTemplateEndpoints.reset, async ({ ctx, params }) =>
    service.reset(ctx.business.row.id, ctx.user.id, params.template, metaOf(ctx)),
  );
  registerEndpoint(app, deps, emailTemplateEndpoints.sendTest, async ({ ctx, params, body }) =>
    service.sendTest(ctx.business.row, ctx.user, params.template, body),
  );
}
