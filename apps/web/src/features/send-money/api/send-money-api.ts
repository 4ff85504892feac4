import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { businessEndpoints } from '@merchant/business';
import {
  beneficiaryEndpoints,
  transferEndpoints,
  type CreateBeneficiaryBody,
  type CreateTransferBody,
  type QuoteBody,
  type TransferFilters,
  type TransferSettingsBody,
} from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const SEND_MONEY_PAGE_SIZE = 25;

export const sendMoneyOverviewQuery = (businessId: string) => endpointQuery(transferEndpoints.overview, { params: { business_id: businessId } });

export const beneficiariesQuery = (businessId: string, filters: { q?: string | undefined; status: 'active' | 'closed' | 'all' }) =>
  infiniteQueryOptions({
    queryKey: endpointKey(beneficiaryEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: SEND_MONEY_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(beneficiaryEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: SEND_MONEY_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const beneficiaryQuery = (businessId: string, beneficiaryId: string) =>
  endpointQuery(beneficiaryEndpoints.get, { params: { business_id: businessId, beneficiary_id: beneficiaryId } });

export const transfersQuery = (businessId: string, filters: Partial<TransferFilters>) =>
  infiniteQueryOptions({
    queryKey: endpointKey(transferEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: SEND_MONEY_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(transferEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: SEND_MONEY_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const transferQuery = (businessId: string, transferId: string) =>
  endpointQuery(transferEndpoints.get, { params: { business_id: businessId, transfer_id: transferId } });

/** The CSV of exactly the filtered history: a plain link the browser follows with the session cookie. */
export const transfersExportHref = (businessId: string, filters: Partial<TransferFilters>): string =>
  downloadUrl(transferEndpoints.export, { business_id: businessId }, filters);

/** Everything a transfer or a beneficiary change may show on: the lists, the overview, and the business (the sidebar's dot). */
function useInvalidateSendMoney(businessId: string) {
  const client = useQueryClient();
  const params = { params: { business_id: businessId } };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(beneficiaryEndpoints.list, params),
      endpointScope(beneficiaryEndpoints.get, params),
      endpointScope(transferEndpoints.overview, params),
      endpointScope(transferEndpoints.list, params),
      endpointScope(transferEndpoints.get, params),
      endpointScope(businessEndpoints.get, params),
    ]);
}

export function useSaveBeneficiary(businessId: string, beneficiaryId: string | null) {
  const invalidate = useInvalidateSendMoney(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateBeneficiaryBody) =>
      beneficiaryId
        ? call(beneficiaryEndpoints.update, { params: { business_id: businessId, beneficiary_id: beneficiaryId }, body })
        : call(beneficiaryEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useCloseBeneficiary(businessId: string) {
  const invalidate = useInvalidateSendMoney(businessId);
  return useMutation({
    mutationFn: (beneficiaryId: string) => call(beneficiaryEndpoints.remove, { params: { business_id: businessId, beneficiary_id: beneficiaryId } }),
    onSuccess: invalidate,
  });
}

export function useQuote(businessId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: QuoteBody) => call(transferEndpoints.quote, { params: { business_id: businessId }, body }),
  });
}

/** Sends a transfer; the client sends one Idempotency-Key per attempt (kept across its 419 retry). */
export function useSendTransfer(businessId: string) {
  const invalidate = useInvalidateSendMoney(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateTransferBody) => call(transferEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export type ReviewAction = 'approve' | 'reject' | 'cancel';

export function useReviewTransfer(businessId: string) {
  const invalidate = useInvalidateSendMoney(businessId);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReviewAction }) =>
      call(transferEndpoints[action], { params: { business_id: businessId, transfer_id: id } }),
    onSuccess: invalidate,
  });
}

export function useSaveTransferSettings(businessId: string) {
  const invalidate = useInvalidateSendMoney(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TransferSettingsBody) => call(transferEndpoints.saveSettings, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}
