import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkoutCustomisationEndpoints, type UpdateCheckoutSettingsBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

export const checkoutSettingsQuery = (businessId: string) => endpointQuery(checkoutCustomisationEndpoints.get, { params: { business_id: businessId } });

export function useUpdateCheckoutSettings(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateCheckoutSettingsBody) => call(checkoutCustomisationEndpoints.update, { params: { business_id: businessId }, body }),
    onSuccess: (answer) => queryClient.setQueryData(checkoutSettingsQuery(businessId).queryKey, answer),
  });
}
