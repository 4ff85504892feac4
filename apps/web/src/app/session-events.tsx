import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@/lib/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { onAuthEvent } from '../lib/api-client';
import { SNACKBAR_TIMEOUT_MS } from '../lib/notify';
import { resetSessionCache } from '../lib/session';
import { loginHref } from './guards';

/** Spec 4: the message shown on the login screen after a 401. */
export const SESSION_EXPIRED_FLASH = 'Your session has been expired. Please login to continue';

/** A 419 that survived the retry while signed out: there is no session to extend, the page is stale. */
export const TOKEN_REFUSED_MESSAGE = 'This page has expired. Reload the page and try again.';

let sessionExpiredModalOpen = false;

function openSessionExpiredModal(): void {
  if (sessionExpiredModalOpen) return;
  sessionExpiredModalOpen = true;
  modals.openConfirmModal({
    title: 'Session Expired',
    children: <Text size="sm">Your session has expired. Do you want to extend it? The page will reload.</Text>,
    labels: { confirm: 'Extend session', cancel: 'Not now' },
    onConfirm: () => window.location.reload(),
    onClose: () => {
      sessionExpiredModalOpen = false;
    },
  });
}

/**
 * Listens to the API client: 401 -> signed out and sent to login; 419 after a retry -> "Session Expired"
 * when signed in, a red snackbar saying to reload when signed out.
 */
export function useSessionEvents(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const unsubscribe = onAuthEvent((event) => {
      if (event.type === 'unauthenticated') {
        resetSessionCache(queryClient, null);
        // Sign-in brings the person back to the page the 401 ended.
        const from = window.location.pathname + window.location.search;
        void navigate(loginHref(from), { replace: true, state: { flash: SESSION_EXPIRED_FLASH } });
      } else if (event.type === 'session-expired') {
        openSessionExpiredModal();
      } else {
        notifications.show({ color: 'red', title: 'Error', message: TOKEN_REFUSED_MESSAGE, autoClose: SNACKBAR_TIMEOUT_MS });
      }
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient, navigate]);
}
