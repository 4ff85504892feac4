import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@merchant/identity';
import { useNavigate } from 'react-router';
import { href } from '../../../app/route-table';
import { call, clearCsrfToken } from '../../../lib/api-client';
import { resetSessionCache } from '../../../lib/session';

/** DELETE /auth, then forget everything of this person locally, even when the session was already gone. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSettled: () => {
      clearCsrfToken();
      resetSessionCache(queryClient, null);
      navigate(href('auth.login'), { replace: true });
    },
  });
}
