import type { Permission } from '@merchant/core';
import { queryOptions, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { businessEndpoints, type Business } from '@merchant/business';
import { userEndpoints, type User } from '@merchant/identity';
import { ApiError, call } from './api-client';
import { endpointKey, endpointQuery } from './queries';

/** The signed-in user, or null when signed out (a 401 is an answer, not an error). */
export const userQuery = queryOptions({
  queryKey: endpointKey(userEndpoints.me),
  queryFn: async (): Promise<User | null> => {
    try {
      return await call(userEndpoints.me);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export const businessQuery = (businessId: string) => endpointQuery(businessEndpoints.get, { params: { business_id: businessId } });

export const onboardingProgressQuery = (businessId: string) => endpointQuery(businessEndpoints.onboardingProgress, { params: { business_id: businessId } });

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

export function useBusiness(businessId: string) {
  return useQuery(businessQuery(businessId));
}

/** After sign-in/out, everything cached belongs to another person: start clean. */
export function resetSessionCache(client: QueryClient, user: User | null): void {
  client.clear();
  client.setQueryData(userQuery.queryKey, user);
}
