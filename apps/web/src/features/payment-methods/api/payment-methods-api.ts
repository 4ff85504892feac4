import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsEndpoints, type ConnectProviderBody, type PaymentProvider, type UpdatePaymentMethodsBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';
import { businessQuery } from '@/lib/session';

export const paymentMethodsQuery = (businessId: string) => endpointQuery(paymentMethodsEndpoints.get, { params: { business_id: businessId } });

export function useUpdatePaymentMethods(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdatePaymentMethodsBody) => call(paymentMethodsEndpoints.update, { params: { business_id: businessId }, body }),
    onSuccess: (answer) => queryClient.setQueryData(paymentMethodsQuery(businessId).queryKey, answer),
  });
}

/** A connection change also changes the business flags (the sidebar's balance entries): both refetch. */
function useRefreshAfterConnection(businessId: string) {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(
      queryClient,
      [endpointScope(paymentMethodsEndpoints.get, { params: { business_id: businessId } }), businessQuery(businessId).queryKey],
      'all',
    );
}

export function useConnectProvider(businessId: string, provider: PaymentProvider) {
  const refresh = useRefreshAfterConnection(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ConnectProviderBody) => call(paymentMethodsEndpoints.connectProvider, { params: { business_id: businessId, provider }, body }),
    onSuccess: refresh,
  });
}

export function useDisconnectProvider(businessId: string, provider: PaymentProvider) {
  const refresh = useRefreshAfterConnection(businessId);
  return useMutation({
    mutationFn: () => call(paymentMethodsEndpoints.disconnectProvider, { params: { business_id: businessId, provider } }),
    onSuccess: refresh,
  });
}
