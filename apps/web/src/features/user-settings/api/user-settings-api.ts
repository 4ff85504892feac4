import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointBody } from '@merchant/core';
import { userEndpoints, type User } from '@merchant/identity';
import { posPinEndpoints } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';
import { userQuery } from '@/lib/session';

/** Forms show field issues themselves (their handleServerError shows the snackbar otherwise). */
const formMutation = { meta: { silent: true } } as const;

function useSetUser() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(userQuery.queryKey, user);
}

export function useUpdateAccount() {
  const setUser = useSetUser();
  return useMutation({
    ...formMutation,
    mutationFn: (body: EndpointBody<typeof userEndpoints.updateAccount>) => call(userEndpoints.updateAccount, { body }),
    onSuccess: setUser,
  });
}

export function useChangeEmail() {
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: (body: EndpointBody<typeof userEndpoints.changeEmail>) => call(userEndpoints.changeEmail, { body }),
    onSuccess: (user) => {
      setUser(user);
      return queryClient.invalidateQueries({ queryKey: endpointScope(userEndpoints.auditLogs) });
    },
  });
}

/** Security changes write audit entries and may end sessions: both lists go stale. */
function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, [endpointScope(userEndpoints.sessions), endpointScope(userEndpoints.auditLogs)]);
}

/** Two-factor changes also change the user (two_factor_enabled). */
export function useInvalidateTwoFactor() {
  const queryClient = useQueryClient();
  const invalidateSecurity = useInvalidateSecurity();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: userQuery.queryKey }), invalidateSecurity()]);
}

export function useChangePassword() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    ...formMutation,
    mutationFn: (body: EndpointBody<typeof userEndpoints.changePassword>) => call(userEndpoints.changePassword, { body }),
    onSuccess: invalidate,
  });
}

export function useDisableTwoFactor() {
  const invalidate = useInvalidateTwoFactor();
  return useMutation({
    ...formMutation,
    mutationFn: (body: EndpointBody<typeof userEndpoints.disableTwoFactor>) => call(userEndpoints.disableTwoFactor, { body }),
    onSuccess: invalidate,
  });
}

export const activeSessionsQuery = queryOptions({
  ...endpointQuery(userEndpoints.sessions),
  select: (answer) => answer.data,
});

export function useRevokeSession() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (sessionId: string) => call(userEndpoints.revokeSession, { params: { session_id: sessionId } }),
    onSuccess: invalidate,
  });
}

export function useRevokeOtherSessions() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    ...formMutation,
    mutationFn: (body: EndpointBody<typeof userEndpoints.revokeOtherSessions>) => call(userEndpoints.revokeOtherSessions, { body }),
    onSuccess: invalidate,
  });
}

export const AUDIT_LOG_PAGE_SIZE = 25;

export const auditLogsQuery = infiniteQueryOptions({
  queryKey: endpointKey(userEndpoints.auditLogs, { query: { limit: AUDIT_LOG_PAGE_SIZE } }),
  queryFn: ({ pageParam, signal }) => call(userEndpoints.auditLogs, { query: { limit: AUDIT_LOG_PAGE_SIZE, cursor: pageParam }, signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.next_cursor ?? undefined,
});

/** Whether the person has set a POS PIN (the register's manager approvals). */
export const posPinQuery = () => endpointQuery(posPinEndpoints.status, {});

export function useSavePosPin() {
  const client = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: (pin: string | null) => call(posPinEndpoints.save, { body: { pin } }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(posPinEndpoints.status, {})]),
  });
}
