import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bankAccountEndpoints, payoutEndpoints, type BankAccountFields, type ReauthFields } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const bankAccountsQuery = (businessId: string) => endpointQuery(bankAccountEndpoints.list, { params: { business_id: businessId } });

export const bankAccountQuery = (businessId: string, id: string) =>
  endpointQuery(bankAccountEndpoints.get, { params: { business_id: businessId, bank_account_id: id } });

const PAYOUTS_PAGE_SIZE = 25;

/** The payouts to these accounts, newest first (the partner's Payouts screen; merchants read them under the balance). */
export const payoutsToAccountsQuery = (businessId: string) => {
  const params = { business_id: businessId };
  const query = { limit: PAYOUTS_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: endpointKey(payoutEndpoints.list, { params, query }),
    queryFn: ({ pageParam, signal }) => call(payoutEndpoints.list, { params, query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

function useInvalidateBankAccounts(businessId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(bankAccountEndpoints.list, { params: { business_id: businessId } }),
      endpointScope(bankAccountEndpoints.get, { params: { business_id: businessId } }),
    ]);
}

/** Adds an account (no id) or saves one, with the password or code the person confirmed; the screens show errors themselves. */
export function useSaveBankAccount(businessId: string, id: string | null) {
  const invalidate = useInvalidateBankAccounts(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: BankAccountFields & ReauthFields) =>
      id
        ? call(bankAccountEndpoints.update, { params: { business_id: businessId, bank_account_id: id }, body })
        : call(bankAccountEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveBankAccount(businessId: string) {
  const invalidate = useInvalidateBankAccounts(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, ...body }: ReauthFields & { id: string }) =>
      call(bankAccountEndpoints.remove, { params: { business_id: businessId, bank_account_id: id }, body }),
    onSuccess: invalidate,
  });
}

export function useSetDefaultBankAccount(businessId: string) {
  const invalidate = useInvalidateBankAccounts(businessId);
  return useMutation({
    mutationFn: (id: string) => call(bankAccountEndpoints.setDefault, { params: { business_id: businessId, bank_account_id: id } }),
    onSuccess: invalidate,
  });
}
