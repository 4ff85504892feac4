import { AppError } from '@merchant/core';
import { ShopCacheHeadersSchema, businessEndpoints, shopCacheEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { BusinessService } from './business.service';

export function businessRoutes(host: RouteHost, service: BusinessService): void {
  const { app } = host;

  registerEndpoint(app, host, businessEndpoints.create, async ({ ctx, body }) => service.createForUser(ctx, body));

  registerEndpoint(app, host, businessEndpoints.get, async ({ ctx }) => service.present(ctx));

  registerEndpoint(app, host, businessEndpoints.domainInfo, async ({ ctx }) => service.domainInfo(ctx.business.row));

  for (const [kind, endpoint] of Object.entries(shopCacheEndpoints)) {
    registerEndpoint(app, host, endpoint, async ({ ctx, req }) => {
      const headers = ShopCacheHeadersSchema.safeParse(req.headers);
      if (!headers.success) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The business headers are missing or invalid.',
          headers.error.issues.map((i) => ({ path: `headers.${i.path.join('.')}`, message: i.message })),
        );
      }
      const user = ctx.user;
      if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
      const version = await service.bumpStorefrontCache(
        user,
        { businessId: headers.data['x-business-id'], identifier: headers.data['x-business-identifier'] },
        kind,
      );
      return { cache_version: version };
    });
  }
}
