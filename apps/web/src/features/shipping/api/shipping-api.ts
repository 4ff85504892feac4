import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationEndpoints, shippingEndpoints, type PickupBody, type ShippingZoneBody } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const zonesQuery = (businessId: string, q: string | undefined) =>
  endpointQuery(shippingEndpoints.listZones, { params: { business_id: businessId }, query: q ? { q } : {} });
export const zoneQuery = (businessId: string, id: string) => endpointQuery(shippingEndpoints.getZone, { params: { business_id: businessId, zone_id: id } });
export const pickupsQuery = (businessId: string, q: string | undefined) =>
  endpointQuery(shippingEndpoints.listPickups, { params: { business_id: businessId }, query: { ...(q ? { q } : {}), status: 'all' } });
export const pickupQuery = (businessId: string, id: string) =>
  endpointQuery(shippingEndpoints.getPickup, { params: { business_id: businessId, pickup_id: id } });
/** The active locations a pickup point may be at (the first 100 by name). */
export const activeLocationsQuery = (businessId: string) =>
  endpointQuery(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'active', limit: 100 } });

function useInvalidateShipping(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(shippingEndpoints.listZones, { params }),
      endpointScope(shippingEndpoints.getZone, { params }),
      endpointScope(shippingEndpoints.listPickups, { params }),
      endpointScope(shippingEndpoints.getPickup, { params }),
    ]);
}

/** The forms show field issues themselves. */
export function useSaveZone(businessId: string, id: string | undefined) {
  const invalidate = useInvalidateShipping(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ShippingZoneBody) =>
      id
        ? call(shippingEndpoints.updateZone, { params: { business_id: businessId, zone_id: id }, body })
        : call(shippingEndpoints.createZone, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveZone(businessId: string, id: string) {
  const invalidate = useInvalidateShipping(businessId);
  return useMutation({
    mutationFn: () => call(shippingEndpoints.removeZone, { params: { business_id: businessId, zone_id: id } }),
    onSuccess: invalidate,
  });
}

export function useSavePickup(businessId: string, id: string | undefined) {
  const invalidate = useInvalidateShipping(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PickupBody) =>
      id
        ? call(shippingEndpoints.updatePickup, { params: { business_id: businessId, pickup_id: id }, body })
        : call(shippingEndpoints.createPickup, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}
