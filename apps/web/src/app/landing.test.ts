import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type Permission } from '@merchant/core';
import type { BusinessSummary } from '@merchant/business';
import { ownerBusiness, ownerUser, OWNER_BUSINESS_ID as BID } from '@/test/owner';
import { guardRoute, memberLanding, runGuards, signedInLanding, type GuardContext } from './guards';
import { routeById, type RouteId } from './route-table';

const [ada] = ownerUser.businesses.owned;
const other: BusinessSummary = { ...ada!, id: '0b7e2c71-9f6a-4d0c-8a36-5f9a1f0d2c11', identifier: 'ada-two', name: 'Ada Two' };
const withBusinesses = (owned: BusinessSummary[], member: BusinessSummary[] = []) => ({ ...ownerUser, businesses: { owned, member } });

describe('where signing in lands', () => {
  it('a person with one business lands in it; with several, or none, on the chooser', () => {
    expect(signedInLanding(ownerUser)).toBe(`/business/${BID}/payments`);
    expect(signedInLanding(withBusinesses([], [{ ...ada!, role: { title: 'Cashier' } }]))).toBe(`/business/${BID}/payments`);
    // Owned and member lists naming the same business count it once.
    expect(signedInLanding(withBusinesses([ada!], [ada!]))).toBe(`/business/${BID}/payments`);
    expect(signedInLanding(withBusinesses([ada!, other]))).toBe('/choose-business');
    expect(signedInLanding(withBusinesses([ada!], [other]))).toBe('/choose-business');
    expect(signedInLanding({ ...withBusinesses([]), is_super_admin: true })).toBe('/choose-business');
  });

  it('a partner with one partner business lands in the partner area', () => {
    expect(signedInLanding(withBusinesses([{ ...ada!, type: 'partner' }]))).toBe(`/business/${BID}/partner`);
  });

  it('a signed-in person who opens the login page is sent where signing in would have sent them', () => {
    const login = routeById('auth.login');
    const ctx = (user: GuardContext['user']): GuardContext => ({ user, business: null, routeId: 'auth.login', hostname: 'dashboard.example.com' });
    expect(runGuards(login.guards, ctx(ownerUser))).toEqual({ redirect: `/business/${BID}/payments` });
    expect(runGuards(login.guards, ctx(withBusinesses([ada!, other])))).toEqual({ redirect: '/choose-business' });
  });
});

describe('a member lands on the first screen their role can use', () => {
  const holding = (permissions: Permission[]) => ownerBusiness({ permissions });
  const at = (routeId: RouteId, permissions: readonly Permission[]) =>
    guardRoute(routeById(routeId), { user: ownerUser, business: holding([...permissions]), routeId, hostname: 'dashboard.example.com' });

  it('every role of the demo opens the Overview (each may view the business)', () => {
    for (const role of ['owner', 'admin', 'manager', 'cashier'] as const) {
      expect(at('payments.overview', ROLE_PERMISSIONS[role]), role).toBeNull();
      expect(at('payments.overview-root', ROLE_PERMISSIONS[role]), role).toBeNull();
      expect(memberLanding(holding([...ROLE_PERMISSIONS[role]])), role).toBe(`/business/${BID}/payments`);
    }
  });

  it('a role without the Overview is sent on to the first screen of the menu it may open, never to a refusal', () => {
    expect(at('payments.overview', ['payments:view', 'pos:use'])).toEqual({ redirect: `/business/${BID}/payments/transactions` });
    expect(at('payments.overview-root', ['payments:view'])).toEqual({ redirect: `/business/${BID}/payments/transactions` });
    expect(memberLanding(holding(['payments:view']))).toBe(`/business/${BID}/payments/transactions`);
    // Nothing in payments: the point of sale.
    expect(at('payments.overview', ['pos:use'])).toEqual({ redirect: `/business/${BID}/pos` });
    expect(memberLanding(holding(['pos:use']))).toBe(`/business/${BID}/pos`);
    // A section's own landing follows the same rule inside its section.
    expect(at('pos.home', ['pos:manage', 'catalogue:view', 'business:view'])).toEqual({ redirect: `/business/${BID}/pos/sales-report` }); // Reports, the first menu entry pos:manage opens
  });

  it('leaves other screens to the refusal page, and a role with nothing at all on the landing (the refusal says why)', () => {
    expect(at('payments.links', ['business:view'])).toBeNull();
    expect(at('payments.overview', [])).toBeNull();
  });
});
