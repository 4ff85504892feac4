import { useState } from 'react';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionEndpoints, type RefundInput, type TransactionFilters } from '@merchant/payments';
import { call, keptIdempotencyKey } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { refreshAfterPaymentChange } from '@/lib/payment-changes';
import { endpointKey, endpointQuery } from '@/lib/queries';

export const TRANSACTIONS_PAGE_SIZE = 25;

export const transactionsQuery = (businessId: string, filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(transactionEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: TRANSACTIONS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(transactionEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: TRANSACTIONS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const transactionQuery = (businessId: string, paymentId: string) =>
  endpointQuery(transactionEndpoints.get, { params: { business_id: businessId, payment_id: paymentId } });

/** The CSV download of exactly the filtered list. */
export const transactionsExportHref = (businessId: string, filters: TransactionFilters): string =>
  downloadUrl(transactionEndpoints.export, { business_id: businessId }, filters);

/**
 * Refunds a payment. The same refund asked again after an answer that settled nothing (the processor did not answer)
 * keeps its Idempotency-Key, so the server finishes the first try rather than refunding twice.
 */
export function useRefund(businessId: string, paymentId: string) {
  const client = useQueryClient();
  const [withKey] = useState(keptIdempotencyKey);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RefundInput) =>
      withKey(body, (idempotencyKey) =>
        call(transactionEndpoints.refund, { params: { business_id: businessId, payment_id: paymentId }, body, idempotencyKey }),
      ),
    // A refund moves the invoice or period it paid, the customer, the overview, balances and sales report too.
    onSuccess: () => refreshAfterPaymentChange(client, businessId),
  });
}
