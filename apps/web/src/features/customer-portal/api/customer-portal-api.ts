import { queryOptions, useMutation } from '@tanstack/react-query';
import { customerPortalEndpoints, invoicePageEndpoints } from '@merchant/payments';
import { call, registerCsrfSource } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

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
