import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { verificationAdminEndpoints, type BusinessFlags, type BusinessReview } from '@merchant/business';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';
import { businessQuery } from '@/lib/session';

export const verificationQueueQuery = queryOptions({
  ...endpointQuery(verificationAdminEndpoints.queue),
  select: (answer) => answer.data,
});

export const businessReviewQuery = (businessId: string) => endpointQuery(verificationAdminEndpoints.business, { params: { business_id: businessId } });

/** A decision changes the review, the queue and the business as any screen loaded it. */
function useKeepReview(businessId: string) {
  const queryClient = useQueryClient();
  return async (review: BusinessReview) => {
    queryClient.setQueryData(businessReviewQuery(businessId).queryKey, review);
    await invalidateEndpoints(queryClient, [endpointScope(verificationAdminEndpoints.queue), businessQuery(businessId).queryKey]);
  };
}

export function useApprove(businessId: string) {
  const keep = useKeepReview(businessId);
  return useMutation({
    mutationFn: () => call(verificationAdminEndpoints.approve, { params: { business_id: businessId } }),
    onSuccess: keep,
  });
}

export function useRequestChanges(businessId: string) {
  const keep = useKeepReview(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (message: string) => call(verificationAdminEndpoints.requestChanges, { params: { business_id: businessId }, body: { message } }),
    onSuccess: keep,
  });
}

export function useBlock(businessId: string) {
  const keep = useKeepReview(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (reason: string) => call(verificationAdminEndpoints.block, { params: { business_id: businessId }, body: { reason } }),
    onSuccess: keep,
  });
}

export function useUnblock(businessId: string) {
  const keep = useKeepReview(businessId);
  return useMutation({
    mutationFn: () => call(verificationAdminEndpoints.unblock, { params: { business_id: businessId } }),
    onSuccess: keep,
  });
}

export function useUpdateFlags(businessId: string) {
  const keep = useKeepReview(businessId);
  return useMutation({
    mutationFn: (flags: Partial<BusinessFlags>) => call(verificationAdminEndpoints.updateFlags, { params: { business_id: businessId }, body: flags }),
    onSuccess: keep,
  });
}
