import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setAuthenticatedProbe } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { userQuery } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

import '@mantine/core/styles.css';

const Overlays = lazy(() => import('./overlays').then((m) => ({ default: m.Overlays })));

/**
 * Snackbars and dialogs load once someone is signed in (every screen with a dialog is theirs) or the first
 * snackbar is shown, so a guest's first visit does not download them. Once loaded they stay.
 */
function OverlaysWhenNeeded() {
  const queryClient = useQueryClient();
  // The cache itself, not one query: sign-in and sign-out clear the cache and start a new user query.
  const signedIn = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData(userQuery.queryKey) != null,
  );
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (signedIn || notifications.length > 0 || queue.length > 0)) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}

/** The app's one query client; the API client asks it whether someone is signed in (401/419 handling). */
export function createAppQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  setAuthenticatedProbe(() => queryClient.getQueryData(userQuery.queryKey) != null);
  return queryClient;
}

/** Theme (dark mode follows the system until switched), notifications, modals and the query client. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        {children}
        <OverlaysWhenNeeded />
      </QueryClientProvider>
    </MantineProvider>
  );
}
