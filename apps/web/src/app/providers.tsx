import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setAuthenticatedProbe } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { sessionKeys } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';

/** The app's one query client; the API client asks it whether someone is signed in (401/419 handling). */
export function createAppQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  setAuthenticatedProbe(() => queryClient.getQueryData(sessionKeys.user) != null);
  return queryClient;
}

/** Theme (dark mode follows the system until switched), notifications, modals and the query client. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
