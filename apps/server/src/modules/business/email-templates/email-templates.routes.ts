import { emailTemplateEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { EmailTemplatesService } from './email-templates.service';

export function emailTemplatesRoutes(host: RouteHost, service: EmailTemplatesService): void {
  const { app } = host;

  registerEndpoint(app, host, emailTemplateEndpoints.list, async ({ ctx }) => ({ data: await service.list(ctx.business.row.id) }));
  registerEndpoint(app, host, emailTemplateEndpoints.save, async ({ ctx, params, body }) => service.save(ctx, params.template, body));
  registerEndpoint(app, host, emailTemplateEndpoints.reset, async ({ ctx, params }) => service.reset(ctx, params.template));
  registerEndpoint(app, host, emailTemplateEndpoints.sendTest, async ({ ctx, params, body }) => service.sendTest(ctx, params.template, body));
}
