import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { customerPortalEndpoints, invoicePageEndpoints, type SavedMethodKind } from '@merchant/payments';
import { call, registerCsrfSource } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

// The invoice host keeps its own cookies: its calls carry the token of its own endpoint (the invoice page's).
registerCsrfSource('invoice', invoicePageEndpoints.csrfToken);

export const portalQuery = (businessId: string, token: string) =>
  queryOptions({
    ...endpointQuery(customerPortalEndpoints.get, { params: { business_id: businessId, token } }),
    retry: false,
    meta: { silent: true },
  });

/** "Email me a new link" on an expired link: the business mails it to the address it has for the customer. */
export function useRequestPortalLink(businessId: string, token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: () => call(customerPortalEndpoints.requestLink, { params: { business_id: businessId, token } }),
  });
}

/** "Update card" / "Pay by direct debit": answers the checkout host's page that takes the new method. */
export function useUpdateMethod(businessId: string, token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: { subscriptionId: string; kind: SavedMethodKind }) =>
      call(customerPortalEndpoints.updateMethod, {
        params: { business_id: businessId, token, subscription_id: input.subscriptionId },
        body: { kind: input.kind },
      }),
  });
}

/** "Cancel at period end", then the portal reloads. */
export function useCancelAtPeriodEnd(businessId: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      call(customerPortalEndpoints.cancelAtPeriodEnd, { params: { business_id: businessId, token, subscription_id: subscriptionId } }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(customerPortalEndpoints.get, { params: { business_id: businessId, token } })]),
  });
}
