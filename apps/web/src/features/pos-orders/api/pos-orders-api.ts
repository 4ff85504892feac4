import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { posOrderEndpoints, type OrderFilters, type OrderFormSettings, type RefundOrderBody } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { paymentChangeScopes } from '@/lib/payment-changes';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const ORDERS_PAGE_SIZE = 25;

export const ordersQuery = (businessId: string, filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(posOrderEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: ORDERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(posOrderEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: ORDERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const orderQuery = (businessId: string, orderId: string) =>
  endpointQuery(posOrderEndpoints.get, { params: { business_id: businessId, order_id: orderId } });

export const overrideManagersQuery = (businessId: string) => endpointQuery(posOrderEndpoints.overrideManagers, { params: { business_id: businessId } });

export const orderFormQuery = (businessId: string) => endpointQuery(posOrderEndpoints.orderForm, { params: { business_id: businessId } });

/** The CSV download of exactly the filtered list. */
export const ordersExportHref = (businessId: string, filters: OrderFilters): string =>
  downloadUrl(posOrderEndpoints.export, { business_id: businessId }, filters);

/** A refund of an order; the form shows its field issues itself. */
export function useRefundOrder(businessId: string, orderId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RefundOrderBody) => call(posOrderEndpoints.refund, { params: { business_id: businessId, order_id: orderId }, body }),
    // A card or PayNow part refunds its payment: what shows payments refreshes too.
    onSuccess: () =>
      invalidateEndpoints(client, [
        endpointScope(posOrderEndpoints.list, { params }),
        endpointScope(posOrderEndpoints.get, { params }),
        ...paymentChangeScopes(businessId),
      ]),
  });
}

export function useSaveOrderForm(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: OrderFormSettings) => call(posOrderEndpoints.saveOrderForm, { params: { business_id: businessId }, body }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(posOrderEndpoints.orderForm, { params: { business_id: businessId } })]),
  });
}
