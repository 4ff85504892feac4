import type { ComponentType, ReactNode } from 'react';
import { Box } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { Business } from '@merchant/business';
import { NotFound } from '../components/status-page';
import { ApiError } from '../lib/api-client';
import { businessQuery, userQuery } from '../lib/session';
import { BUSINESS_GUARDS, guardRoute, HOST_GUARDS, isCheckoutHost, isInvoiceHost } from './guards';
import { RootLayout } from './layouts/root-layout';
import { PageErrorBoundary, RouteErrorBoundary } from './route-error';
import { href, routeTable, type AppRoute, type Layout } from './route-table';
import { loadScreen, type ScreenModule } from './screens';
import { StartUpFrame } from './start-up-frame';
import { useDocumentTitle } from './use-document-title';

export interface RouteHandle {
  title: string;
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}

function withTitle(title: string, Screen: ComponentType): ComponentType {
  function TitledScreen() {
    return (
      <Titled title={title}>
        <Screen />
      </Titled>
    );
  }
  TitledScreen.displayName = `Titled(${Screen.displayName ?? Screen.name})`;
  return TitledScreen;
}

/**
 * The business of the path; one the user cannot see (the API answers 404) shows the 404 page.
 * `fresh`: read it again when the cached answer is older than the query client's stale time (30 s), as
 * every navigation inside the business does: role, flag and membership changes apply at the next screen
 * after that, and going back to a screen seen moments ago asks the server nothing. The server refuses a
 * removed member's every call at once regardless.
 */
async function loadBusiness(queryClient: QueryClient, businessId: string, fresh = false): Promise<Business> {
  try {
    const options = { ...businessQuery(businessId), meta: { silent: true } };
    return await (fresh ? queryClient.fetchQuery(options) : queryClient.ensureQueryData(options));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw data('Business not found', { status: 404 });
    }
    throw error;
  }
}

/** Starts the screen's own first requests (a screen module's `prefetch`), once someone is signed in. */
export type StartScreenData = (args: LoaderFunctionArgs) => void;

/**
 * Runs the route's guards in their listed order, then its permission (comfort only: the server enforces it).
 * The user, the business and the screen's own data are asked for at once rather than one after another;
 * a guest's business answer (a 401) is never waited for, and the screen's requests start only for a
 * signed-in user.
 */
export function guardLoader(route: AppRoute, queryClient: QueryClient, hostname: string, startScreenData?: StartScreenData) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const { params, request } = args;
    const needsUser = route.guards.some((g) => !HOST_GUARDS.includes(g));
    const businessId = params.business_id;
    const needsBusiness = route.guards.some((g) => BUSINESS_GUARDS.includes(g)) || route.permission !== undefined;
    const signedIn = queryClient.getQueryData(userQuery.queryKey) != null;
    const businessAnswer = needsUser && businessId && needsBusiness ? loadBusiness(queryClient, businessId, route.layout === 'business') : null;
    // Awaited below only when someone is signed in; until then a refusal is not an error of this page.
    businessAnswer?.catch(() => undefined);
    if (signedIn) startScreenData?.(args);
    const user = needsUser ? await queryClient.ensureQueryData(userQuery) : null;
    if (user && !signedIn) startScreenData?.(args);
    const business = user && businessAnswer ? await businessAnswer : null;
    if (business && route.id !== TWO_FACTOR_SETUP) throwIfTwoFactorRequired(business);

    const url = new URL(request.url);
    const outcome = guardRoute(route, { user, business, routeId: route.id, hostname, from: url.pathname + url.search });
    if (outcome && 'redirect' in outcome) throw redirect(outcome.redirect);
    if (outcome && 'notFound' in outcome) throw data('Not found', { status: 404 });
    if (route.permission && business && !business.permissions.includes(route.permission)) {
      throw data('Forbidden', { status: 403 });
    }
    return null;
  };
}

const TWO_FACTOR_SETUP = 'business.two-factor-setup';

/** A business that requires two-factor sends members without it to the staff two-factor set-up screen. */
function throwIfTwoFactorRequired(business: Business): void {
  if (business.two_factor_required_for_user) throw redirect(href(TWO_FACTOR_SETUP, { business_id: business.id }));
}

function toRouteObject(route: AppRoute, queryClient: QueryClient, hostname: string): RouteObject {
  const handle: RouteHandle = { title: route.title };
  const base: RouteObject = {
    id: route.id,
    path: route.path,
    handle,
    ErrorBoundary: RouteErrorBoundary,
  };
  if (route.screen === 'planned') {
    return {
      ...base,
      loader: guardLoader(route, queryClient, hostname),
      lazy: async () => {
        const { PlannedScreen } = await import('./screens/planned-screen');
        return { Component: withTitle(route.title, () => <PlannedScreen route={route} />) };
      },
    };
  }
  const screen = route.screen;
  const load = (): Promise<ScreenModule> => loadScreen(screen);
  const startScreenData: StartScreenData = (args) => {
    void load().then((screen) => screen.prefetch?.(queryClient, args));
  };
  return {
    ...base,
    loader: guardLoader(route, queryClient, hostname, startScreenData),
    lazy: async () => {
      const { Component } = await load();
      return { Component: withTitle(route.title, Component) };
    },
  };
}

