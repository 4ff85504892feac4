import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { businessEndpoints, staffEndpoints, type CreateInvitationBody } from '@merchant/business';
import type { Role } from '@merchant/core';
import { call } from '../../../lib/api-client';
import { staffKeys } from './keys';

export const membersQuery = (businessId: string) =>
  queryOptions({
    queryKey: staffKeys.members(businessId),
    queryFn: async () => (await call(businessEndpoints.users, { params: { business_id: businessId } })).data,
  });

export const invitationsQuery = (businessId: string) =>
  queryOptions({
    queryKey: staffKeys.invitations(businessId),
    queryFn: async () => (await call(staffEndpoints.listInvitations, { params: { business_id: businessId } })).data,
  });

export const memberQuery = (businessId: string, id: string) =>
  queryOptions({
    queryKey: staffKeys.detail(businessId, id),
    queryFn: () => call(staffEndpoints.getMember, { params: { business_id: businessId, id } }),
  });

/** Every staff change makes the lists and details of the business stale. */
function useInvalidateStaff(businessId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all(businessId) });
}

/** The invite form shows field issues itself. */
export function useInvite(businessId: string) {
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateInvitationBody) => call(staffEndpoints.invite, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useResendInvitation(businessId: string) {
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    mutationFn: (id: string) => call(staffEndpoints.resendInvitation, { params: { business_id: businessId, id } }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation(businessId: string) {
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    mutationFn: (id: string) => call(staffEndpoints.revokeInvitation, { params: { business_id: businessId, id } }),
    onSuccess: invalidate,
  });
}

export function useChangeRole(businessId: string) {
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      call(staffEndpoints.updateMemberRole, { params: { business_id: businessId, id }, body: { role } }),
    onSuccess: invalidate,
  });
}

export function useSetActive(businessId: string) {
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      call(active ? staffEndpoints.reactivateMember : staffEndpoints.deactivateMember, { params: { business_id: businessId, id } }),
    onSuccess: invalidate,
  });
}

/** A removed member leaves the cached list at once, so the list never shows them again while it refetches. */
export function useRemoveMember(businessId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    mutationFn: (id: string) => call(staffEndpoints.removeMember, { params: { business_id: businessId, id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(membersQuery(businessId).queryKey, (members) => members?.filter((m) => m.id !== id));
      return invalidate();
    },
  });
}
