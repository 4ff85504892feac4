import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { locationEndpoints, type CreateLocationBody, type ListLocationsQuery, type UpdateLocationBody } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const LOCATIONS_PAGE_SIZE = 25;

export const locationsQuery = (businessId: string, filters: Partial<Pick<ListLocationsQuery, 'q' | 'status'>>) =>
  infiniteQueryOptions({
    queryKey: endpointKey(locationEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: LOCATIONS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(locationEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: LOCATIONS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const locationQuery = (businessId: string, id: string) => endpointQuery(locationEndpoints.get, { params: { business_id: businessId, location_id: id } });

export const locationSettingsQuery = (businessId: string) => endpointQuery(locationEndpoints.settings, { params: { business_id: businessId } });

function useInvalidateLocations(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(locationEndpoints.list, { params }),
      endpointScope(locationEndpoints.get, { params }),
      endpointScope(locationEndpoints.settings, { params }),
    ]);
}

/** The forms show field issues themselves. */
export function useCreateLocation(businessId: string) {
  const invalidate = useInvalidateLocations(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateLocationBody) => call(locationEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateLocation(businessId: string, id: string) {
  const invalidate = useInvalidateLocations(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateLocationBody) => call(locationEndpoints.update, { params: { business_id: businessId, location_id: id }, body }),
    onSuccess: invalidate,
  });
}

export function useSetLocationStatus(businessId: string, id: string) {
  const invalidate = useInvalidateLocations(businessId);
  return useMutation({
    mutationFn: (archive: boolean) =>
      call(archive ? locationEndpoints.archive : locationEndpoints.unarchive, { params: { business_id: businessId, location_id: id } }),
    onSuccess: invalidate,
  });
}

export function useSaveLocationSettings(businessId: string) {
  const invalidate = useInvalidateLocations(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (onlineStoreLocationId: string | null) =>
      call(locationEndpoints.saveSettings, { params: { business_id: businessId }, body: { online_store_location_id: onlineStoreLocationId } }),
    onSuccess: invalidate,
  });
}
