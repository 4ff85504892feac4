import { notificationSettingsEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { NotificationSettingsService } from './notification-settings.service';

export function notificationSettingsRoutes(host: RouteHost, service: NotificationSettingsService): void {
  const { app } = host;

  registerEndpoint(app, host, notificationSettingsEndpoints.list, async ({ ctx }) => ({ data: await service.list(ctx.business.row.id) }));
  registerEndpoint(app, host, notificationSettingsEndpoints.update, async ({ ctx, params, body }) => service.update(ctx, params.event, body));
}
