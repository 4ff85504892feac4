import { storeInsightEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StoreInsightService } from './store-insight.service';

export function storeInsightRoutes(host: RouteHost, service: StoreInsightService): void {
  registerEndpoint(host.app, host, storeInsightEndpoints.get, async ({ ctx, query }) => service.get(ctx.business.row, query));
}
