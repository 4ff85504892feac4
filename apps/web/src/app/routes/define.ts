/**
 * The vocabulary of the route table: what a route is, the guard sets, and the helpers every section file
 * uses to declare its routes. Pure data: no React, no features, so anything may import it.
 */
import { BUSINESS_PATH, sectionPath, type Permission } from '@merchant/core';
import type { ComingSoon } from '../screens/coming-soon';
import type { IconName } from './icon-names';

export const GUARD_NAMES = [
  'authGuard',
  'guestGuard',
  'nonBusinessPartnerGuard',
  'businessPartnerGuard',
  'hasInvitationsGuard',
  'businessSelectionGuard',
  'businessPendingOnboardingGuard',
  'businessPendingVerificationGuard',
  'businessCompletedOnboardingGuard',
  'invoicePublicGuard',
  'checkoutHostGuard',
  'superAdminGuard',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export const SECTIONS = ['payments', 'pos', 'online-store', 'partner'] as const;
export type Section = (typeof SECTIONS)[number];

export type Layout = 'guest' | 'plain' | 'business' | 'user-settings' | 'public';

/** Business conditions a sidebar entry may depend on; the rule of each lives in app/sidebar.ts. */
export type SidebarFlag = 'card-balance' | 'card-provider-balance' | 'send-money' | 'platform' | 'recurring-billing';

export interface SidebarSpec {
  /** Heading the entry sits under ("No-code tools"); none for the top block. */
  group?: string;
  label: string;
  icon: IconName;
  order: number;
  /** Route id of the collapsible entry this one sits inside. */
  parent?: string;
  /** When the entry has children: the label of its own link inside the collapsible ("All", "Overview"). */
  childLabel?: string;
  flag?: SidebarFlag;
  /** A count shown next to the entry. */
  badge?: 'transfers-awaiting-review';
  /** Kept at the foot of the sidebar, out of its scrolling part, so it is in view however long the menu is (Settings). */
  pinned?: boolean;
}

interface RouteBase {
  id: string;
  /** react-router pattern; `:name?` is an optional segment. */
  path: string;
  title: string;
  guards: readonly GuardName[];
  permission?: Permission;
  section?: Section;
  layout: Layout;
  sidebar?: SidebarSpec;
}
/**
 * A route renders a real screen (a key of the lazy screens map in app/screens.ts, which is checked against
 * the keys the table names) or the planned screen of a capability that is not open yet.
 */
export type RouteDef<Screen extends string = string> = (RouteBase & { screen: Screen }) | PlannedRoute;
export type PlannedRoute = RouteBase & { screen: 'planned'; capability: ComingSoon };

export const GUEST = ['guestGuard'] as const satisfies readonly GuardName[];
export const AUTH = ['authGuard'] as const satisfies readonly GuardName[];
/** Spec 2: the five guards of business routes. */
export const MERCHANT = [
  'authGuard',
  'nonBusinessPartnerGuard',
  'hasInvitationsGuard',
  'businessPendingVerificationGuard',
  'businessCompletedOnboardingGuard',
] as const satisfies readonly GuardName[];
export const PARTNER = [
  'authGuard',
  'businessPartnerGuard',
  'hasInvitationsGuard',
  'businessPendingVerificationGuard',
  'businessCompletedOnboardingGuard',
] as const satisfies readonly GuardName[];

export interface Options<Screen extends string = never> {
  permission?: Permission;
  sidebar?: SidebarSpec;
  screen?: Screen;
  guards?: readonly GuardName[];
}

/** What a screen that is not open yet will do: a key of its text (app/screens/coming-soon.ts), loaded with it. */
export type Soon = ComingSoon;

export function make<const Id extends string, const Screen extends string = never>(
  id: Id,
  path: string,
  title: string,
  layout: Layout,
  section: Section | undefined,
  soon: Soon | null,
  o: Options<Screen> & { guards: readonly GuardName[] },
): RouteDef<Screen> & { id: Id } {
  const base = {
    id,
    path,
    title,
    layout,
    guards: o.guards,
    ...(section ? { section } : {}),
    ...(o.permission ? { permission: o.permission } : {}),
    ...(o.sidebar ? { sidebar: o.sidebar } : {}),
  };
  if (o.screen) return { ...base, screen: o.screen };
  if (!soon) throw new Error(`Route ${id} has neither a screen nor a planned capability`);
  return { ...base, screen: 'planned', capability: soon };
}

export const BUSINESS = BUSINESS_PATH;
const join = (prefix: string, sub: string) => (sub ? `${prefix}/${sub}` : prefix);

/** A screen shown in several sections: its screen, title and permission, declared once (routes/shared.ts). */
export interface SharedScreen<Screen extends string = string> {
  screen: Screen;
  title: string;
  permission: Permission;
}

/**
 * The route builders of one business section: `route` for the section's own screens (ids `<section>.<id>`,
 * paths under `/business/:business_id/<section>`) and `shared` for a shared screen at a path of this section.
 */
export function sectionRoutes<const S extends Section>(section: S, guards: readonly GuardName[], defaults: Options = {}) {
  const route = <const I extends string, const Screen extends string = never>(id: I, sub: string, title: string, soon: Soon | null, o: Options<Screen> = {}) =>
    make(`${section}.${id}`, join(sectionPath(section), sub), title, 'business', section, soon, { guards, ...defaults, ...o });
  const shared = <const I extends string, const Screen extends string>(id: I, sub: string, screen: SharedScreen<Screen>, o: Pick<Options, 'sidebar'> = {}) =>
    make(`${section}.${id}`, join(sectionPath(section), sub), screen.title, 'business', section, null, {
      guards,
      ...defaults,
      permission: screen.permission,
      screen: screen.screen,
      ...o,
    });
  return { route, shared };
}
