import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpoints, type ResendPeriodBody, type UpdateWebhookEndpointBody, type WebhookEndpointBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

const DELIVERIES_PAGE_SIZE = 20;

export const webhooksQuery = (businessId: string) => endpointQuery(webhookEndpoints.list, { params: { business_id: businessId } });
export const webhookQuery = (businessId: string, id: string) => endpointQuery(webhookEndpoints.get, { params: { business_id: businessId, webhook_id: id } });

/** An endpoint's delivery log, newest first, a page at a time. */
export const deliveriesQuery = (businessId: string, id: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(webhookEndpoints.deliveries, { params: { business_id: businessId, webhook_id: id }, query: { limit: DELIVERIES_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(webhookEndpoints.deliveries, {
        params: { business_id: businessId, webhook_id: id },
        query: { limit: DELIVERIES_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

function useInvalidateWebhooks(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(webhookEndpoints.list, { params }),
      endpointScope(webhookEndpoints.get, { params }),
      endpointScope(webhookEndpoints.deliveries, { params }),
    ]);
}

export function useCreateWebhook(businessId: string) {
  const invalidate = useInvalidateWebhooks(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: WebhookEndpointBody) => call(webhookEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook(businessId: string, id: string) {
  const invalidate = useInvalidateWebhooks(businessId);
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpointBody) => call(webhookEndpoints.update, { params: { business_id: businessId, webhook_id: id }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveWebhook(businessId: string, id: string) {
  const invalidate = useInvalidateWebhooks(businessId);
  return useMutation({
    mutationFn: () => call(webhookEndpoints.remove, { params: { business_id: businessId, webhook_id: id } }),
    onSuccess: invalidate,
  });
}

export function useSendTestEvent(businessId: string, id: string) {
  const invalidate = useInvalidateWebhooks(businessId);
  return useMutation({
    mutationFn: () => call(webhookEndpoints.sendTest, { params: { business_id: businessId, webhook_id: id } }),
    onSuccess: invalidate,
  });
}

export function useResendDelivery(businessId: string, id: string) {
  const invalidate = useInvalidateWebhooks(businessId);
  return useMutation({
    mutationFn: (deliveryId: string) => call(webhookEndpoints.resend, { params: { business_id: businessId, webhook_id: id, delivery_id: deliveryId } }),
    onSuccess: invalidate,
  });
}

export function useResendPeriod(businessId: string, id: string) {
  const invalidate = useInvalidateWebhooks(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ResendPeriodBody) => call(webhookEndpoints.resendPeriod, { params: { business_id: businessId, webhook_id: id }, body }),
    onSuccess: invalidate,
  });
}
