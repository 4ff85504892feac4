import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { businessEndpoints, staffEndpoints, type CreateInvitationBody } from '@merchant/business';
import { locationEndpoints } from '@merchant/catalogue';
import type { Role } from '@merchant/core';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const membersQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(businessEndpoints.users, { params: { business_id: businessId } }),
    select: (answer) => answer.data,
  });

export const invitationsQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(staffEndpoints.listInvitations, { params: { business_id: businessId } }),
    select: (answer) => answer.data,
  });

export const memberQuery = (businessId: string, id: string) => endpointQuery(staffEndpoints.getMember, { params: { business_id: businessId, id } });

/** The locations a member is limited to (an empty list: every location). */
export const memberLocationsQuery = (businessId: string, id: string) =>
  endpointQuery(staffEndpoints.memberLocations, { params: { business_id: businessId, id } });

/** The business's active locations, to limit a member to. */
export const staffLocationOptionsQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'active', limit: 100 } }),
    select: (answer) => answer.data.map((l) => ({ value: l.id, label: l.name })),
  });

/**
 * Every staff change makes the business's people, invitations and member details stale, wherever they
 * are shown (the audit log's person filter reads the same people).
 */
function useInvalidateStaff(businessId: string) {
  const queryClient = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(queryClient, [
      endpointScope(businessEndpoints.users, { params }),
      endpointScope(staffEndpoints.listInvitations, { params }),
      endpointScope(staffEndpoints.getMember, { params }),
      endpointScope(staffEndpoints.memberLocations, { params }),
    ]);
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
  return useMutation({
    mutationFn: (id: string) => call(staffEndpoints.removeMember, { params: { business_id: businessId, id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(membersQuery(businessId).queryKey, (answer) => answer && { ...answer, data: answer.data.filter((m) => m.id !== id) });
      // The removed member's own details are gone: refetching them now would answer 404 and replace the screen the
      // removal is leaving with "Not found" before it can go back to the list. They are only marked stale.
      const own = { params: { business_id: businessId, id } };
      const gone = [endpointScope(staffEndpoints.getMember, own), endpointScope(staffEndpoints.memberLocations, own)];
      void Promise.all(gone.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })));
      const params = { business_id: businessId };
      return invalidateEndpoints(queryClient, [endpointScope(businessEndpoints.users, { params }), endpointScope(staffEndpoints.listInvitations, { params })]);
    },
  });
}

export function useSetMemberLocations(businessId: string) {
  const invalidate = useInvalidateStaff(businessId);
  return useMutation({
    mutationFn: ({ id, locationIds }: { id: string; locationIds: string[] }) =>
      call(staffEndpoints.setMemberLocations, { params: { business_id: businessId, id }, body: { location_ids: locationIds } }),
    onSuccess: invalidate,
  });
}
