import { queryOptions, useMutation } from '@tanstack/react-query';
import { checkoutEndpoints, directDebitEndpoints, type MandateAccountBody } from '@merchant/payments';
import { call, registerCsrfSource } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

// The checkout host keeps its own cookies: its calls carry the token of its own endpoint.
registerCsrfSource('checkout', checkoutEndpoints.csrfToken);

export const mandateQuery = (publicId: string) =>
  queryOptions({ ...endpointQuery(directDebitEndpoints.get, { params: { public_id: publicId } }), retry: false, meta: { silent: true } });

export function useSubmitAccount(publicId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: MandateAccountBody) => call(directDebitEndpoints.submitAccount, { params: { public_id: publicId }, body }),
  });
}

export function useBankDecision(publicId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (decision: 'authorise' | 'decline') => call(directDebitEndpoints.bankDecision, { params: { public_id: publicId }, body: { decision } }),
  });
}

/** The redirection screen's server-side confirmation (the same answer when repeated). */
export function useConfirmMandate(publicId: string) {
  return useMutation({ meta: { silent: true }, mutationFn: () => call(directDebitEndpoints.confirm, { params: { public_id: publicId } }) });
}
