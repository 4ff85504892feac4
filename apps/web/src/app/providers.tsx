import { lazy, startTransition, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setAuthenticatedProbe } from '../lib/api-client';
import { modalsWaiting, onModalsRequested } from '../lib/modals';
import { createQueryClient } from '../lib/query-client';
import { userQuery } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

import '@mantine/core/styles.css';

const Overlays = lazy(() => import('./overlays').then((m) => ({ default: m.Overlays })));

/** Whether the wait for the first paint has begun, and whether it has ended (the listeners then run once). */
let firstScreenCommitted = false;
let firstScreenDrawn = false;
const firstScreenListeners = new Set<() => void>();

/**
 * The router has committed its first screen (the root layout's first effect). What waits for it starts once the
 * browser has painted that screen: after the next animation frame, in a task of its own.
 */
export function markFirstScreenDrawn(): void {
  if (firstScreenCommitted) return;
  firstScreenCommitted = true;
  const run = () => {
    if (firstScreenDrawn) return;
    firstScreenDrawn = true;
    for (const listener of firstScreenListeners) listener();
  };
  // A hidden tab (or a test's DOM) may never give an animation frame: at most 100 ms after the commit, then.
  setTimeout(run, 100);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
}

/** Whether the first screen is drawn; the change arrives as a transition, so it never holds up a render under way. */
function useFirstScreenDrawn(): boolean {
  const [drawn, setDrawn] = useState(firstScreenDrawn);
  useEffect(() => {
    if (drawn) return;
    const listener = () => startTransition(() => setDrawn(true));
    firstScreenListeners.add(listener);
    if (firstScreenDrawn) listener();
    return () => void firstScreenListeners.delete(listener);
  }, [drawn]);
  return drawn;
}

/**
 * Snackbars and dialogs load once someone is signed in (every screen with a dialog is theirs) and the first
 * screen is drawn, or when the first snackbar or dialog is asked for (`lib/modals.ts` keeps a dialog until
 * then): a guest's first visit does not download them, and a signed-in page (which knows its user from the
 * start) paints before fetching them. Once loaded they stay.
 */
function OverlaysWhenNeeded() {
  const queryClient = useQueryClient();
  // The cache itself, not one query: sign-in and sign-out clear the cache and start a new user query.
  const signedIn = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData(userQuery.queryKey) != null,
  );
  const drawn = useFirstScreenDrawn();
  const dialogAsked = useSyncExternalStore(onModalsRequested, modalsWaiting);
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && ((signedIn && drawn) || dialogAsked || notifications.length > 0 || queue.length > 0)) setNeeded(true);
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
