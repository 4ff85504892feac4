import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { staticQrEndpoints, type ListStaticQrQuery, type StaticQrBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const QR_PAGE_SIZE = 25;

export const qrListQuery = (businessId: string, filters: Pick<ListStaticQrQuery, 'search' | 'status'>) =>
  infiniteQueryOptions({
    queryKey: endpointKey(staticQrEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: QR_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(staticQrEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: QR_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const qrQuery = (businessId: string, id: string) => endpointQuery(staticQrEndpoints.get, { params: { business_id: businessId, id } });

export const qrPaymentsQuery = (businessId: string, id: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(staticQrEndpoints.payments, { params: { business_id: businessId, id }, query: { limit: QR_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(staticQrEndpoints.payments, { params: { business_id: businessId, id }, query: { limit: QR_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

function useInvalidateQr(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () => invalidateEndpoints(client, [endpointScope(staticQrEndpoints.list, { params }), endpointScope(staticQrEndpoints.get, { params })]);
}

/** The form shows field issues itself. */
export function useSaveQr(businessId: string, id: string | undefined) {
  const invalidate = useInvalidateQr(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: StaticQrBody) =>
      id
        ? call(staticQrEndpoints.update, { params: { business_id: businessId, id }, body })
        : call(staticQrEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useArchiveQr(businessId: string, id: string) {
  const invalidate = useInvalidateQr(businessId);
  return useMutation({
    mutationFn: () => call(staticQrEndpoints.archive, { params: { business_id: businessId, id } }),
    onSuccess: invalidate,
  });
}
