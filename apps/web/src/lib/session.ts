import type { Permission } from '@merchant/core';
import { queryOptions, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { businessRoutes, type Business, type businessEndpoints } from '@merchant/business';
import { identityRoutes, type User, type userEndpoints } from '@merchant/identity';
import { ApiError, callRoute } from './api-client';
import { endpointKey } from './queries';

/**
 * The signed-in user, or null when signed out (a 401 is an answer, not an error). Every screen asks it
 * first, guest screens included: it is called by its route, so they load none of the contract's schemas.
 */
export const userQuery = queryOptions({
  queryKey: endpointKey<typeof userEndpoints.me>(identityRoutes.me),
  queryFn: async (): Promise<User | null> => {
    try {
      return await callRoute<typeof userEndpoints.me>(identityRoutes.me);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

/**
 * The business of a business screen, parsed by its contract, which loads with the first business screen:
 * the key is named here (the route's id) so start-up code and guest screens load no schemas. Only the
 * business's own schema is loaded (the package's other contracts load with the screens that call them).
 */
export const businessQuery = (businessId: string) => {
  const input = { params: { business_id: businessId } };
  return queryOptions({
    queryKey: endpointKey<typeof businessEndpoints.get>(businessRoutes.get, input),
    // The request and the contract's download run side by side; the answer is parsed once both are in.
    queryFn: async ({ signal }) => {
      const [contract, answer] = await Promise.all([
        import('@merchant/business/business'),
        callRoute<typeof businessEndpoints.get>(businessRoutes.get, { ...input, signal }),
      ]);
      // The schema of businessEndpoints.get's answer.
      return contract.BusinessSchema.parse(answer);
    },
  });
};

export function useUser(): User | null {
  return useSuspenseQuery(userQuery).data;
}

/** For screens under authGuard: the user is there. */
export function useSignedInUser(): User {
  const user = useUser();
  if (!user) throw new Error('useSignedInUser outside an authenticated route');
  return user;
}

/**
 * Whether the signed-in user may use a control that changes the business: they hold the permission and
 * may do more than read it (super admins read a business they are not a member of). Comfort only: the
 * server decides. Screens hide what this refuses rather than answer it with a 403.
 */
export function canChange(business: Business | undefined, permission: Permission): boolean {
  return business !== undefined && !business.read_only && business.permissions.includes(permission);
}

/**
 * Whether the signed-in user may see what a permission opens in the business (a list, a figure, a filter):
 * reading only, so a super admin reading the business sees it too. Anything that changes the business asks
 * {@link canChange}. Screens never read `permissions` or `read_only` themselves (lint refuses it).
 */
export function canView(business: Business | undefined, permission: Permission): boolean {
  return business !== undefined && business.permissions.includes(permission);
}

export function useBusiness(businessId: string) {
  return useQuery(businessQuery(businessId));
}

/** {@link canChange} for the business of a screen: false while the business loads. */
export function useCanChange(businessId: string, permission: Permission): boolean {
  return canChange(useBusiness(businessId).data, permission);
}

/** The time zone of the business's days and times (UTC until the business has loaded). */
export function useBusinessTimeZone(businessId: string): string {
  return useBusiness(businessId).data?.time_zone ?? 'UTC';
}

/** After sign-in/out, everything cached belongs to another person: start clean. */
export function resetSessionCache(client: QueryClient, user: User | null): void {
  client.clear();
  client.setQueryData(userQuery.queryKey, user);
}
