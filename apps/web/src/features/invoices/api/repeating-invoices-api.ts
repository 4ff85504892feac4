import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceEndpoints, repeatingInvoiceEndpoints, type RepeatingInvoiceBody, type RepeatingInvoiceFilters } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const REPEATING_INVOICES_PAGE_SIZE = 25;

export const repeatingInvoicesQuery = (businessId: string, filters: RepeatingInvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(repeatingInvoiceEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: REPEATING_INVOICES_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(repeatingInvoiceEndpoints.list, {
        params: { business_id: businessId },
        query: { ...filters, limit: REPEATING_INVOICES_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const repeatingInvoiceQuery = (businessId: string, id: string) =>
  endpointQuery(repeatingInvoiceEndpoints.get, { params: { business_id: businessId, repeating_invoice_id: id } });

/** A change to a repeating invoice may make an invoice at once (a run due today): both lists refresh. */
function useInvalidateRepeating(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(repeatingInvoiceEndpoints.list, { params }),
      endpointScope(repeatingInvoiceEndpoints.get, { params }),
      endpointScope(invoiceEndpoints.list, { params }),
    ]);
}

/** The form shows field issues itself. */
export function useSaveRepeatingInvoice(businessId: string, id: string | undefined) {
  const invalidate = useInvalidateRepeating(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RepeatingInvoiceBody) =>
      id
        ? call(repeatingInvoiceEndpoints.update, { params: { business_id: businessId, repeating_invoice_id: id }, body })
        : call(repeatingInvoiceEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

/** Pause, resume or stop: the snackbar says what went wrong. */
export function useRepeatingInvoiceAction(businessId: string, id: string, action: 'pause' | 'resume' | 'stop') {
  const invalidate = useInvalidateRepeating(businessId);
  return useMutation({
    mutationFn: () => call(repeatingInvoiceEndpoints[action], { params: { business_id: businessId, repeating_invoice_id: id } }),
    onSuccess: invalidate,
  });
}
