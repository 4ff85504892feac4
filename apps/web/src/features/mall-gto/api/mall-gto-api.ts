import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { locationEndpoints } from '@merchant/catalogue';
import { mallGtoEndpoints, type CreateMallIntegrationBody, type UpdateMallIntegrationBody } from '@merchant/pos';
import { call, endpointUrl } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const RUNS_PAGE_SIZE = 25;

export const integrationsQuery = (businessId: string) => endpointQuery(mallGtoEndpoints.list, { params: { business_id: businessId } });
export const integrationQuery = (businessId: string, integrationId: string) =>
  endpointQuery(mallGtoEndpoints.get, { params: { business_id: businessId, integration_id: integrationId } });
export const locationsQuery = (businessId: string) =>
  endpointQuery(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'all', limit: 100 } });

export const runsQuery = (businessId: string, integrationId: string | undefined) => {
  const query = { limit: RUNS_PAGE_SIZE, ...(integrationId ? { integration_id: integrationId } : {}) };
  return infiniteQueryOptions({
    queryKey: endpointKey(mallGtoEndpoints.runs, { params: { business_id: businessId }, query }),
    queryFn: ({ pageParam, signal }) => call(mallGtoEndpoints.runs, { params: { business_id: businessId }, query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

/** The file a run built, as it was sent (a download: the browser sends the session cookie). */
export const runFileHref = (businessId: string, runId: string) => endpointUrl(mallGtoEndpoints.runFile, { business_id: businessId, run_id: runId });

function useInvalidateMallGto(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(mallGtoEndpoints.list, { params }),
      endpointScope(mallGtoEndpoints.get, { params }),
      endpointScope(mallGtoEndpoints.runs, { params }),
    ]);
}

/** The forms show field issues themselves. */
export function useCreateIntegration(businessId: string) {
  const invalidate = useInvalidateMallGto(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateMallIntegrationBody) => call(mallGtoEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateIntegration(businessId: string, integrationId: string) {
  const invalidate = useInvalidateMallGto(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateMallIntegrationBody) =>
      call(mallGtoEndpoints.update, { params: { business_id: businessId, integration_id: integrationId }, body }),
    onSuccess: invalidate,
  });
}

export function useTestConnection(businessId: string) {
  return useMutation({
    mutationFn: (integrationId: string) => call(mallGtoEndpoints.testConnection, { params: { business_id: businessId, integration_id: integrationId } }),
  });
}

export function useSendDay(businessId: string) {
  const invalidate = useInvalidateMallGto(businessId);
  return useMutation({
    mutationFn: (input: { integrationId: string; businessDate: string }) =>
      call(mallGtoEndpoints.sendDay, {
        params: { business_id: businessId, integration_id: input.integrationId },
        body: { business_date: input.businessDate },
      }),
    onSuccess: invalidate,
  });
}
