import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, SCREEN_PATHS } from '@merchant/core';
import { GUARD_NAMES, SECTION_OPTIONS, findRoute, href, routeTable } from './route-table';
import { isGuestScreen } from './screens';
import { appScreens } from './screens/app-screens';
import { guestScreens } from './screens/guest-screens';

const screens: Record<string, unknown> = { ...guestScreens, ...appScreens };
import { COMING_SOON } from './screens/coming-soon';

describe('route table', () => {
  it('gives every route a title and guards (public pages may have none)', () => {
    for (const route of routeTable) {
      expect(route.title.trim(), route.id).not.toBe('');
      expect(Array.isArray(route.guards), route.id).toBe(true);
      if (route.layout !== 'public') expect(route.guards.length, route.id).toBeGreaterThan(0);
      for (const guard of route.guards) expect(GUARD_NAMES).toContain(guard);
      if (route.permission) expect(ALL_PERMISSIONS).toContain(route.permission);
    }
  });

  it('has unique ids and unique paths', () => {
    const ids = routeTable.map((r) => r.id);
    const paths = routeTable.map((r) => r.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names ids <capability>.<screen> and keeps business routes in their section', () => {
    for (const route of routeTable) {
      expect(route.id).toMatch(/^[a-z-]+\.[a-z0-9-]+$/);
      if (route.layout === 'business') {
        expect(route.section, route.id).toBeDefined();
        expect(route.id.split('.')[0]).toBe(route.section);
        expect(route.path.startsWith('/business/:business_id')).toBe(true);
      }
    }
  });

  it('resolves every sidebar parent to a route of the same section that has no parent itself', () => {
    for (const route of routeTable) {
      const parentId = route.sidebar?.parent;
      if (!parentId) continue;
      const parent = findRoute(parentId);
      expect(parent, `${route.id} -> ${parentId}`).toBeDefined();
      expect(parent?.sidebar, parentId).toBeDefined();
      expect(parent?.sidebar?.parent).toBeUndefined();
      expect(parent?.section).toBe(route.section);
    }
  });

  it('maps every screen key to a lazy module, and planned routes say what is coming', () => {
    const named = new Set<string>();
    for (const route of routeTable) {
      if (route.screen === 'planned') expect(COMING_SOON[route.capability].length, route.id).toBeGreaterThan(10);
      else {
        expect(typeof screens[route.screen], route.id).toBe('function');
        named.add(route.screen);
      }
    }
    expect([...named].sort()).toEqual(Object.keys(screens).sort());
  });

  it('keeps each screen in the map the router looks in: guest screens in the guest map, the rest in the app map', () => {
    for (const key of Object.keys(guestScreens)) expect(isGuestScreen(key), key).toBe(true);
    for (const key of Object.keys(appScreens)) expect(isGuestScreen(key), key).toBe(false);
  });

  it('gives a screen shown in several sections one title and one permission', () => {
    const seen = new Map<string, { title: string; permission: string | undefined }>();
    for (const route of routeTable) {
      if (route.layout !== 'business' || route.screen === 'planned' || route.id === 'payments.overview-root') continue;
      const first = seen.get(route.screen);
      if (first) expect({ title: route.title, permission: route.permission }, route.id).toEqual(first);
      else seen.set(route.screen, { title: route.title, permission: route.permission });
    }
    expect(findRoute('online-store.users')?.title).toBe('Staff');
    expect(findRoute('pos.users-detail')?.path).toBe('/business/:business_id/pos/users/:id/details');
  });

  it('uses the spec guards on the routes the spec names', () => {
    const guards = (id: string) => findRoute(id)?.guards;
    const five = ['authGuard', 'nonBusinessPartnerGuard', 'hasInvitationsGuard', 'businessPendingVerificationGuard', 'businessCompletedOnboardingGuard'];
    expect(guards('payments.overview')).toEqual(five);
    expect(guards('payments.overview-root')).toEqual(five);
    expect(guards('payments.onboarding')).toEqual(['authGuard', 'hasInvitationsGuard', 'businessPendingVerificationGuard']);
    expect(guards('onboarding.questionnaire')).toEqual(['authGuard', 'businessPendingOnboardingGuard']);
    expect(guards('auth.choose-business')).toEqual(['authGuard', 'hasInvitationsGuard', 'businessSelectionGuard']);
    expect(guards('public.invoice')).toEqual(['invoicePublicGuard']);
    expect(guards('auth.login')).toEqual(['guestGuard']);
    expect(guards('partner.commissions')).toContain('businessPartnerGuard');
    expect(findRoute('payments.balance')?.permission).toBe('wallets:manage');
    expect(findRoute('payments.beneficiaries')?.permission).toBe('transfers:manage');
    expect(findRoute('payments.settings-account-verification')?.permission).toBe('verification:view');
  });

  it('wires the account screens to the agreed ids and paths', () => {
    const expected: Record<string, string> = {
      'auth.root': '/',
      'auth.login': '/login',
      'auth.checkpoint': '/checkpoint',
      'auth.password-request': '/password/reset',
      'auth.password-reset': '/password/reset/:reset_token',
      'auth.register': '/register',
      'auth.register-partner': '/register-partner',
      'auth.register-complete': '/register-complete/:hash',
      'auth.register-completed': '/register-completed',
      'auth.register-authenticated': '/register-authenticated',
      'auth.pending-invitations': '/pending-invitations',
      'auth.choose-business': '/choose-business',
      'onboarding.questionnaire': '/business/:business_id/onboarding/questionnaire',
      'onboarding.pending': '/business/:business_id/onboarding/pending',
      'onboarding.blocked': '/business/:business_id/onboarding/blocked',
      'user-settings.account': '/user-settings/user-account',
      'user-settings.security': '/user-settings/security',
      'user-settings.audit-logs': '/user-settings/audit-logs',
    };
    for (const [id, path] of Object.entries(expected)) expect(findRoute(id)?.path, id).toBe(path);
    expect(findRoute('auth.root')?.screen).toBe('auth.login');
    for (const id of ['auth.register-completed', 'auth.register-authenticated', 'auth.pending-invitations', 'auth.choose-business']) {
      expect(findRoute(id)?.layout).toBe('plain');
    }
    expect(findRoute('auth.login')?.layout).toBe('guest');
    expect(findRoute('user-settings.security')?.layout).toBe('user-settings');
  });

  it('contains every section of spec 2 (representative paths)', () => {
    const paths = new Set(routeTable.map((r) => r.path));
    const B = '/business/:business_id';
    const expected = [
      '/not-found',
      '/public/:business_id/support-chat',
      '/:business_id/:invoice',
      B,
      `${B}/payments`,
      `${B}/payments/onboarding`,
      `${B}/payments/referral-program`,
      `${B}/payments/developers`,
      `${B}/payments/support`,
      `${B}/payments/notifications`,
      `${B}/payments/sales-report`,
      `${B}/payments/partners`,
      `${B}/payments/links`,
      `${B}/payments/links/create`,
      `${B}/payments/links/:payment_request_id/edit`,
      `${B}/payments/links/:payment_request_id`,
      `${B}/payments/static-qr-code/:static_qr_code_id/edit`,
      `${B}/payments/payment-methods/:slug`,
      `${B}/payments/payouts`,
      `${B}/payments/transactions/:b_charge`,
      `${B}/payments/recurring-plans/:id`,
      `${B}/payments/subscriptions/:recurring_billing`,
      `${B}/payments/bank-accounts/create/:isCrossBorder?`,
      `${B}/payments/bank-accounts/:bank_account/edit/:isCrossBorder`,
      `${B}/payments/connections`,
      `${B}/payments/invoices/repeating/:invoice/edit`,
      `${B}/payments/customers/:customer`,
      `${B}/payments/send-money`,
      `${B}/payments/beneficiaries/:beneficiaryId`,
      `${B}/payments/transfer-history/:transfer`,
      `${B}/payments/integrations/:gateway_provider_id/edit`,
      `${B}/payments/products/:product/edit`,
      `${B}/payments/settings/email-templates`,
      `${B}/payments/settings/checkout-customisation`,
      `${B}/payments/settings/users/invite`,
      `${B}/payments/settings/users/:id/details`,
      `${B}/payments/settings/business-details`,
      `${B}/payments/settings/account-verification`,
      `${B}/payments/settings/audit-logs`,
      `${B}/payments/settings/platform`,
      `${B}/pos`,
      `${B}/pos/terminals/reader/:terminal_reader`,
      `${B}/pos/terminals/:terminal_order_id`,
      `${B}/pos/orders/:b_order`,
      `${B}/pos/locations/settings`,
      `${B}/pos/product-categories/:b_product_category/detail`,
      `${B}/pos/product-customisation/:b_add_on_id/edit`,
      `${B}/pos/product-logs`,
      `${B}/pos/settings/taxes/:b_tax_setting/edit`,
      `${B}/pos/settings/order-form-customisation`,
      `${B}/pos/settings/mall-gto/set-up`,
      `${B}/pos/settings/mall-gto/integrations`,
      `${B}/pos/settings/surcharges/:b_surcharge_setting/edit`,
      `${B}/pos/settings/business-details`,
      `${B}/online-store`,
      `${B}/online-store/onboarding`,
      `${B}/online-store/store-design/theme/:theme_id/:page`,
      `${B}/online-store/pages`,
      `${B}/online-store/domain`,
      `${B}/online-store/booking`,
      `${B}/online-store/coupons/:b_coupon/edit`,
      `${B}/online-store/shipping-pickup/pickups/:pickup/edit`,
      `${B}/online-store/media/:b_media/edit`,
      `${B}/online-store/orders/:b_order`,
      `${B}/online-store/product-categories/all-products`,
      `${B}/online-store/users/invite`,
      `${B}/online-store/settings/taxes/settings`,
      `${B}/online-store/settings/store`,
      `${B}/online-store/settings/notifications`,
      `${B}/partner`,
      `${B}/partner/commissions`,
      `${B}/partner/linked-businesses`,
      `${B}/partner/referral-contest`,
      `${B}/partner/payouts`,
      `${B}/partner/payouts/bank-accounts/create/:isCrossBorder?`,
    ];
    for (const path of expected) expect(paths.has(path), path).toBe(true);
  });

  it('builds links with href()', () => {
    const id = '7d7c0a39-5a3c-4f44-9d38-0d0c0f7f4e1a';
    expect(href('auth.login')).toBe('/login');
    expect(href('auth.root')).toBe('/');
    expect(href('payments.links-edit', { business_id: id, payment_request_id: 'pr 1' })).toBe(`/business/${id}/payments/links/pr%201/edit`);
    expect(href('payments.bank-accounts-create', { business_id: id })).toBe(`/business/${id}/payments/bank-accounts/create`);
    expect(href('payments.bank-accounts-create', { business_id: id, isCrossBorder: '1' })).toBe(`/business/${id}/payments/bank-accounts/create/1`);
    expect(() => href('payments.links-detail', { business_id: id })).toThrow(/payment_request_id/);
  });

  it('places every screen the server mails a link to at the path the mail uses', () => {
    const byPath = new Map(routeTable.map((r) => [r.path, r.id]));
    expect(Object.fromEntries(Object.entries(SCREEN_PATHS).map(([name, path]) => [name, byPath.get(path)]))).toEqual({
      passwordReset: 'auth.password-reset',
      registerComplete: 'auth.register-complete',
      pendingInvitations: 'auth.pending-invitations',
      onboardingQuestionnaire: 'onboarding.questionnaire',
      paymentsOverview: 'payments.overview',
      transactionDetail: 'payments.transactions-detail',
      transferDetail: 'payments.transfer-history-detail',
      accountVerification: 'payments.settings-account-verification',
      paymentLinkDetail: 'payments.links-detail',
      staticQrDetail: 'payments.static-qr-detail',
      webhookEndpoint: 'payments.developers-webhook',
      publicInvoice: 'public.invoice',
      customerPortal: 'public.customer-portal',
      supportChat: 'public.support-chat',
    });
  });

  it('lands every section option on a route of that section', () => {
    for (const option of SECTION_OPTIONS) expect(findRoute(option.landing)?.section).toBe(option.value);
  });
});
