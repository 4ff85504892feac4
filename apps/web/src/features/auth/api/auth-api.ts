import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { businessEndpoints, type CreateBusinessBody } from '@merchant/business';
import { authEndpoints, userEndpoints, type RegisterBody } from '@merchant/identity';
import type { EndpointBody } from '@merchant/core';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';
import { resetSessionCache, userQuery } from '@/lib/session';
import { formMutation } from './form-mutation';

type CheckpointBody = EndpointBody<typeof authEndpoints.checkpoint>;
type PasswordResetRequestBody = EndpointBody<typeof authEndpoints.requestPasswordReset>;
type PasswordResetBody = EndpointBody<typeof authEndpoints.resetPassword>;
type RegisterCompleteBody = EndpointBody<typeof authEndpoints.registerComplete>;

export function useCheckpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: (body: CheckpointBody) => call(authEndpoints.checkpoint, { body }),
    onSuccess: ({ user }) => resetSessionCache(queryClient, user),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    ...formMutation,
    mutationFn: (body: PasswordResetRequestBody) => call(authEndpoints.requestPasswordReset, { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    ...formMutation,
    mutationFn: (body: PasswordResetBody) => call(authEndpoints.resetPassword, { body }),
  });
}

export type RegisterKind = 'merchant' | 'partner';

export function useRegister(kind: RegisterKind) {
  const queryClient = useQueryClient();
  const endpoint = kind === 'partner' ? authEndpoints.registerPartner : authEndpoints.register;
  return useMutation({
    ...formMutation,
    mutationFn: (body: RegisterBody) => call(endpoint, { body }),
    onSuccess: ({ user }) => resetSessionCache(queryClient, user),
  });
}

export const invitationPreviewQuery = (hash: string) =>
  queryOptions({
    ...endpointQuery(authEndpoints.invitationPreview, { params: { hash } }),
    // An invalid or expired link is an answer the screen explains; no snackbar, no retries.
    meta: { silent: true },
    retry: false,
  });

export function useRegisterComplete(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: (body: RegisterCompleteBody) => call(authEndpoints.registerComplete, { params: { hash }, body }),
    onSuccess: ({ user }) => resetSessionCache(queryClient, user),
  });
}

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: (body: CreateBusinessBody) => call(businessEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQuery.queryKey, refetchType: 'all' }),
  });
}

export const pendingInvitationsQuery = queryOptions({
  ...endpointQuery(userEndpoints.invitations),
  select: (answer) => answer.data,
});

/**
 * Accepting or declining changes the list and the user (businesses, pending_invitations). The user is
 * refetched even when no screen watches it, so the invitation guard never reads a stale count.
 */
function invalidateAfterInvitation(queryClient: ReturnType<typeof useQueryClient>) {
  return invalidateEndpoints(queryClient, [endpointScope(userEndpoints.invitations), userQuery.queryKey], 'all');
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(userEndpoints.acceptInvitation, { params: { invitation_id: invitationId } }),
    onSuccess: () => invalidateAfterInvitation(queryClient),
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(userEndpoints.declineInvitation, { params: { invitation_id: invitationId } }),
    onSuccess: () => invalidateAfterInvitation(queryClient),
  });
}
