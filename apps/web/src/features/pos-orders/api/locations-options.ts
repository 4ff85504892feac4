import { infiniteQueryOptions } from '@tanstack/react-query';
import { locationEndpoints } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/queries';

/** The active locations by name (the first 100), for the orders list's location filter. */
export const locationsQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'all', limit: 100 } }),
    queryFn: ({ signal }) => call(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'all', limit: 100 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: () => undefined,
  });
