import type { EndpointRoute } from '@merchant/core';

/**
 * The business endpoint the web app's start-up code names before any business screen loads (its cache key
 * and guards), by name and address only, so the first screen loads none of the contract's schemas.
 * `endpoints.ts` declares it in full on top of this.
 */
export const businessRoutes = {
  get: { id: 'business.get', method: 'GET', path: '/v1/business/:business_id' },
} as const satisfies Record<string, EndpointRoute>;
