/**
 * THE route table (spec 2), assembled from one file per section in app/routes/. Pure data: no React, no
 * features, so anything may import it. The router, document titles, link builders (`href`), sidebars and
 * the command palette all derive from these entries. Decisions where the spec is silent are listed in
 * docs/routes.md.
 */
import { fillPath } from '@merchant/core';
import { accountRoutes, checkoutRoutes, publicRoutes, userSettingsRoutes } from './routes/account';
import type { Section } from './routes/define';
import type { IconName } from './routes/icon-names';
import { onlineStoreRoutes } from './routes/online-store';
import { partnerRoutes } from './routes/partner';
import { paymentsRoutes } from './routes/payments';
import { posRoutes } from './routes/pos';

export {
  GUARD_NAMES,
  SECTIONS,
  type GuardName,
  type Layout,
  type PlannedRoute,
  type RouteDef,
  type Section,
  type SidebarFlag,
  type SidebarSpec,
} from './routes/define';
export { ICON_NAMES, type IconName } from './routes/icon-names';

export const routeTable = [
  ...accountRoutes,
  // Business layout
  ...paymentsRoutes,
  ...posRoutes,
  ...onlineStoreRoutes,
  ...partnerRoutes,
  ...userSettingsRoutes,
  ...publicRoutes,
  ...checkoutRoutes,
];

export type AppRoute = (typeof routeTable)[number];
export type RouteId = AppRoute['id'];
/** The screen keys the table names; app/screens.ts maps exactly these to lazy modules. */
export type RouteScreen = Exclude<AppRoute['screen'], 'planned'>;

const byId = new Map<string, AppRoute>(routeTable.map((r) => [r.id, r]));

export function routeById(id: RouteId): AppRoute {
  const route = byId.get(id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

export function findRoute(id: string): AppRoute | undefined {
  return byId.get(id);
}

/** Names of the `:params` of a path; optional ones end with `?`. */
export function pathParams(path: string): { name: string; optional: boolean }[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)(\??)/g)].map((m) => ({ name: m[1] ?? '', optional: m[2] === '?' }));
}

/** The URL of a route: fills `:params` (URI-encoded); optional segments without a value are dropped. */
export function href(id: RouteId, params: Record<string, string> = {}): string {
  return fillPath(routeById(id).path, params);
}

export interface SectionOption {
  value: Section;
  label: string;
  color: string;
  icon: IconName;
  /** Default landing of the section (spec 1); its path is `href(landing, { business_id })`. */
  landing: RouteId;
}

/** Spec 1: the section switcher's options. */
export const SECTION_OPTIONS: readonly SectionOption[] = [
  { value: 'payments', label: 'Payments', color: 'indigo', icon: 'credit-card', landing: 'payments.overview' },
  { value: 'pos', label: 'Point of Sale', color: 'teal', icon: 'device-desktop', landing: 'pos.home' },
  { value: 'online-store', label: 'Online Store', color: 'grape', icon: 'building-store', landing: 'online-store.overview' },
  { value: 'partner', label: 'Partner', color: 'orange', icon: 'affiliate', landing: 'partner.overview' },
];
