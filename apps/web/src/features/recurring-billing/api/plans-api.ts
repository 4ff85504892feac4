import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { planEndpoints, type ListPlansQuery, type PlanBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const PLANS_PAGE_SIZE = 25;

export const plansQuery = (businessId: string, filters: Pick<ListPlansQuery, 'search' | 'status'>) =>
  infiniteQueryOptions({
    queryKey: endpointKey(planEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: PLANS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(planEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: PLANS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const planQuery = (businessId: string, planId: string) => endpointQuery(planEndpoints.get, { params: { business_id: businessId, plan_id: planId } });

function useInvalidatePlans(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () => invalidateEndpoints(client, [endpointScope(planEndpoints.list, { params }), endpointScope(planEndpoints.get, { params })]);
}

/** Create (no id) or edit; the form shows field issues itself. */
export function useSavePlan(businessId: string, planId: string | undefined) {
  const invalidate = useInvalidatePlans(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PlanBody) =>
      planId
        ? call(planEndpoints.update, { params: { business_id: businessId, plan_id: planId }, body })
        : call(planEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useArchivePlan(businessId: string, planId: string) {
  const invalidate = useInvalidatePlans(businessId);
  return useMutation({
    mutationFn: () => call(planEndpoints.archive, { params: { business_id: businessId, plan_id: planId } }),
    onSuccess: invalidate,
  });
}
