import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessEndpoints, type UpdateBusinessBody } from '@merchant/business';
import { call } from '@/lib/api-client';
import { businessQuery, userQuery } from '@/lib/session';

/** Saves the details; the business query (layout, switcher, sidebars) is invalidated so everything shows the new values. */
export function useUpdateBusiness(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateBusinessBody) => call(businessEndpoints.update, { params: { business_id: businessId }, body }),
    onSuccess: async (business) => {
      const { queryKey } = businessQuery(businessId);
      queryClient.setQueryData(queryKey, business);
      await queryClient.invalidateQueries({ queryKey });
      // The user's business lists (switcher, choose-business) carry the name too.
      await queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
    },
  });
}
