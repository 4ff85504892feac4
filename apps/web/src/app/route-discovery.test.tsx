import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { User } from '@merchant/identity';
import { Providers, createAppQueryClient } from './providers';
import { couldMatch, discoveringRoutes } from './router';
import { routeTable } from './route-table';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser } from '../test';

const BID = OWNER_BUSINESS_ID;
const user = ownerUser;
const business = ownerBusiness();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serve(signedIn: User | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/csrf-token')) return json(200, { token: 't' });
      if (url.endsWith('/v1/user')) return signedIn ? json(200, signedIn) : json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.', requestId: 'r' });
      if (url.endsWith(`/v1/business/${BID}`) && signedIn) return json(200, business);
      return json(404, { code: 'NOT_FOUND', message: 'Not found.', requestId: 'r' });
    }),
  );
}

/** The app's router as main.tsx makes it (routes found as paths are met), in memory at `path`. */
function renderAt(path: string) {
  const queryClient = createAppQueryClient();
  const { routes, patchRoutesOnNavigation } = discoveringRoutes(queryClient, 'dashboard.example.com');
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The ids of the route table's routes the router holds. */
function heldRoutes(routes: readonly RouteObject[]): string[] {
  const tableIds = new Set<string>(routeTable.map((r) => r.id));
  return routes.flatMap((r) => [...(r.id && tableIds.has(r.id) ? [r.id] : []), ...heldRoutes(r.children ?? [])]);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes found as paths are met', { timeout: 30_000 }, () => {
  it('shows the sign-in screen to a guest holding only that route of the table', async () => {
    serve(null);
    const router = renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 })).toBeTruthy();
    expect(heldRoutes(router.routes)).toEqual(['auth.login']);
  });

  it('finds the next screen when a link is followed', async () => {
    serve(null);
    const router = renderAt('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }, { timeout: 5000 }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/password/reset'), { timeout: 5000 });
    await vi.waitFor(() => expect(document.title).toMatch(/^Reset your password/), { timeout: 5000 });
    // The public invoice's path (two parameters) fits any two segments: the router ranks the static one first.
    expect(heldRoutes(router.routes).sort()).toEqual(['auth.login', 'auth.password-request', 'public.invoice']);
  });

  it('sends a signed-out person from a business screen to sign in', async () => {
    serve(null);
    const router = renderAt(`/business/${BID}/payments`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 })).toBeTruthy();
  });

  it('opens the payments overview in the business shell for a member', async () => {
    serve(user);
    const router = renderAt(`/business/${BID}/payments`);
    expect(await screen.findByRole('navigation', { name: 'Payments menu' }, { timeout: 5000 })).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Overview · Merchant Dashboard'), { timeout: 5000 });
    expect(heldRoutes(router.routes)).toEqual(['payments.overview']);
  });

  it('shows the 404 page for a path no route has', async () => {
    serve(user);
    renderAt('/no/such/page/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('couldMatch', () => {
  const fits = (pattern: string, path: string) => couldMatch(pattern.split('/').filter(Boolean), path.split('/').filter(Boolean));

  it('matches static segments regardless of case, encoding and a trailing slash', () => {
    expect(fits('/login', '/login')).toBe(true);
    expect(fits('/login', '/LOGIN/')).toBe(true);
    expect(fits('/login', '/log%69n')).toBe(true);
    expect(fits('/login', '/logout')).toBe(false);
    expect(fits('/login', '/login/more')).toBe(false);
    expect(fits('/', '/')).toBe(true);
  });

  it('lets a parameter take one segment, an optional one also none, and a splat the rest', () => {
    expect(fits('/business/:business_id/payments', `/business/${BID}/payments`)).toBe(true);
    expect(fits('/business/:business_id/payments', '/business/payments')).toBe(false);
    expect(fits('/a/create/:cross?', '/a/create')).toBe(true);
    expect(fits('/a/create/:cross?', '/a/create/yes')).toBe(true);
    expect(fits('/a/create/:cross?', '/a/create/yes/no')).toBe(false);
    expect(fits('/files/*', '/files/a/b/c')).toBe(true);
    expect(fits('/x', '/%E0%A4%A')).toBe(false);
  });
});
