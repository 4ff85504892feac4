import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentLinkEndpoints, type CreatePaymentLinkBody, type ListPaymentLinksQuery, type PaymentLinkBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const LINKS_PAGE_SIZE = 25;

export const linksQuery = (businessId: string, filters: Pick<ListPaymentLinksQuery, 'search' | 'status'>) =>
  infiniteQueryOptions({
    queryKey: endpointKey(paymentLinkEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: LINKS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(paymentLinkEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: LINKS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const linkQuery = (businessId: string, id: string) => endpointQuery(paymentLinkEndpoints.get, { params: { business_id: businessId, id } });

export const linkPaymentsQuery = (businessId: string, id: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(paymentLinkEndpoints.payments, { params: { business_id: businessId, id }, query: { limit: LINKS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(paymentLinkEndpoints.payments, { params: { business_id: businessId, id }, query: { limit: LINKS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const linkProductsQuery = (businessId: string) =>
  queryOptions({ ...endpointQuery(paymentLinkEndpoints.products, { params: { business_id: businessId } }), select: (answer) => answer.data });

function useInvalidateLinks(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () => invalidateEndpoints(client, [endpointScope(paymentLinkEndpoints.list, { params }), endpointScope(paymentLinkEndpoints.get, { params })]);
}

/** The forms show field issues themselves. */
export function useCreateLink(businessId: string) {
  const invalidate = useInvalidateLinks(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreatePaymentLinkBody) => call(paymentLinkEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateLink(businessId: string, id: string) {
  const invalidate = useInvalidateLinks(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PaymentLinkBody) => call(paymentLinkEndpoints.update, { params: { business_id: businessId, id }, body }),
    onSuccess: invalidate,
  });
}

export function useCancelLink(businessId: string, id: string) {
  const invalidate = useInvalidateLinks(businessId);
  return useMutation({
    mutationFn: () => call(paymentLinkEndpoints.cancel, { params: { business_id: businessId, id } }),
    onSuccess: invalidate,
  });
}

export function useSendLink(businessId: string, id: string) {
  return useMutation({ mutationFn: () => call(paymentLinkEndpoints.send, { params: { business_id: businessId, id } }) });
}
