import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityRoutes, type authEndpoints } from '@merchant/identity';
import type { EndpointBody } from '@merchant/core';
import { callRoute } from '@/lib/api-client';
import { resetSessionCache } from '@/lib/session';
import { formMutation } from './form-mutation';

type LoginBody = EndpointBody<typeof authEndpoints.login>;

/**
 * Signing in, apart from the other auth calls: the login screen is the first most visits load, and this
 * module calls by route, so the screen loads none of the contract's schemas (the form validates with its
 * own small ones before sending; the server validates again).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...formMutation,
    mutationFn: (body: LoginBody) => callRoute<typeof authEndpoints.login>(identityRoutes.login, { body }),
    onSuccess: (answer) => {
      if (answer.status === 'authenticated') resetSessionCache(queryClient, answer.user);
    },
  });
}
