import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@merchant/identity';
import { useNavigate } from 'react-router';
import { call, clearCsrfToken } from '../lib/api-client';
import { resetSessionCache } from '../lib/session';
import { href } from './route-table';

/**
 * Sign out: DELETE /auth, then forget everything cached and the anti-forgery token and go to login,
 * even when the server session was already gone.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    meta: { silent: true },
    onSettled: () => {
      clearCsrfToken();
      resetSessionCache(queryClient, null);
      void navigate(href('auth.login'), { replace: true });
    },
  });
}
