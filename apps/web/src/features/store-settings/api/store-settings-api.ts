import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessEndpoints } from '@merchant/business';
import { storeSettingsEndpoints, type ConnectStoreDomainBody, type UpdateStoreSettingsBody } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

const at = (businessId: string) => ({ params: { business_id: businessId } });

export const storeSettingsQuery = (businessId: string) => endpointQuery(storeSettingsEndpoints.get, at(businessId));
export const storeDomainQuery = (businessId: string) => endpointQuery(storeSettingsEndpoints.getDomain, at(businessId));
export const storeOnboardingQuery = (businessId: string) => endpointQuery(storeSettingsEndpoints.onboarding, at(businessId));

/** Whatever changes the store: its settings, domain, the opening steps and the business's domain info are read again. */
function useStoreChange<B, R>(businessId: string, send: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: send,
    onSuccess: () =>
      invalidateEndpoints(client, [
        endpointScope(storeSettingsEndpoints.get, at(businessId)),
        endpointScope(storeSettingsEndpoints.getDomain, at(businessId)),
        endpointScope(storeSettingsEndpoints.onboarding, at(businessId)),
        endpointScope(businessEndpoints.domainInfo, at(businessId)),
      ]),
  });
}

export const useSaveStoreSettings = (businessId: string) =>
  useStoreChange(businessId, (body: UpdateStoreSettingsBody) => call(storeSettingsEndpoints.update, { ...at(businessId), body }));

export const useConnectDomain = (businessId: string) =>
  useStoreChange(businessId, (body: ConnectStoreDomainBody) => call(storeSettingsEndpoints.connectDomain, { ...at(businessId), body }));

export const useVerifyDomain = (businessId: string) => useStoreChange(businessId, (_: void) => call(storeSettingsEndpoints.verifyDomain, at(businessId)));

export const useRemoveDomain = (businessId: string) => useStoreChange(businessId, (_: void) => call(storeSettingsEndpoints.removeDomain, at(businessId)));
