import { useMatches } from 'react-router';
import { ROLE_TITLES, ROLES, type Role } from '@merchant/core';
import { findRoute, type RouteId } from '@/app/route-table';

interface StaffRouteIds {
  list: RouteId;
  invite: RouteId;
  detail: RouteId;
}

/** The staff screens exist in three sections (spec 2); one implementation links within the section it is opened in. */
const BY_SECTION: Record<'payments' | 'pos' | 'online-store', StaffRouteIds> = {
  payments: { list: 'payments.settings-users', invite: 'payments.settings-users-invite', detail: 'payments.settings-users-detail' },
  pos: { list: 'pos.users', invite: 'pos.users-invite', detail: 'pos.users-detail' },
  'online-store': { list: 'online-store.users', invite: 'online-store.users-invite', detail: 'online-store.users-detail' },
};

export function useStaffRoutes(): StaffRouteIds {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const section = leaf ? findRoute(leaf.id)?.section : undefined;
  return section && section !== 'partner' ? BY_SECTION[section] : BY_SECTION.payments;
}

/** "Cashier" -> 'cashier'. */
export function roleOfTitle(title: string): Role {
  return ROLES.find((r) => ROLE_TITLES[r] === title) ?? 'cashier';
}

export const roleOptions = (roles: readonly Role[]) => roles.map((r) => ({ value: r, label: ROLE_TITLES[r] }));
