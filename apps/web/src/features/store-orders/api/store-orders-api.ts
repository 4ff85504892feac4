import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  storeAbandonedCartEndpoints,
  storeOrderEndpoints,
  type CancelStoreOrderBody,
  type FulfilStoreOrderBodySchema,
  type RefundStoreOrderBodySchema,
  type StoreOrderFilters,
} from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const STORE_ORDERS_PAGE_SIZE = 25;

export const storeOrdersQuery = (businessId: string, filters: StoreOrderFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(storeOrderEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: STORE_ORDERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(storeOrderEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: STORE_ORDERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** Abandoned carts (docs/online-store.md, "Abandoned carts"), latest activity first. */
export const abandonedCartsQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(storeAbandonedCartEndpoints.list, { params: { business_id: businessId }, query: { limit: STORE_ORDERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(storeAbandonedCartEndpoints.list, { params: { business_id: businessId }, query: { limit: STORE_ORDERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const storeOrderQuery = (businessId: string, orderId: string) =>
  endpointQuery(storeOrderEndpoints.get, { params: { business_id: businessId, order_id: orderId } });

/** The CSV download of exactly the filtered list, optionally of a period (the business's days) and some columns only. */
export const storeOrdersExportHref = (businessId: string, filters: StoreOrderFilters & { from?: string; to?: string; columns?: string }): string =>
  downloadUrl(storeOrderEndpoints.export, { business_id: businessId }, filters);

/** Any change of an order: the list and the order are read again. */
function useOrderChange<B>(businessId: string, send: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: send,
    onSuccess: () => invalidateEndpoints(client, [endpointScope(storeOrderEndpoints.list, { params }), endpointScope(storeOrderEndpoints.get, { params })]),
  });
}

export const useFulfilStoreOrder = (businessId: string, orderId: string) =>
  useOrderChange(businessId, (body: z.input<typeof FulfilStoreOrderBodySchema>) =>
    call(storeOrderEndpoints.fulfil, { params: { business_id: businessId, order_id: orderId }, body }),
  );

export const useRefundStoreOrder = (businessId: string, orderId: string) =>
  useOrderChange(businessId, (body: z.input<typeof RefundStoreOrderBodySchema>) =>
    call(storeOrderEndpoints.refund, { params: { business_id: businessId, order_id: orderId }, body }),
  );

export const useCancelStoreOrder = (businessId: string, orderId: string) =>
  useOrderChange(businessId, (body: CancelStoreOrderBody) =>
    call(storeOrderEndpoints.cancel, { params: { business_id: businessId, order_id: orderId }, body }),
  );
