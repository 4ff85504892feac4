import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storePageEndpoints, type StorePageBody, type StorePageFilters } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const storePagesQuery = (businessId: string, filters: StorePageFilters) =>
  endpointQuery(storePageEndpoints.list, { params: { business_id: businessId }, query: filters });
export const storePageQuery = (businessId: string, id: string) => endpointQuery(storePageEndpoints.get, { params: { business_id: businessId, page_id: id } });

const invalidate = (client: ReturnType<typeof useQueryClient>, businessId: string) => {
  const params = { business_id: businessId };
  return invalidateEndpoints(client, [endpointScope(storePageEndpoints.list, { params }), endpointScope(storePageEndpoints.get, { params })]);
};

/** The form shows field issues itself. */
export function useSaveStorePage(businessId: string, id: string | undefined) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: StorePageBody) =>
      id ? call(storePageEndpoints.update, { params: { ...params, page_id: id }, body }) : call(storePageEndpoints.create, { params, body }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useRemoveStorePage(businessId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(storePageEndpoints.remove, { params: { business_id: businessId, page_id: id } }),
    onSuccess: () => invalidate(client, businessId),
  });
}
