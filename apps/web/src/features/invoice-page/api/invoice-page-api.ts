import { queryOptions, useMutation } from '@tanstack/react-query';
import { invoicePageEndpoints, type PayInvoiceBody } from '@merchant/payments';
import { call, registerCsrfSource } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

// The invoice host keeps its own cookies: its calls carry the token of its own endpoint.
registerCsrfSource('invoice', invoicePageEndpoints.csrfToken);

export const invoicePageQuery = (businessId: string, invoice: string) =>
  queryOptions({
    ...endpointQuery(invoicePageEndpoints.get, { params: { business_id: businessId, invoice } }),
    retry: false,
    meta: { silent: true },
  });

/** Starts a payment of the invoice; the answer names the hosted checkout page that takes it. One Idempotency-Key per attempt. */
export function usePayInvoice(businessId: string, invoice: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PayInvoiceBody) => call(invoicePageEndpoints.pay, { params: { business_id: businessId, invoice }, body }),
  });
}
