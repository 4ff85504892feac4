/**
 * What a business member may open, derived from the route table: the sidebar of each section,
 * the section switcher's options and the command palette. Pure functions (unit-tested).
 * The server enforces the same permissions; this only keeps the menus honest.
 */
import type { Business } from '@merchant/business';
import { SECTION_OPTIONS, pathParams, routeTable, type AppRoute, type IconName, type RouteId, type Section, type SectionOption } from './route-table';
import { SIDEBAR_FLAG_RULES, flagsAllow, type SidebarBusiness } from './sidebar-flags';

export { CARD_PROVIDER_KIND, RECURRING_BILLING_HIDDEN_COUNTRIES, SIDEBAR_FLAG_RULES, flagsAllow, type SidebarBusiness } from './sidebar-flags';

/** Partner businesses work in the partner area only; every other business in the three merchant sections. */
export function sectionsFor(business: Pick<Business, 'type'>): Section[] {
  return business.type === 'partner' ? ['partner'] : ['payments', 'pos', 'online-store'];
}

export function sectionOptionsFor(business: Pick<Business, 'type'>): SectionOption[] {
  const allowed = sectionsFor(business);
  return SECTION_OPTIONS.filter((o) => allowed.includes(o.value));
}

function holds(route: AppRoute, business: SidebarBusiness): boolean {
  return !route.permission || business.permissions.includes(route.permission);
}

/** Whether the member may open the route in this business (permission and the menu's flag rules). */
export function canOpen(route: AppRoute, business: SidebarBusiness): boolean {
  return holds(route, business) && flagsAllow(route, business);
}

export interface SidebarLink {
  routeId: RouteId;
  label: string;
  icon: IconName;
  /** A count to show next to the entry (e.g. transfers awaiting review). */
  badge?: number;
}
/** A link, or a collapsible entry when `children` is set (its own route then comes first in children). */
export interface SidebarItem extends SidebarLink {
  children?: SidebarLink[];
  /** Drawn at the foot of the sidebar, always in view (the route's `sidebar.pinned`). */
  pinned?: boolean;
}
export interface SidebarGroup {
  /** Heading of the group; undefined for the top block. */
  label?: string;
  items: SidebarItem[];
}

function badgeOf(route: AppRoute, business: SidebarBusiness): number | undefined {
  if (route.sidebar?.badge === 'transfers-awaiting-review' && business.transfers_awaiting_review > 0) {
    return business.transfers_awaiting_review;
  }
  return undefined;
}

const byOrder = (a: AppRoute, b: AppRoute) => (a.sidebar?.order ?? 0) - (b.sidebar?.order ?? 0);

/** The sidebar of a section for this business, in spec order, with every visibility rule applied. */
export function visibleSidebar(section: Section, business: SidebarBusiness): SidebarGroup[] {
  const entries = routeTable.filter((r) => r.section === section && r.sidebar);
  const topLevel = entries.filter((r) => !r.sidebar?.parent).sort(byOrder);
  const groups: SidebarGroup[] = [];

  for (const route of topLevel) {
    const spec = route.sidebar;
    if (!spec) continue;
    if (spec.flag && !SIDEBAR_FLAG_RULES[spec.flag](business)) continue;
    const badge = badgeOf(route, business);
    const children: SidebarLink[] = entries
      .filter((c) => c.sidebar?.parent === route.id)
      .sort(byOrder)
      .filter((c) => canOpen(c, business))
      .map((c) => ({ routeId: c.id, label: c.sidebar?.label ?? c.title, icon: c.sidebar?.icon ?? spec.icon }));
    const selfVisible = holds(route, business);

    let item: SidebarItem | null = null;
    if (children.length > 0) {
      const self: SidebarLink[] = selfVisible ? [{ routeId: route.id, label: spec.childLabel ?? spec.label, icon: spec.icon }] : [];
      // The count shows on the entry that leads to it too, so it is seen once the group is open.
      if (badge !== undefined && self[0]) self[0].badge = badge;
      const first = self[0] ?? children[0];
      if (!first) continue;
      item = { routeId: first.routeId, label: spec.label, icon: spec.icon, children: [...self, ...children] };
    } else if (selfVisible) {
      item = { routeId: route.id, label: spec.label, icon: spec.icon };
    }
    if (!item) continue;
    if (badge !== undefined) item.badge = badge;
    if (spec.pinned) item.pinned = true;

    const last = groups[groups.length - 1];
    if (last && last.label === spec.group) last.items.push(item);
    else groups.push({ label: spec.group, items: [item] });
  }
  return groups;
}

/** Routes that need no parameter but the business: what the command palette lists. */
function needsOnlyBusiness(route: AppRoute): boolean {
  return pathParams(route.path).every((p) => p.name === 'business_id' || p.optional);
}

/** The business root shows the payments overview; the palette lists the overview once. */
const PALETTE_EXCLUDED: readonly RouteId[] = ['payments.overview-root'];

/** Every screen of the business layout the member may open without choosing a record first. */
export function paletteRoutes(business: SidebarBusiness): AppRoute[] {
  const sections = sectionsFor(business);
  return routeTable.filter(
    (r) =>
      r.layout === 'business' &&
      r.section !== undefined &&
      sections.includes(r.section) &&
      !PALETTE_EXCLUDED.includes(r.id) &&
      needsOnlyBusiness(r) &&
      canOpen(r, business),
  );
}
