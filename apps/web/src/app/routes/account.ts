/** The routes outside the business sections (spec 2): guest, authenticated, onboarding, super admin, user settings, public. */
import { SCREEN_PATHS } from '@merchant/core';
import { CHECKOUT_PATHS, SUBSCRIPTION_SETUP_PATH, DIRECT_DEBIT_PATHS } from '@merchant/payments';
import { AUTH, BUSINESS, GUEST, make, type GuardName } from './define';

const ONBOARDING = ['authGuard', 'businessPendingOnboardingGuard'] as const satisfies readonly GuardName[];
const SUPER_ADMIN = ['authGuard', 'superAdminGuard'] as const satisfies readonly GuardName[];

const guest = <const I extends string, const Screen extends string>(id: I, path: string, title: string, screen: Screen) =>
  make(`auth.${id}`, path, title, 'guest', undefined, null, { guards: GUEST, screen });
const plain = <const I extends string, const Screen extends string>(id: I, path: string, title: string, screen: Screen, guards: readonly GuardName[] = AUTH) =>
  make(id, path, title, 'plain', undefined, null, { guards, screen });

export const accountRoutes = [
  // Guest only (spec 2)
  guest('root', '/', 'Sign in', 'auth.login'),
  guest('login', '/login', 'Sign in', 'auth.login'),
  guest('checkpoint', '/checkpoint', 'Two-factor authentication', 'auth.checkpoint'),
  guest('password-request', '/password/reset', 'Reset your password', 'auth.password-request'),
  guest('password-reset', SCREEN_PATHS.passwordReset, 'Choose a new password', 'auth.password-reset'),
  guest('register', '/register', 'Create your account', 'auth.register'),
  guest('register-partner', '/register-partner', 'Become a partner', 'auth.register-partner'),
  guest('register-complete', SCREEN_PATHS.registerComplete, 'Join a business', 'auth.register-complete'),
  // Authenticated only
  plain('auth.register-completed', '/register-completed', 'Your account is ready', 'auth.register-completed'),
  plain('auth.register-authenticated', '/register-authenticated', 'Create another business', 'auth.register-authenticated'),
  plain('auth.pending-invitations', SCREEN_PATHS.pendingInvitations, 'Pending invitations', 'auth.pending-invitations'),
  plain('auth.choose-business', '/choose-business', 'Choose a business', 'auth.choose-business', [
    'authGuard',
    'hasInvitationsGuard',
    'businessSelectionGuard',
  ]),
  // Onboarding (per business)
  plain('onboarding.questionnaire', SCREEN_PATHS.onboardingQuestionnaire, 'Business verification', 'onboarding.questionnaire', ONBOARDING),
  plain('onboarding.pending', `${BUSINESS}/onboarding/pending`, 'Verification in progress', 'onboarding.pending', ONBOARDING),
  plain('onboarding.blocked', `${BUSINESS}/onboarding/blocked`, 'Verification unsuccessful', 'onboarding.blocked', ONBOARDING),
  // Super admins' area (a route section only they see; docs/decisions.md)
  plain('admin.verifications', '/admin/verifications', 'Verification queue', 'admin.verifications', SUPER_ADMIN),
  plain('admin.business', '/admin/businesses/:business_id', 'Business review', 'admin.business', SUPER_ADMIN),
  // The spec's "two-factor setup for staff" (path not shown): where a business that requires two-factor sends members without it.
  plain('business.two-factor-setup', `${BUSINESS}/two-factor-setup`, 'Set up two-factor authentication', 'staff.two-factor-setup'),
];

const USER_SETTINGS = 'User settings';

export const userSettingsRoutes = [
  make('user-settings.account', '/user-settings/user-account', 'Account', 'user-settings', undefined, null, {
    guards: AUTH,
    screen: 'user-settings.account',
    sidebar: { group: USER_SETTINGS, label: 'Account details', icon: 'user-circle', order: 1 },
  }),
  make('user-settings.security', '/user-settings/security', 'Security', 'user-settings', undefined, null, {
    guards: AUTH,
    screen: 'user-settings.security',
    sidebar: { group: USER_SETTINGS, label: 'Security', icon: 'shield-lock', order: 2 },
  }),
  make('user-settings.audit-logs', '/user-settings/audit-logs', 'Audit logs', 'user-settings', undefined, null, {
    guards: AUTH,
    screen: 'user-settings.audit-logs',
    sidebar: { group: USER_SETTINGS, label: 'Audit logs', icon: 'history', order: 3 },
  }),
];

export const publicRoutes = [
  make('public.support-chat', SCREEN_PATHS.supportChat, 'Support chat', 'public', undefined, null, { guards: [], screen: 'support-chat.public' }),
  make('public.invoice', SCREEN_PATHS.publicInvoice, 'Invoice', 'public', undefined, null, {
    guards: ['invoicePublicGuard'],
    screen: 'invoice-page.view',
  }),
  make('public.customer-portal', SCREEN_PATHS.customerPortal, 'Your account', 'public', undefined, null, {
    guards: ['invoicePublicGuard'],
    screen: 'customer-portal.view',
  }),
  make('app.not-found', '/not-found', 'Page not found', 'public', undefined, null, { guards: [], screen: 'app.not-found' }),
];

/** The hosted checkout's pages (docs/payments.md "Checkout pages"): on the checkout host only, no sign-in. */
const checkout = <const I extends string, const Screen extends string>(id: I, path: string, title: string, screen: Screen) =>
  make(`checkout.${id}`, path, title, 'public', undefined, null, { guards: ['checkoutHostGuard'], screen });

export const checkoutRoutes = [
  checkout('link', CHECKOUT_PATHS.link, 'Pay', 'checkout.pay'),
  checkout('qr', CHECKOUT_PATHS.qr, 'Pay', 'checkout.pay'),
  checkout('payment', CHECKOUT_PATHS.payment, 'Complete your payment', 'checkout.payment'),
  checkout('receipt', CHECKOUT_PATHS.receipt, 'Receipt', 'checkout.receipt'),
  checkout('subscription-setup', SUBSCRIPTION_SETUP_PATH, 'Save your card', 'checkout.subscription-setup'),
  // The spec's direct-debit redirection screen (path not shown) and the pages before it (docs/decisions.md).
  checkout('direct-debit', DIRECT_DEBIT_PATHS.mandate, 'Pay by direct debit', 'direct-debit.mandate'),
  checkout('direct-debit-bank', DIRECT_DEBIT_PATHS.bank, 'Authorise a direct debit', 'direct-debit.bank'),
  checkout('direct-debit-return', DIRECT_DEBIT_PATHS.return, 'Direct debit', 'direct-debit.return'),
];
