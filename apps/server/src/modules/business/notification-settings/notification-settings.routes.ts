import type { FastifyInstance } from 'fastify';
import { notificationSettingsEndpoints } from '@merchant/business';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';

export function notificationSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = deps.services.notificationSettings;

  registerEndpoint(app, deps, notificationSettingsEndpoints.list, async ({ ctx }) => ({ data: await service.list(ctx.business.row.id) }));
  registerEndpoint(app, deps, notificationSettingsEndpoints.update, async ({ ctx, params, body }) =>
    service.update(ctx, params.event, body),
  );
}