/** Layouts load with their first screen (in parallel with it): a guest never downloads the business shell. */
const LAYOUTS: Record<Layout, () => Promise<ComponentType>> = {
  guest: () => import('./layouts/guest-layout').then((m) => m.GuestLayout),
  plain: () => import('./layouts/plain-layout').then((m) => m.PlainLayout),
  business: () => import('./layouts/business-layout').then((m) => m.BusinessLayout),
  'user-settings': () => import('./layouts/user-settings-layout').then((m) => m.UserSettingsLayout),
  public: () => import('./layouts/public-layout').then((m) => m.PublicLayout),
};

/** The business layout needs the business: an unknown or hidden one shows the 404 page in place of the shell. */
function businessLayoutLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    const businessId = params.business_id;
    // Both at once, as the route's own guards ask them; a guest's refused business is not waited for.
    const businessAnswer = businessId ? loadBusiness(queryClient, businessId) : null;
    businessAnswer?.catch(() => undefined);
    const user = await queryClient.ensureQueryData(userQuery);
    if (user && businessAnswer) throwIfTwoFactorRequired(await businessAnswer);
    return null;
  };
}

function NotFoundScreen() {
  return (
    <Titled title="Page not found">
      <Box component="main">
        <NotFound homeHref={href('auth.root')} />
      </Box>
    </Titled>
  );
}

const isCheckoutRoute = (route: AppRoute) => route.guards.includes('checkoutHostGuard');

/**
 * The routes of the host: on the invoice host only the public invoice exists, on the checkout host only
 * the checkout's pages, and those exist nowhere else.
 */
function tableOf(hostname: string): readonly AppRoute[] {
  if (isInvoiceHost(hostname)) return routeTable.filter((r) => r.guards.includes('invoicePublicGuard'));
  if (isCheckoutHost(hostname)) return routeTable.filter(isCheckoutRoute);
  return routeTable.filter((r) => !isCheckoutRoute(r));
}

/** One pathless parent per layout that has routes, with the children `childrenOf` gives it, under the root. */
function routeTree(queryClient: QueryClient, table: readonly AppRoute[], childrenOf: (layout: Layout) => RouteObject[]): RouteObject[] {
  const layouts: RouteObject[] = (Object.keys(LAYOUTS) as Layout[])
    .filter((layout) => table.some((r) => r.layout === layout))
    .map((layout): RouteObject => {
      const load = LAYOUTS[layout];
      return {
        id: `layout.${layout}`,
        lazy: async () => ({ Component: await load() }),
        ErrorBoundary: PageErrorBoundary,
        ...(layout === 'business' ? { loader: businessLayoutLoader(queryClient) } : {}),
        children: childrenOf(layout),
      };
    });

  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: StartUpFrame,
      ErrorBoundary: PageErrorBoundary,
      children: [...layouts, { id: 'not-found', path: '*', Component: NotFoundScreen }],
    },
  ];
}

/**
 * Every route of the table as router routes: one pathless parent per layout, the table's routes as
 * children.
 */
export function buildRoutes(queryClient: QueryClient, hostname: string): RouteObject[] {
  const table = tableOf(hostname);
  return routeTree(queryClient, table, (layout) => table.filter((r) => r.layout === layout).map((r) => toRouteObject(r, queryClient, hostname)));
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether a table path can match a URL path, segment by segment: a static segment equal to the URL's
 * (case aside, as the router compares), `:name` any one segment, a trailing `?` also none, `*` the rest.
 * It may say yes to more than the router will match (harmless: the router ranks what it is given), never
 * to less.
 */
export function couldMatch(pattern: readonly string[], path: readonly string[]): boolean {
  const [head, ...rest] = pattern;
  if (head === undefined) return path.length === 0;
  if (head === '*') return true;
  if (head.endsWith('?') && couldMatch(rest, path)) return true;
  const [first, ...more] = path;
  if (first === undefined) return false;
  const name = head.replace(/\?$/, '');
  return (name.startsWith(':') || name.toLowerCase() === decoded(first).toLowerCase()) && couldMatch(rest, more);
}

/**
 * What the app's router starts from: the layouts without children, and a `patchRoutesOnNavigation` that
 * adds the table's routes a path can match when the router first meets that path. React Router compiles
 * and ranks every route it holds at start-up (about 200 here, most of a phone's start-up budget); this way
 * it holds the few that were visited.
 */
export function discoveringRoutes(
  queryClient: QueryClient,
  hostname: string,
): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  const table = tableOf(hostname);
  const added = new Set<string>();
  return {
    routes: routeTree(queryClient, table, () => []),
    patchRoutesOnNavigation: ({ path, patch }) => {
      const wanted = segmentsOf(path);
      const found = table.filter((r) => !added.has(r.id) && couldMatch(segmentsOf(r.path), wanted));
      for (const layout of new Set(found.map((r) => r.layout))) {
        const children = found.filter((r) => r.layout === layout);
        for (const r of children) added.add(r.id);
        patch(
          `layout.${layout}`,
          children.map((r) => toRouteObject(r, queryClient, hostname)),
        );
      }
    },
  };
}

export function createAppRouter(queryClient: QueryClient, hostname: string = window.location.hostname) {
  const { routes, patchRoutesOnNavigation } = discoveringRoutes(queryClient, hostname);
  return createBrowserRouter(routes, { patchRoutesOnNavigation });
}
