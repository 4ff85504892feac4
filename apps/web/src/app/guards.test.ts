import { describe, expect, it } from 'vitest';
import type { Business } from '@merchant/business';
import type { User } from '@merchant/identity';
import { checkGuard, guardRoute, loginHref, menuEntryOf, runGuards, safeReturnPath, type GuardContext } from './guards';
import { flagsAllow } from './sidebar';
import { findRoute, type RouteId } from './route-table';

const BID = '7d7c0a39-5a3c-4f44-9d38-0d0c0f7f4e1a';

const user = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  is_super_admin: false,
  two_factor_enabled: false,
  businesses: {
    owned: [
      {
        id: BID,
        identifier: 'ada',
        name: 'Ada Shop',
        type: 'merchant',
        country: 'sg',
        currency: 'sgd',
        onboarding_status: 'completed',
        role: { title: 'Owner' },
      },
    ],
    member: [],
  },
  pending_invitations: 0,
  ...overrides,
});

const business = (overrides: Partial<Business> = {}): Business => ({
  id: BID,
  identifier: 'ada',
  name: 'Ada Shop',
  type: 'merchant',
  country: 'sg',
  time_zone: 'Asia/Singapore',
  currency: 'sgd',
  onboarding_status: 'completed',
  role: { title: 'Owner' },
  logo_url: null,
  address: { line1: null, line2: null, city: null, state: null, postal_code: null },
  tax_number: null,
  require_two_factor: false,
  two_factor_required_for_user: false,
  read_only: false,
  stripe_enabled: false,
  xendit_enabled: false,
  active_providers: [],
  features: { send_money: false },
  platform_enabled: false,
  warnings: [],
  permissions: [],
  transfers_awaiting_review: 0,
  test_mode: false,
  ...overrides,
});

function run(routeId: RouteId, ctx: Partial<GuardContext>) {
  const route = findRoute(routeId);
  if (!route) throw new Error(routeId);
  return runGuards(route.guards, { user: null, business: null, routeId, hostname: 'dashboard.example.com', ...ctx });
}

describe('guards', () => {
  it('sends guests to login and signed-in people away from guest pages', () => {
    expect(run('payments.overview', {})).toEqual({ redirect: '/login' });
    expect(run('auth.login', { user: user() })).toEqual({ redirect: `/business/${BID}/payments` });
    expect(run('auth.login', {})).toBeNull();
  });

  it('handles pending invitations first and sends people without a business to create one', () => {
    expect(run('auth.choose-business', { user: user({ pending_invitations: 2 }) })).toEqual({ redirect: '/pending-invitations' });
    expect(run('auth.choose-business', { user: user({ businesses: { owned: [], member: [] } }) })).toEqual({
      redirect: '/register-authenticated',
    });
    expect(run('auth.choose-business', { user: user() })).toBeNull();
  });

  it('keeps partner and merchant businesses in their own areas', () => {
    expect(run('payments.links', { user: user(), business: business({ type: 'partner' }) })).toEqual({
      redirect: `/business/${BID}/partner`,
    });
    expect(run('partner.commissions', { user: user(), business: business() })).toEqual({ redirect: `/business/${BID}/payments` });
  });

  it('follows the onboarding status', () => {
    const u = user();
    expect(run('payments.links', { user: u, business: business({ onboarding_status: 'questionnaire' }) })).toEqual({
      redirect: `/business/${BID}/onboarding/questionnaire`,
    });
    expect(run('payments.links', { user: u, business: business({ onboarding_status: 'pending_verification' }) })).toEqual({
      redirect: `/business/${BID}/onboarding/pending`,
    });
    expect(run('payments.onboarding', { user: u, business: business({ onboarding_status: 'questionnaire' }) })).toBeNull();
    expect(run('payments.onboarding', { user: u, business: business({ onboarding_status: 'blocked' }) })).toEqual({
      redirect: `/business/${BID}/onboarding/blocked`,
    });
    expect(run('onboarding.pending', { user: u, business: business({ onboarding_status: 'pending_verification' }) })).toBeNull();
    expect(run('onboarding.questionnaire', { user: u, business: business({ onboarding_status: 'blocked' }) })).toEqual({
      redirect: `/business/${BID}/onboarding/blocked`,
    });
    expect(run('onboarding.blocked', { user: u, business: business() })).toEqual({ redirect: `/business/${BID}/payments` });
  });

  it('serves the public invoice on the invoice host only', () => {
    expect(checkGuard('invoicePublicGuard', { user: null, business: null, routeId: 'public.invoice', hostname: 'invoice.example.com' })).toBeNull();
    expect(run('public.invoice', {})).toEqual({ notFound: true });
  });
  it('serves the hosted checkout pages on the checkout host only, with no sign-in', () => {
    for (const id of ['checkout.link', 'checkout.qr', 'checkout.payment', 'checkout.receipt'] as const) {
      expect(checkGuard('checkoutHostGuard', { user: null, business: null, routeId: id, hostname: 'securecheckout.example.com' })).toBeNull();
      expect(run(id, {})).toEqual({ notFound: true });
    }
  });
  it('keeps the admin area to super admins and lets a super admin without a business choose one', () => {
    expect(run('admin.verifications', {})).toEqual({ redirect: '/login' });
    expect(run('admin.verifications', { user: user() })).toEqual({ redirect: '/choose-business' });
    expect(run('admin.business', { user: user() })).toEqual({ redirect: '/choose-business' });
    const superAdmin = user({ is_super_admin: true, businesses: { owned: [], member: [] } });
    expect(run('admin.verifications', { user: superAdmin })).toBeNull();
    expect(run('admin.business', { user: superAdmin })).toBeNull();
    expect(run('auth.choose-business', { user: superAdmin })).toBeNull();
    expect(run('auth.choose-business', { user: user({ businesses: { owned: [], member: [] } }) })).toEqual({ redirect: '/register-authenticated' });
  });

  it('shows account verification in every onboarding status', () => {
    for (const status of ['questionnaire', 'pending_verification', 'blocked', 'completed'] as const) {
      expect(run('payments.settings-account-verification', { user: user(), business: business({ onboarding_status: status }) }), status).toBeNull();
    }
  });
});

