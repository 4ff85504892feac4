import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { RouteScreen } from './route-table';
import type { appScreens } from './screens/app-screens';
import type { guestScreens } from './screens/guest-screens';

/**
 * A screen module: React Router's `lazy` convention (`export function Component()`), and optionally
 * `prefetch`, which starts the screen's first queries while the route's guards still wait for the user and
 * the business (under the same query keys the screen reads, so it finds them in flight or answered).
 */
export type ScreenModule = { Component: ComponentType; prefetch?: (queryClient: QueryClient, args: LoaderFunctionArgs) => void };

export type ScreenLoader = () => Promise<ScreenModule>;

type Maps = typeof guestScreens & typeof appScreens;
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/**
 * Every real screen of the route table, loaded lazily (one chunk per screen), is in exactly one of the two maps:
 * a route naming a screen missing from both, a screen no route names, or a module that is not a screen module
 * does not compile.
 */
export type ScreenMapsCheck = Assert<Exactly<keyof Maps, RouteScreen>> & Assert<Maps[keyof Maps] extends ScreenLoader ? true : false>;

/** Screen keys whose module is in the guest map (screens/guest-screens.ts); every other key is in the app map. */
const GUEST_PREFIXES = ['auth.', 'checkout.', 'customer-portal.', 'direct-debit.', 'invoice-page.', 'support-chat.', 'app.'] as const;

export const isGuestScreen = (key: string): boolean => GUEST_PREFIXES.some((prefix) => key.startsWith(prefix));

/**
 * The signed-in landing screen, imported from the entry as well as from the app map: its chunk is asked for as
 * the router starts, with the business shell's, rather than after the app map has arrived (one round trip less
 * before the overview paints). It costs the entry one import and its list of files.
 */
const landingScreens: Partial<Record<RouteScreen, ScreenLoader>> = {
  'payments.overview': () => import('../features/payments/overview/routes/overview/overview-screen'),
};

/**
 * Loads a screen of the route table. The two maps of lazy imports are chunks of their own, so the entry that
 * every page downloads holds neither (nor the list of files each screen needs): a guest loads only the guest map.
 */
export async function loadScreen(key: RouteScreen): Promise<ScreenModule> {
  const landing = landingScreens[key];
  if (landing) return landing();
  const map: Record<string, ScreenLoader | undefined> = isGuestScreen(key)
    ? (await import('./screens/guest-screens')).guestScreens
    : (await import('./screens/app-screens')).appScreens;
  const load = map[key];
  if (!load) throw new Error(`No screen module for ${key}`);
  return load();
}
