import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyEndpoints, type CreateApiKeyBody, type ReauthFields } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const apiKeysQuery = (businessId: string) => endpointQuery(apiKeyEndpoints.list, { params: { business_id: businessId } });

function useInvalidateApiKeys(businessId: string) {
  const client = useQueryClient();
  return () => invalidateEndpoints(client, [endpointScope(apiKeyEndpoints.list, { params: { business_id: businessId } })]);
}

/** The screens show the refused password or code themselves (`reauthError`). */
export function useCreateApiKey(businessId: string) {
  const invalidate = useInvalidateApiKeys(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateApiKeyBody) => call(apiKeyEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useRotateApiKey(businessId: string) {
  const invalidate = useInvalidateApiKeys(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, ...body }: ReauthFields & { id: string }) => call(apiKeyEndpoints.rotate, { params: { business_id: businessId, api_key_id: id }, body }),
    onSuccess: invalidate,
  });
}

export function useRevokeApiKey(businessId: string) {
  const invalidate = useInvalidateApiKeys(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, ...body }: ReauthFields & { id: string }) => call(apiKeyEndpoints.revoke, { params: { business_id: businessId, api_key_id: id }, body }),
    onSuccess: invalidate,
  });
}
