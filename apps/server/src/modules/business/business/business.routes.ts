import type { FastifyInstance } from 'fastify';
import { AppError } from '@merchant/core';
import { ShopCacheHeadersSchema, businessEndpoints, shopCacheEndpoints } from '@merchant/business';
import { registerEndpoint } from '../../../http/endpoint';
import type { AppDeps } from '../../../app';
import { presentMember } from './business.presenter';

export function businessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = deps.services.business;

  registerEndpoint(app, deps, businessEndpoints.create, async ({ ctx, body }) => service.createForUser(ctx, body));

  registerEndpoint(app, deps, businessEndpoints.get, async ({ ctx }) => service.present(ctx));

  registerEndpoint(app, deps, businessEndpoints.users, async ({ ctx }) => ({
    data: (await service.members(ctx.business.row.id)).map(presentMember),
  }));

  registerEndpoint(app, deps, businessEndpoints.domainInfo, async ({ ctx }) => service.domainInfo(ctx.business.row));
  registerEndpoint(app, deps, businessEndpoints.onboardingProgress, async ({ ctx }) => deps.services.onboarding.progress(ctx.business.row));

  for (const [kind, endpoint] of Object.entries(shopCacheEndpoints)) {
    registerEndpoint(app, deps, endpoint, async ({ ctx, req }) => {
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
