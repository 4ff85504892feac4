import { z } from 'zod';
import { defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema, BusinessSchema, BusinessUserSchema, CreateBusinessBodySchema, DomainInfoSchema, OnboardingProgressSchema } from './business';
import { UpdateBusinessBodySchema } from './details';
import { businessRoutes } from './routes';

export const businessEndpoints = {
  create: defineEndpoint({
    id: 'business.create',
    method: 'POST',
    path: '/v1/business',
    summary: 'Create another business owned by the signed-in user',
    access: { kind: 'user' },
    body: CreateBusinessBodySchema,
    response: BusinessSchema,
    status: 201,
    idempotent: true,
  }),
  get: defineEndpoint({
    ...businessRoutes.get,
    summary: 'The business, with the caller role, permissions and warnings',
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: BusinessSchema,
  }),
  update: defineEndpoint({
    id: 'business.update',
    method: 'PATCH',
    path: '/v1/business/:business_id',
    summary: 'Change the business details (name, address, currency, time zone, country before verification, staff two-factor)',
    access: { kind: 'business', permission: 'business:update', standing: 'merchant' },
    errors: ['BUSINESS_COUNTRY_LOCKED', 'BUSINESS_TWO_FACTOR_SELF_REQUIRED'],
    params: BusinessParamsSchema,
    body: UpdateBusinessBodySchema,
    response: BusinessSchema,
  }),
  users: defineEndpoint({
    id: 'business.users',
    method: 'GET',
    path: '/v1/business/:business_id/business-user',
    summary: 'Staff of the business',
    access: { kind: 'business', permission: 'staff:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(BusinessUserSchema) }),
  }),
  domainInfo: defineEndpoint({
    id: 'business.domainInfo',
    method: 'GET',
    path: '/v1/business/:business_id/domain/info',
    summary: 'Storefront domains of the business',
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: DomainInfoSchema,
  }),
  onboardingProgress: defineEndpoint({
    id: 'business.onboardingProgress',
    method: 'GET',
    path: '/v1/business/:business_id/onboarding-progress',
    summary: 'Onboarding completion of the business',
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: OnboardingProgressSchema,
  }),
} as const;

const shopCache = (what: 'identity' | 'categories' | 'products') =>
  defineEndpoint({
    id: `shop.cache.${what}`,
    method: 'DELETE',
    path: `/api/cache-${what}`,
    host: 'shop',
    summary: `Drop the storefront's cached ${what} of the business named in the headers`,
    access: { kind: 'user' },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
    response: z.object({ cache_version: z.number().int() }),
  });

export const shopCacheEndpoints = {
  identity: shopCache('identity'),
  categories: shopCache('categories'),
  products: shopCache('products'),
} as const;
