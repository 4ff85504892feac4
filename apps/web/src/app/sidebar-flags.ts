/**
 * The sidebar's flag rules: whether a business's flags show a route's menu entry. Apart from sidebar.ts so
 * the route guards (in the entry every screen loads) can read them while the menus themselves load with
 * the business shell.
 */
import type { Business } from '@merchant/business';
import { CARD_PROVIDER_KIND, hasBalance } from '@merchant/payments/balance-rules';
import { findRoute, type AppRoute, type SidebarFlag } from './route-table';

export type SidebarBusiness = Pick<
  Business,
  'type' | 'country' | 'permissions' | 'stripe_enabled' | 'xendit_enabled' | 'active_providers' | 'features' | 'platform_enabled' | 'transfers_awaiting_review'
>;

/** The provider kind (an entry of `business.active_providers`) that shows the second card balance. */
export { CARD_PROVIDER_KIND };
/** Spec 2: Recurring Billing is hidden for these countries. */
export const RECURRING_BILLING_HIDDEN_COUNTRIES: readonly string[] = ['ph', 'id'];

/** The one home of every sidebar flag rule (spec 2 "Sidebar menus", spec 6). */
export const SIDEBAR_FLAG_RULES: Record<SidebarFlag, (business: SidebarBusiness) => boolean> = {
  'card-balance': (b) => hasBalance('card', b),
  'card-provider-balance': (b) => hasBalance('xendit', b),
  'send-money': (b) => b.features.send_money,
  platform: (b) => b.platform_enabled,
  'recurring-billing': (b) => !RECURRING_BILLING_HIDDEN_COUNTRIES.includes(b.country.toLowerCase()),
};

/** The flags of a route's sidebar entry and of the entries it sits inside. */
function flagsOf(route: AppRoute): SidebarFlag[] {
  const flags: SidebarFlag[] = [];
  let current: AppRoute | undefined = route;
  while (current?.sidebar) {
    if (current.sidebar.flag) flags.push(current.sidebar.flag);
    current = current.sidebar.parent ? findRoute(current.sidebar.parent) : undefined;
  }
  return flags;
}

/** Whether the business's flags show the route's sidebar entry and every entry it sits inside. */
export function flagsAllow(route: AppRoute, business: SidebarBusiness): boolean {
  return flagsOf(route).every((flag) => SIDEBAR_FLAG_RULES[flag](business));
}