describe('sign-in returns people to the page they asked for', () => {
  it('sends a guest to login with the path they asked for', () => {
    expect(run('payments.overview', { from: `/business/${BID}/payments?tab=2` })).toEqual({
      redirect: `/login?from=${encodeURIComponent(`/business/${BID}/payments?tab=2`)}`,
    });
  });

  it('remembers same-app paths only, and not the login page itself', () => {
    expect(loginHref('https://evil.example/phish')).toBe('/login');
    expect(loginHref('//evil.example/phish')).toBe('/login');
    expect(loginHref('/\\evil.example')).toBe('/login');
    expect(loginHref('/login?from=%2Fx')).toBe('/login');
    expect(loginHref('/')).toBe('/login');
    expect(safeReturnPath('/user-settings/security')).toBe('/user-settings/security');
  });
});

describe('screens hidden by a business flag', () => {
  const route = (id: RouteId) => {
    const found = findRoute(id);
    if (!found) throw new Error(id);
    return found;
  };
  const ctx = (overrides: Partial<Business>): GuardContext => ({
    user: user(),
    business: business({ permissions: ['wallets:manage', 'transfers:manage', 'settings:manage'], ...overrides }),
    routeId: 'payments.overview',
    hostname: 'dashboard.example.com',
  });

  it('refuses by URL what the sidebar hides, inner screens included, and opens it once the flag is on', () => {
    const hidden: [RouteId, Partial<Business>, Partial<Business>][] = [
      ['payments.send-money', { features: { send_money: false } }, { features: { send_money: true } }],
      ['payments.beneficiaries', { features: { send_money: false } }, { features: { send_money: true } }],
      ['payments.beneficiaries-detail', { features: { send_money: false } }, { features: { send_money: true } }],
      ['payments.settings-platform', { platform_enabled: false }, { platform_enabled: true }],
      ['payments.recurring-plans', { country: 'ph' }, { country: 'sg' }],
      ['payments.recurring-plans-detail', { country: 'id' }, { country: 'sg' }],
      ['payments.subscriptions', { country: 'ph' }, { country: 'sg' }],
      ['payments.balance-card', { stripe_enabled: false, xendit_enabled: false }, { stripe_enabled: true }],
      ['payments.balance-card-provider', { active_providers: [] }, { active_providers: ['xendit'] }],
    ];
    for (const [id, off, on] of hidden) {
      const r = route(id);
      expect(guardRoute(r, { ...ctx(off), routeId: id }), id).toEqual({ notFound: true });
      expect(guardRoute(r, { ...ctx(on), routeId: id }), id).toBeNull();
      // The sidebar follows the very same rule.
      expect(flagsAllow(menuEntryOf(r), ctx(off).business!), id).toBe(false);
    }
  });
});
