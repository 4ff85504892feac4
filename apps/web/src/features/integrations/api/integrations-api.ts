import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationEndpoints, type CreateIntegrationBody, type ReauthFields, type UpdateIntegrationBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const integrationsQuery = (businessId: string) => endpointQuery(integrationEndpoints.list, { params: { business_id: businessId } });
export const integrationQuery = (businessId: string, id: string) =>
  endpointQuery(integrationEndpoints.get, { params: { business_id: businessId, gateway_provider_id: id } });

function useInvalidateIntegrations(businessId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(integrationEndpoints.list, { params: { business_id: businessId } }),
      endpointScope(integrationEndpoints.get, { params: { business_id: businessId } }),
    ]);
}

/** The screens show a refused password or code themselves (`reauthError`) and the form's field errors. */
export function useCreateIntegration(businessId: string) {
  const invalidate = useInvalidateIntegrations(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateIntegrationBody) => call(integrationEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateIntegration(businessId: string, id: string) {
  const invalidate = useInvalidateIntegrations(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateIntegrationBody) => call(integrationEndpoints.update, { params: { business_id: businessId, gateway_provider_id: id }, body }),
    onSuccess: invalidate,
  });
}

export function useRotateIntegrationKey(businessId: string, id: string) {
  const invalidate = useInvalidateIntegrations(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ReauthFields) => call(integrationEndpoints.rotate, { params: { business_id: businessId, gateway_provider_id: id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteIntegration(businessId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ReauthFields) => call(integrationEndpoints.delete, { params: { business_id: businessId, gateway_provider_id: id }, body }),
    // The deleted one's own query is dropped (refetching it would answer 404), the list refetched.
    onSuccess: () => {
      client.removeQueries({ queryKey: endpointScope(integrationEndpoints.get, { params: { business_id: businessId, gateway_provider_id: id } }) });
      return invalidateEndpoints(client, [endpointScope(integrationEndpoints.list, { params: { business_id: businessId } })]);
    },
  });
}
