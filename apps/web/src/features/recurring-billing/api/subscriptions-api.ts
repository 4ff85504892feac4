import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customerEndpoints,
  planEndpoints,
  subscriptionEndpoints,
  type CreateSubscriptionBody,
  type SubscriptionDetailsBody,
  type RetrySettingsBody,
  type SubscriptionFilters,
} from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const SUBSCRIPTIONS_PAGE_SIZE = 25;

export const subscriptionsQuery = (businessId: string, filters: SubscriptionFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(subscriptionEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: SUBSCRIPTIONS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(subscriptionEndpoints.list, {
        params: { business_id: businessId },
        query: { ...filters, limit: SUBSCRIPTIONS_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const subscriptionsExportHref = (businessId: string, filters: SubscriptionFilters): string =>
  downloadUrl(subscriptionEndpoints.export, { business_id: businessId }, filters);

export const subscriptionQuery = (businessId: string, id: string) =>
  endpointQuery(subscriptionEndpoints.get, { params: { business_id: businessId, subscription_id: id } });

export const retrySettingsQuery = (businessId: string) => endpointQuery(subscriptionEndpoints.retrySettings, { params: { business_id: businessId } });

export const planRevenueQuery = (businessId: string, planId: string) =>
  endpointQuery(subscriptionEndpoints.planRevenue, { params: { business_id: businessId, plan_id: planId } });

/** The pickers of the create dialog: customers by search, the business's active plans. */
export const customerOptionsQuery = (businessId: string, search: string) =>
  queryOptions({
    ...endpointQuery(customerEndpoints.list, { params: { business_id: businessId }, query: { q: search || undefined, limit: 20 } }),
    select: (page) => page.data,
  });
export const activePlansQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(planEndpoints.list, { params: { business_id: businessId }, query: { status: 'active', limit: 100 } }),
    select: (page) => page.data,
  });

function useInvalidateSubscriptions(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(subscriptionEndpoints.list, { params }),
      endpointScope(subscriptionEndpoints.get, { params }),
      endpointScope(subscriptionEndpoints.planRevenue, { params }),
    ]);
}

export function useCreateSubscription(businessId: string) {
  const invalidate = useInvalidateSubscriptions(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateSubscriptionBody) => call(subscriptionEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export type SubscriptionActionInput =
  { action: 'pause' | 'resume' | 'charge_now' | 'send_setup_link' } | { action: 'cancel'; at_period_end: boolean } | { action: 'change_plan'; plan_id: string };

/** Every action of the detail (charge now sends its own Idempotency-Key, kept across the 419 retry). */
export function useSubscriptionAction(businessId: string, id: string) {
  const invalidate = useInvalidateSubscriptions(businessId);
  return useMutation({
    // The detail shows a refusal itself, above its sections.
    meta: { silent: true },
    mutationFn: async (input: SubscriptionActionInput): Promise<unknown> => {
      const params = { business_id: businessId, subscription_id: id };
      switch (input.action) {
        case 'pause':
          return call(subscriptionEndpoints.pause, { params });
        case 'resume':
          return call(subscriptionEndpoints.resume, { params });
        case 'charge_now':
          return call(subscriptionEndpoints.chargeNow, { params });
        case 'send_setup_link':
          return call(subscriptionEndpoints.sendSetupLink, { params });
        case 'cancel':
          return call(subscriptionEndpoints.cancel, { params, body: { at_period_end: input.at_period_end } });
        case 'change_plan':
          return call(subscriptionEndpoints.changePlan, { params, body: { plan_id: input.plan_id } });
      }
    },
    onSuccess: invalidate,
  });
}

/** The subscription's description, reference and return address (`subscriptions.updateDetails`). */
export function useUpdateSubscriptionDetails(businessId: string, id: string) {
  const invalidate = useInvalidateSubscriptions(businessId);
  return useMutation({
    // The dialog shows field errors itself.
    meta: { silent: true },
    mutationFn: (body: SubscriptionDetailsBody) =>
      call(subscriptionEndpoints.updateDetails, { params: { business_id: businessId, subscription_id: id }, body }),
    onSuccess: invalidate,
  });
}

/** A new card link that is not mailed: the merchant copies it (`subscriptions.copySetupLink`). */
export function useCopySetupLink(businessId: string, id: string) {
  return useMutation({
    // The dialog shows a refusal itself.
    meta: { silent: true },
    mutationFn: () => call(subscriptionEndpoints.copySetupLink, { params: { business_id: businessId, subscription_id: id } }),
  });
}

export function useSaveRetrySettings(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RetrySettingsBody) => call(subscriptionEndpoints.saveRetrySettings, { params: { business_id: businessId }, body }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(subscriptionEndpoints.retrySettings, { params: { business_id: businessId } })]),
  });
}
