import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { Providers, createAppQueryClient } from '../app/providers';
import { buildRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** The host name the app believes it runs on in web tests. */
export const TEST_HOST = 'dashboard.example.com';

/**
 * Renders a component with what screens assume around them: Mantine, a fresh query client and, when
 * `route` is given, a memory router at that path (pass `<Routes>` in `ui` to place it).
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { route?: string; queryClient?: QueryClient } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? createQueryClient();
  const wrap = (children: ReactNode) => (options.route === undefined ? children : <MemoryRouter initialEntries={[options.route]}>{children}</MemoryRouter>);
  const result = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{wrap(ui)}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** The whole app (route table, guards, layouts, the app's providers) at one path. */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(buildRoutes(queryClient, TEST_HOST), { initialEntries: [path] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}
