import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@merchant/identity';
import { useNavigate } from 'react-router';
import { ApiError, call, clearCsrfToken } from '../lib/api-client';
import { resetSessionCache } from '../lib/session';
import { href } from './route-table';

/** Sign out: DELETE /auth, forget everything cached and the anti-forgery token, go to login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finish = () => {
    resetSessionCache(queryClient, null);
    clearCsrfToken();
    void navigate(href('auth.login'), { replace: true });
  };
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSuccess: finish,
    onError: (error) => {
      // Already signed out on the server: finish the sign-out here too.
      if (error instanceof ApiError && error.status === 401) finish();
    },
  });
}
