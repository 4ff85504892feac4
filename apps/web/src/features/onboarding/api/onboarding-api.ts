import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointBody } from '@merchant/core';
import { onboardingEndpoints, type DocumentKind, type Onboarding } from '@merchant/business';
import { call } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';
import { onboardingProgressQuery } from '@/lib/onboarding-progress';
import { businessQuery, userQuery } from '@/lib/session';

export const onboardingQuery = (businessId: string) => endpointQuery(onboardingEndpoints.get, { params: { business_id: businessId } });

/** Forms show field issues themselves (their handleServerError shows the snackbar otherwise). */
const formMutation = { meta: { silent: true } } as const;

/** Every change answers the whole questionnaire: keep it, and let the progress and business refetch. */
function useKeepOnboarding(businessId: string) {
  const queryClient = useQueryClient();
  return async (onboarding: Onboarding) => {
    queryClient.setQueryData(onboardingQuery(businessId).queryKey, onboarding);
    await queryClient.invalidateQueries({ queryKey: onboardingProgressQuery(businessId).queryKey });
  };
}

const SAVE = {
  business: onboardingEndpoints.saveBusiness,
  owner: onboardingEndpoints.saveOwner,
  address: onboardingEndpoints.saveAddress,
  sales: onboardingEndpoints.saveSales,
} as const;
export type SaveStep = keyof typeof SAVE;
export type StepBody<S extends SaveStep> = EndpointBody<(typeof SAVE)[S]>;

export function useSaveStep<S extends SaveStep>(businessId: string, step: S) {
  const keep = useKeepOnboarding(businessId);
  return useMutation({
    ...formMutation,
    mutationFn: (body: StepBody<S>) =>
      call(SAVE[step] as (typeof SAVE)['business'], { params: { business_id: businessId }, body: body as StepBody<'business'> }),
    onSuccess: keep,
  });
}

export function useUploadDocument(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: ({ kind, file }: { kind: DocumentKind; file: File }) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return call(onboardingEndpoints.uploadDocument, { params: { business_id: businessId }, query: { kind }, formData });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingQuery(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: onboardingProgressQuery(businessId).queryKey }),
      ]),
  });
}

export function useDeleteDocument(businessId: string) {
  const keep = useKeepOnboarding(businessId);
  return useMutation({
    mutationFn: (documentId: string) => call(onboardingEndpoints.deleteDocument, { params: { business_id: businessId, document_id: documentId } }),
    onSuccess: keep,
  });
}

export function useSubmitOnboarding(businessId: string) {
  const keep = useKeepOnboarding(businessId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(onboardingEndpoints.submit, { params: { business_id: businessId } }),
    onSuccess: async (onboarding) => {
      await keep(onboarding);
      // The guards read the business's status: it is pending verification now.
      await queryClient.invalidateQueries({ queryKey: businessQuery(businessId).queryKey });
      await queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
    },
  });
}
