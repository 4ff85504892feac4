import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  balanceEndpoints,
  bankAccountEndpoints,
  payoutEndpoints,
  type CreatePayoutBody,
  type PayoutFilters,
  type SavePayoutSettingsBody,
} from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const PAYOUTS_PAGE_SIZE = 25;
export const PAYOUT_LINES_PAGE_SIZE = 50;

/** The payout bank accounts (the default of each currency is where a payout goes). */
export const payoutBankAccountsQuery = (businessId: string) => endpointQuery(bankAccountEndpoints.list, { params: { business_id: businessId } });

export const payoutSettingsQuery = (businessId: string) => endpointQuery(payoutEndpoints.settings, { params: { business_id: businessId } });

export const payoutsQuery = (businessId: string, filters: PayoutFilters) => {
  const params = { business_id: businessId };
  return infiniteQueryOptions({
    queryKey: endpointKey(payoutEndpoints.list, { params, query: { ...filters, limit: PAYOUTS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) => call(payoutEndpoints.list, { params, query: { ...filters, limit: PAYOUTS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

export const payoutQuery = (businessId: string, payoutId: string) =>
  endpointQuery(payoutEndpoints.get, { params: { business_id: businessId, payout_id: payoutId } });

export const payoutLinesQuery = (businessId: string, payoutId: string) => {
  const params = { business_id: businessId, payout_id: payoutId };
  return infiniteQueryOptions({
    queryKey: endpointKey(payoutEndpoints.lines, { params, query: { limit: PAYOUT_LINES_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) => call(payoutEndpoints.lines, { params, query: { limit: PAYOUT_LINES_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

/** The CSV of exactly the filtered list. */
export const payoutsExportHref = (businessId: string, filters: PayoutFilters): string =>
  downloadUrl(payoutEndpoints.export, { business_id: businessId }, filters);

/** The CSV of one payout's lines. */
export const payoutLinesExportHref = (businessId: string, payoutId: string): string =>
  downloadUrl(payoutEndpoints.exportLines, { business_id: businessId, payout_id: payoutId }, {});

export function useSavePayoutSettings(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: SavePayoutSettingsBody) => call(payoutEndpoints.saveSettings, { params, body }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(payoutEndpoints.settings, { params })]),
  });
}

/** Pay out now: one Idempotency-Key per attempt (the API client's), then the balances, the statement and the payouts refresh. */
export function useCreatePayout(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreatePayoutBody) => call(payoutEndpoints.create, { params, body }),
    onSuccess: () =>
      invalidateEndpoints(client, [
        endpointScope(balanceEndpoints.get, { params }),
        endpointScope(balanceEndpoints.statement, { params }),
        endpointScope(payoutEndpoints.list, { params }),
      ]),
  });
}
