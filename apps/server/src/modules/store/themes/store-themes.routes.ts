import { storeThemeEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StoreThemesService } from './store-themes.service';

export function storeThemesRoutes(host: RouteHost, themes: StoreThemesService): void {
  const { app } = host;
  registerEndpoint(app, host, storeThemeEndpoints.list, async ({ ctx }) => themes.list(ctx));
  registerEndpoint(app, host, storeThemeEndpoints.get, async ({ ctx, params }) => themes.get(ctx, params.theme_id));
  registerEndpoint(app, host, storeThemeEndpoints.create, async ({ ctx, body }) => themes.create(ctx, body));
  registerEndpoint(app, host, storeThemeEndpoints.duplicate, async ({ ctx, params }) => themes.duplicate(ctx, params.theme_id));
  registerEndpoint(app, host, storeThemeEndpoints.save, async ({ ctx, params, body }) => themes.save(ctx, params.theme_id, body));
  registerEndpoint(app, host, storeThemeEndpoints.publish, async ({ ctx, params }) => themes.publish(ctx, params.theme_id));
  registerEndpoint(app, host, storeThemeEndpoints.remove, async ({ ctx, params }) => themes.remove(ctx, params.theme_id));
}
