import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  platformAccountEndpoints as endpoints,
  type InvitePlatformBusinessBody,
  type PlatformCommissionBody,
  type PlatformInvoiceBody,
  type PlatformPaymentRequestBody,
} from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const platformOverviewQuery = (businessId: string) => endpointQuery(endpoints.overview, { params: { business_id: businessId } });

const PAYMENTS_PAGE_SIZE = 20;

/** The payments the platform made for its linked businesses, a page at a time ("Load more"). */
export const platformPaymentsQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(endpoints.payments, { params: { business_id: businessId }, query: { limit: PAYMENTS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.payments, { params: { business_id: businessId }, query: { limit: PAYMENTS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

const refresh = (client: ReturnType<typeof useQueryClient>, businessId: string) =>
  invalidateEndpoints(client, [endpointScope(endpoints.overview, { params: { business_id: businessId } })]);

export function useInviteBusiness(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitePlatformBusinessBody) => call(endpoints.invite, { params: { business_id: businessId }, body }),
    onSuccess: () => refresh(client, businessId),
  });
}

export function useEndPlatformLink(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => call(endpoints.end, { params: { business_id: businessId, link_id: linkId }, body: { confirm: true } }),
    onSuccess: () => refresh(client, businessId),
  });
}

export function useCreatePlatformRequest(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId: string; body: PlatformPaymentRequestBody }) =>
      call(endpoints.createPaymentRequest, { params: { business_id: businessId, link_id: linkId }, body }),
    onSuccess: () => refresh(client, businessId),
  });
}

/** The commission rate: the fee of a request that names none (the API's, an invoice's). */
export function useSetCommission(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformCommissionBody) => call(endpoints.setCommission, { params: { business_id: businessId }, body }),
    onSuccess: () => refresh(client, businessId),
  });
}

export function useCreatePlatformInvoice(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId: string; body: PlatformInvoiceBody }) =>
      call(endpoints.createInvoice, { params: { business_id: businessId, link_id: linkId }, body }),
    onSuccess: () => refresh(client, businessId),
  });
}
