/**
 * THE route table (spec 2). Pure data: no React, no features, so anything may import it.
 * The router, document titles, link builders (`href`), sidebars and the command palette all derive
 * from these entries. Decisions where the spec is silent are listed in docs/routes.md.
 */
import type { Permission } from '@merchant/core';
import type { ComingSoon } from './screens/coming-soon';

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
  'superAdminGuard',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export const SECTIONS = ['payments', 'pos', 'online-store', 'partner'] as const;
export type Section = (typeof SECTIONS)[number];

export type Layout = 'guest' | 'plain' | 'business' | 'user-settings' | 'public';

/** Real screens (lazy modules in screens.ts). Routes without one render the planned screen. */
export const SCREEN_KEYS = [
  'auth.login',
  'auth.checkpoint',
  'auth.password-request',
  'auth.password-reset',
  'auth.register',
  'auth.register-partner',
  'auth.register-complete',
  'auth.register-completed',
  'auth.register-authenticated',
  'auth.pending-invitations',
  'auth.choose-business',
  'onboarding.questionnaire',
  'onboarding.pending',
  'onboarding.blocked',
  'user-settings.account',
  'user-settings.security',
  'user-settings.audit-logs',
  'payments.overview',
  'partner.overview',
  'onboarding.account-verification',
  'admin.verifications',
  'admin.business',
  'staff.list',
  'staff.invite',
  'staff.detail',
  'staff.two-factor-setup',
  'business-details.edit',
  'business-audit-log.list',
  'notification-settings.edit',
  'email-templates.edit',
  'app.not-found',
] as const;
export type ScreenKey = (typeof SCREEN_KEYS)[number];

/** Icon names used by sidebars and section options; app/icons.ts maps each to a component. */
export const ICON_NAMES = [
  'home',
  'list',
  'chart',
  'building-bank',
  'send',
  'users',
  'link',
  'qrcode',
  'file-invoice',
  'repeat',
  'code',
  'plug',
  'plug-connected',
  'credit-card',
  'settings',
  'gift',
  'device-desktop',
  'shopping-cart',
  'package',
  'discount',
  'map-pin',
  'device-mobile',
  'building-store',
  'ticket',
  'palette',
  'file',
  'photo',
  'calendar',
  'world',
  'truck',
  'user-circle',
  'shield-lock',
  'history',
  'cash',
  'affiliate',
  'trophy',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

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
export type RouteDef = RouteBase & ({ screen: ScreenKey } | { screen: 'planned'; capability: ComingSoon });

const GUEST = ['guestGuard'] as const satisfies readonly GuardName[];
const AUTH = ['authGuard'] as const satisfies readonly GuardName[];
/** Spec 2: the five guards of business routes. */
const MERCHANT = [
  'authGuard',
  'nonBusinessPartnerGuard',
  'hasInvitationsGuard',
  'businessPendingVerificationGuard',
  'businessCompletedOnboardingGuard',
] as const satisfies readonly GuardName[];
const PARTNER = [
  'authGuard',
  'businessPartnerGuard',
  'hasInvitationsGuard',
  'businessPendingVerificationGuard',
  'businessCompletedOnboardingGuard',
] as const satisfies readonly GuardName[];
const PAYMENTS_ONBOARDING = ['authGuard', 'hasInvitationsGuard', 'businessPendingVerificationGuard'] as const satisfies readonly GuardName[];
const ONBOARDING = ['authGuard', 'businessPendingOnboardingGuard'] as const satisfies readonly GuardName[];
const VERIFICATION_STATUS = ['authGuard', 'nonBusinessPartnerGuard', 'hasInvitationsGuard'] as const satisfies readonly GuardName[];
const SUPER_ADMIN = ['authGuard', 'superAdminGuard'] as const satisfies readonly GuardName[];

interface Options {
  permission?: Permission;
  sidebar?: SidebarSpec;
  screen?: ScreenKey;
  guards?: readonly GuardName[];
}

/** What a screen that is not open yet will do: a key of its text (app/screens/coming-soon.ts), loaded with it. */
type Soon = ComingSoon;

function make<const Id extends string>(
  id: Id,
  path: string,
  title: string,
  layout: Layout,
  section: Section | undefined,
  soon: Soon | null,
  o: Options & { guards: readonly GuardName[] },
): RouteDef & { id: Id } {
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

const BUSINESS = '/business/:business_id';
const join = (prefix: string, sub: string) => (sub ? `${prefix}/${sub}` : prefix);

const guest = <const I extends string>(id: I, path: string, title: string, screen: ScreenKey) =>
  make(`auth.${id}`, path, title, 'guest', undefined, null, { guards: GUEST, screen });
const plain = <const I extends string>(id: I, path: string, title: string, screen: ScreenKey, guards: readonly GuardName[] = AUTH) =>
  make(id, path, title, 'plain', undefined, null, { guards, screen });
const pay = <const I extends string>(id: I, sub: string, title: string, soon: Soon | null, o: Options = {}) =>
  make(`payments.${id}`, join(`${BUSINESS}/payments`, sub), title, 'business', 'payments', soon, { guards: MERCHANT, ...o });
const pos = <const I extends string>(id: I, sub: string, title: string, soon: Soon | null, o: Options = {}) =>
  make(`pos.${id}`, join(`${BUSINESS}/pos`, sub), title, 'business', 'pos', soon, { guards: MERCHANT, ...o });
const shop = <const I extends string>(id: I, sub: string, title: string, soon: Soon | null, o: Options = {}) =>
  make(`online-store.${id}`, join(`${BUSINESS}/online-store`, sub), title, 'business', 'online-store', soon, {
    guards: MERCHANT,
    ...o,
  });
const partner = <const I extends string>(id: I, sub: string, title: string, soon: Soon | null, o: Options = {}) =>
  make(`partner.${id}`, join(`${BUSINESS}/partner`, sub), title, 'business', 'partner', soon, {
    guards: PARTNER,
    permission: 'business:view',
    ...o,
  });

const NO_CODE = 'No-code tools';
const OTHERS = 'Others';

// Payments permissions (see packages/core permissions): viewing lists needs payments:view, creating
// or editing needs payments:create, settings need settings:manage.
const V = { permission: 'payments:view' } as const;
const C = { permission: 'payments:create' } as const;
const S = { permission: 'settings:manage' } as const;

const paymentsRoutes = [
  make('payments.overview-root', BUSINESS, 'Overview', 'business', 'payments', null, {
    guards: MERCHANT,
    permission: 'business:view',
    screen: 'payments.overview',
  }),
  pay('overview', '', 'Overview', null, {
    permission: 'business:view',
    screen: 'payments.overview',
    sidebar: { label: 'Overview', icon: 'home', order: 1 },
  }),
  pay('onboarding', 'onboarding', 'Get started with payments', 'paymentsOnboarding', {
    guards: PAYMENTS_ONBOARDING,
    permission: 'business:view',
  }),
  pay('transactions', 'transactions', 'Transactions', 'transactions', { ...V, sidebar: { label: 'Transactions', icon: 'list', order: 2 } }),
  pay('transactions-detail', 'transactions/:b_charge', 'Transaction', 'transactions', V),
  pay('sales-report', 'sales-report', 'Reports', 'salesReport', { ...V, sidebar: { label: 'Reports', icon: 'chart', order: 3 } }),
  pay('balance', 'balance', 'Wallet balance', 'balances', {
    permission: 'wallets:manage',
    sidebar: { label: 'Bank Payouts', childLabel: 'Wallet balance', icon: 'building-bank', order: 4 },
  }),
  pay('balance-card', 'balance/card', 'Card balance', 'balances', {
    permission: 'wallets:manage',
    sidebar: { label: 'Card balance', icon: 'credit-card', order: 1, parent: 'payments.balance', flag: 'card-balance' },
  }),
  pay('balance-card-provider', 'balance/xendit', 'Xendit card balance', 'balances', {
    permission: 'wallets:manage',
    sidebar: { label: 'Xendit card balance', icon: 'credit-card', order: 2, parent: 'payments.balance', flag: 'card-provider-balance' },
  }),
  pay('send-money', 'send-money', 'Send payments', 'sendMoney', {
    permission: 'transfers:manage',
    sidebar: {
      label: 'Send Payments',
      childLabel: 'Overview',
      icon: 'send',
      order: 5,
      flag: 'send-money',
      badge: 'transfers-awaiting-review',
    },
  }),
  pay('beneficiaries', 'beneficiaries', 'Beneficiaries', 'sendMoney', {
    permission: 'transfers:manage',
    sidebar: { label: 'Beneficiaries', icon: 'users', order: 1, parent: 'payments.send-money' },
  }),
  pay('beneficiaries-detail', 'beneficiaries/:beneficiaryId', 'Beneficiary', 'sendMoney', { permission: 'transfers:manage' }),
  pay('transfer-history', 'transfer-history', 'Transfer history', 'sendMoney', {
    permission: 'transfers:manage',
    sidebar: { label: 'Transfer History', icon: 'history', order: 2, parent: 'payments.send-money' },
  }),
  pay('transfer-history-detail', 'transfer-history/:transfer', 'Transfer', 'sendMoney', { permission: 'transfers:manage' }),
  pay('customers', 'customers', 'Customers', 'customers', { ...V, sidebar: { label: 'Customers', icon: 'users', order: 6 } }),
  pay('customers-detail', 'customers/:customer', 'Customer', 'customers', V),

  pay('links', 'links', 'Payment links', 'links', { ...V, sidebar: { group: NO_CODE, label: 'Payment Links', icon: 'link', order: 10 } }),
  pay('links-create', 'links/create', 'Create payment link', 'links', C),
  pay('links-edit', 'links/:payment_request_id/edit', 'Edit payment link', 'links', C),
  pay('links-detail', 'links/:payment_request_id', 'Payment link', 'links', V),
  pay('static-qr', 'static-qr-code', 'Static QR codes', 'staticQr', {
    ...V,
    sidebar: { group: NO_CODE, label: 'Static QRs', icon: 'qrcode', order: 11 },
  }),
  pay('static-qr-create', 'static-qr-code/create', 'Create static QR code', 'staticQr', C),
  pay('static-qr-edit', 'static-qr-code/:static_qr_code_id/edit', 'Edit static QR code', 'staticQr', C),
  pay('static-qr-detail', 'static-qr-code/:static_qr_code_id', 'Static QR code', 'staticQr', V),
  pay('invoices', 'invoices', 'Invoices', 'invoices', {
    ...V,
    sidebar: { group: NO_CODE, label: 'Invoicing', childLabel: 'All', icon: 'file-invoice', order: 12 },
  }),
  pay('invoices-create', 'invoices/create', 'Create invoice', 'invoices', C),
  pay('invoices-bulk-create', 'invoices/bulk-create', 'Bulk create invoices', 'invoices', C),
  pay('invoices-feed-upload', 'invoices/feed-upload', 'Upload invoice feed file', 'invoices', C),
  pay('invoices-detail', 'invoices/:invoice', 'Invoice', 'invoices', V),
  pay('invoices-edit', 'invoices/:invoice/edit', 'Edit invoice', 'invoices', C),
  pay('invoices-repeating', 'invoices/repeating', 'Repeating invoices', 'repeatingInvoices', {
    ...V,
    sidebar: { label: 'Repeating', icon: 'repeat', order: 1, parent: 'payments.invoices' },
  }),
  pay('invoices-repeating-create', 'invoices/repeating/create', 'Create repeating invoice', 'repeatingInvoices', C),
  pay('invoices-repeating-detail', 'invoices/repeating/:invoice', 'Repeating invoice', 'repeatingInvoices', V),
  pay('invoices-repeating-edit', 'invoices/repeating/:invoice/edit', 'Edit repeating invoice', 'repeatingInvoices', C),
  pay('products', 'products', 'Products', 'paymentProducts', {
    ...V,
    sidebar: { label: 'Products', icon: 'package', order: 2, parent: 'payments.invoices' },
  }),
  pay('products-create', 'products/create', 'Create product', 'paymentProducts', C),
  pay('products-edit', 'products/:product/edit', 'Edit product', 'paymentProducts', C),
  pay('recurring-plans', 'recurring-plans', 'Plans', 'recurring', {
    ...V,
    sidebar: { group: NO_CODE, label: 'Recurring Billing', childLabel: 'Plans', icon: 'repeat', order: 13, flag: 'recurring-billing' },
  }),
  pay('recurring-plans-detail', 'recurring-plans/:id', 'Plan', 'recurring', V),
  pay('subscriptions', 'subscriptions', 'Subscriptions', 'recurring', {
    ...V,
    sidebar: { label: 'Subscriptions', icon: 'calendar', order: 1, parent: 'payments.recurring-plans' },
  }),
  pay('subscriptions-detail', 'subscriptions/:recurring_billing', 'Subscription', 'recurring', V),

  pay('developers', 'developers', 'Developers', 'developers', {
    permission: 'developers:view',
    sidebar: { group: OTHERS, label: 'Developers', icon: 'code', order: 20 },
  }),
  pay('integrations', 'integrations', 'Plugins integration', 'integrations', {
    ...S,
    sidebar: { group: OTHERS, label: 'Plugins Integration', icon: 'plug', order: 21 },
  }),
  pay('integrations-create', 'integrations/create', 'Add plugin integration', 'integrations', S),
  pay('integrations-edit', 'integrations/:gateway_provider_id/edit', 'Edit plugin integration', 'integrations', S),
  pay('connections', 'connections', 'Connections', 'connections', {
    ...S,
    sidebar: { group: OTHERS, label: 'Connections', icon: 'plug-connected', order: 22 },
  }),
  pay('connections-tool', 'connections/:tool', 'Accounting connection', 'connections', S),
  pay('payment-methods', 'payment-methods', 'Payment methods', 'paymentMethods', {
    ...S,
    sidebar: { group: OTHERS, label: 'Payment Methods', icon: 'credit-card', order: 23 },
  }),
  pay('payment-methods-card', 'payment-methods/card', 'Card payments', 'paymentMethods', S),
  pay('payment-methods-provider', 'payment-methods/:slug', 'Payment method onboarding', 'paymentMethods', S),
  pay('payouts', 'payouts', 'Payment methods', 'paymentMethods', S),
  pay('settings-checkout', 'settings/checkout-customisation', 'Checkout customisation', 'paymentSettings', {
    ...S,
    sidebar: { group: OTHERS, label: 'Settings', childLabel: 'Checkout customisation', icon: 'settings', order: 24 },
  }),
  pay('settings-users', 'settings/users', 'Staff', 'staff', {
    permission: 'staff:view',
    screen: 'staff.list',
    sidebar: { label: 'Staff', icon: 'users', order: 1, parent: 'payments.settings-checkout' },
  }),
  pay('settings-users-invite', 'settings/users/invite', 'Invite staff', 'staff', { permission: 'staff:manage', screen: 'staff.invite' }),
  pay('settings-users-detail', 'settings/users/:id/details', 'Staff details', 'staff', { permission: 'staff:view', screen: 'staff.detail' }),
  pay('notifications', 'notifications', 'Notifications', null, {
    ...S,
    screen: 'notification-settings.edit',
    sidebar: { label: 'Notifications', icon: 'settings', order: 2, parent: 'payments.settings-checkout' },
  }),
  pay('settings-email-templates', 'settings/email-templates', 'Email templates', null, {
    ...S,
    screen: 'email-templates.edit',
    sidebar: { label: 'Email templates', icon: 'settings', order: 3, parent: 'payments.settings-checkout' },
  }),
  pay('bank-accounts', 'bank-accounts', 'Bank accounts', 'bankAccounts', {
    permission: 'bank-accounts:manage',
    sidebar: { label: 'Bank accounts', icon: 'building-bank', order: 4, parent: 'payments.settings-checkout' },
  }),
  pay('bank-accounts-create', 'bank-accounts/create/:isCrossBorder?', 'Add bank account', 'bankAccounts', {
    permission: 'bank-accounts:manage',
  }),
  pay('bank-accounts-edit', 'bank-accounts/:bank_account/edit/:isCrossBorder', 'Edit bank account', 'bankAccounts', {
    permission: 'bank-accounts:manage',
  }),
  // Every onboarding status may see where its verification stands (not only verified businesses).
  pay('settings-account-verification', 'settings/account-verification', 'Account verification', null, {
    permission: 'verification:view',
    screen: 'onboarding.account-verification',
    guards: VERIFICATION_STATUS,
    sidebar: { label: 'Account verification', icon: 'shield-lock', order: 5, parent: 'payments.settings-checkout' },
  }),
  pay('settings-business-details', 'settings/business-details', 'Business details', 'businessDetails', {
    permission: 'business:update',
    screen: 'business-details.edit',
    sidebar: { label: 'Business details', icon: 'building-store', order: 6, parent: 'payments.settings-checkout' },
  }),
  pay('settings-audit-logs', 'settings/audit-logs', 'Audit logs', null, {
    permission: 'audit-logs:view',
    screen: 'business-audit-log.list',
    sidebar: { label: 'Audit logs', icon: 'history', order: 7, parent: 'payments.settings-checkout' },
  }),
  pay('partners', 'partners', 'Business partners', 'partners', {
    ...S,
    sidebar: { label: 'Partners', icon: 'affiliate', order: 8, parent: 'payments.settings-checkout' },
  }),
  pay('settings-platform', 'settings/platform', 'Platform', 'platform', {
    ...S,
    sidebar: { label: 'Platform', icon: 'settings', order: 9, parent: 'payments.settings-checkout', flag: 'platform' },
  }),
  pay('referral-program', 'referral-program', 'Refer and Earn', 'referral', {
    permission: 'referral:view',
    sidebar: { group: OTHERS, label: 'Refer and Earn', icon: 'gift', order: 25 },
  }),
  pay('support', 'support', 'Support', 'support', { permission: 'business:view' }),
];

const PU = { permission: 'pos:use' } as const;
const PM = { permission: 'pos:manage' } as const;

const posRoutes = [
  pos('home', '', 'Point of Sales', 'posApp', { ...PU, sidebar: { label: 'Web app', icon: 'device-desktop', order: 1 } }),
  pos('sales-report', 'sales-report', 'Reports', 'salesReport', { ...PU, sidebar: { label: 'Reports', icon: 'chart', order: 2 } }),
  pos('orders', 'orders', 'Transactions', 'orders', { ...PU, sidebar: { label: 'Orders', icon: 'shopping-cart', order: 3 } }),
  pos('orders-detail', 'orders/:b_order', 'Order', 'orders', PU),
  pos('products', 'products', 'Products', 'catalogue', {
    ...PM,
    sidebar: { label: 'Products', childLabel: 'All products', icon: 'package', order: 4 },
  }),
  pos('products-create', 'products/create', 'Create product', 'catalogue', PM),
  pos('products-edit', 'products/:b_product/edit', 'Edit product', 'catalogue', PM),
  pos('product-categories', 'product-categories', 'Product categories', 'catalogue', {
    ...PM,
    sidebar: { label: 'Categories', icon: 'list', order: 1, parent: 'pos.products' },
  }),
  pos('product-categories-create', 'product-categories/create', 'Create product category', 'catalogue', PM),
  pos('product-categories-all-products', 'product-categories/all-products', 'All products', 'catalogue', PM),
  pos('product-categories-view', 'product-categories/:b_product_category', 'Product category', 'catalogue', PM),
  pos('product-categories-detail', 'product-categories/:b_product_category/detail', 'Product category details', 'catalogue', PM),
  pos('product-categories-edit', 'product-categories/:b_product_category/edit', 'Edit product category', 'catalogue', PM),
  pos('product-customisation', 'product-customisation', 'Product customisation', 'catalogue', {
    ...PM,
    sidebar: { label: 'Customisation', icon: 'settings', order: 2, parent: 'pos.products' },
  }),
  pos('product-customisation-create', 'product-customisation/create', 'Create add-on', 'catalogue', PM),
  pos('product-customisation-edit', 'product-customisation/:b_add_on_id/edit', 'Edit add-on', 'catalogue', PM),
  pos('product-logs', 'product-logs', 'Product logs', 'catalogue', {
    ...PM,
    sidebar: { label: 'Logs', icon: 'history', order: 3, parent: 'pos.products' },
  }),
  pos('discounts', 'discounts', 'Discounts', 'discounts', { ...PM, sidebar: { label: 'Discounts', icon: 'discount', order: 5 } }),
  pos('discounts-create', 'discounts/create', 'Create discount', 'discounts', PM),
  pos('discounts-edit', 'discounts/:b_discount/edit', 'Edit discount', 'discounts', PM),
  pos('customers', 'customers', 'Customers', 'customers', { ...PU, sidebar: { label: 'Customers', icon: 'users', order: 6 } }),
  pos('customers-detail', 'customers/:b_customer', 'Customer', 'customers', PU),
  pos('locations', 'locations', 'Locations', 'locations', { ...PM, sidebar: { label: 'Locations', icon: 'map-pin', order: 7 } }),
  pos('locations-create', 'locations/create', 'Create location', 'locations', PM),
  pos('locations-edit', 'locations/:b_location/edit', 'Edit location', 'locations', PM),
  pos('locations-settings', 'locations/settings', 'Location settings', 'locations', PM),
  pos('terminals', 'terminals', 'Card terminals', 'terminals', {
    ...PM,
    sidebar: { label: 'Card terminals', icon: 'device-mobile', order: 8 },
  }),
  pos('terminals-reader', 'terminals/reader/:terminal_reader', 'Card reader', 'terminals', PM),
  pos('terminals-order', 'terminals/:terminal_order_id', 'Terminal order', 'terminals', PM),
  pos('settings-mall-gto', 'settings/mall-gto', 'Mall sales reporting', 'mallGto', {
    ...PM,
    sidebar: { label: 'Mall sales reporting', icon: 'building-store', order: 9 },
  }),
  pos('settings-mall-gto-set-up', 'settings/mall-gto/set-up', 'Set up mall sales reporting', 'mallGto', PM),
  pos('settings-mall-gto-edit', 'settings/mall-gto/:b_integration_id/edit', 'Edit mall integration', 'mallGto', PM),
  pos('settings-mall-gto-integrations', 'settings/mall-gto/integrations', 'Mall integrations', 'mallGto', PM),
  pos('settings-order-form', 'settings/order-form-customisation', 'Order form customisation', 'orderForm', {
    ...PM,
    sidebar: { label: 'Settings', childLabel: 'Order form customisation', icon: 'settings', order: 10 },
  }),
  pos('settings-taxes', 'settings/taxes', 'Taxes', 'taxes', {
    ...PM,
    sidebar: { label: 'Taxes', icon: 'cash', order: 1, parent: 'pos.settings-order-form' },
  }),
  pos('settings-taxes-create', 'settings/taxes/create', 'Create tax', 'taxes', PM),
  pos('settings-taxes-settings', 'settings/taxes/settings', 'Tax settings', 'taxes', PM),
  pos('settings-taxes-edit', 'settings/taxes/:b_tax_setting/edit', 'Edit tax', 'taxes', PM),
  pos('settings-surcharges', 'settings/surcharges', 'Surcharges', 'surcharges', {
    ...PM,
    sidebar: { label: 'Surcharges', icon: 'cash', order: 2, parent: 'pos.settings-order-form' },
  }),
  pos('settings-surcharges-create', 'settings/surcharges/create', 'Create surcharge', 'surcharges', PM),
  pos('settings-surcharges-edit', 'settings/surcharges/:b_surcharge_setting/edit', 'Edit surcharge', 'surcharges', PM),
  pos('users', 'users', 'Staff', 'staff', {
    permission: 'staff:view',
    screen: 'staff.list',
    sidebar: { label: 'Staff', icon: 'users', order: 3, parent: 'pos.settings-order-form' },
  }),
  pos('users-invite', 'users/invite', 'Invite staff', 'staff', { permission: 'staff:manage', screen: 'staff.invite' }),
  pos('users-detail', 'users/:id/details', 'Staff details', 'staff', { permission: 'staff:view', screen: 'staff.detail' }),
  pos('settings-business-details', 'settings/business-details', 'Business details', 'businessDetails', {
    permission: 'business:update',
    screen: 'business-details.edit',
    sidebar: { label: 'Business details', icon: 'building-store', order: 4, parent: 'pos.settings-order-form' },
  }),
];

const SM = { permission: 'store:manage' } as const;
/** What every role, cashiers included, may look at in the store. */
const SV = { permission: 'store:view' } as const;

const onlineStoreRoutes = [
  shop('overview', '', 'Shop insight', 'shopInsight', { ...SV, sidebar: { label: 'Overview', icon: 'home', order: 1 } }),
  shop('onboarding', 'onboarding', 'Set up your online store', 'storeOnboarding', SM),
  shop('sales-report', 'sales-report', 'Reports', 'salesReport', { ...SV, sidebar: { label: 'Reports', icon: 'chart', order: 2 } }),
  shop('orders', 'orders', 'Orders', 'orders', { ...SV, sidebar: { label: 'Orders', icon: 'shopping-cart', order: 3 } }),
  shop('orders-export', 'orders/export', 'Export orders', 'orders', SM),
  shop('orders-detail', 'orders/:b_order', 'Order', 'orders', SV),
  shop('orders-cancel', 'orders/:b_order/cancel', 'Cancel order', 'orders', SM),
  shop('products', 'products', 'Products', 'catalogue', { ...SV, sidebar: { label: 'Products', icon: 'package', order: 4 } }),
  shop('products-create', 'products/create', 'Create product', 'catalogue', SM),
  shop('products-edit', 'products/:b_product/edit', 'Edit product', 'catalogue', SM),
  shop('product-categories', 'product-categories', 'Product categories', 'catalogue', SM),
  shop('product-categories-create', 'product-categories/create', 'Create product category', 'catalogue', SM),
  shop('product-categories-all-products', 'product-categories/all-products', 'All products', 'catalogue', SM),
  shop('product-categories-view', 'product-categories/:b_product_category', 'Product category', 'catalogue', SM),
  shop('product-categories-detail', 'product-categories/:b_product_category/detail', 'Product category details', 'catalogue', SM),
  shop('product-categories-edit', 'product-categories/:b_product_category/edit', 'Edit product category', 'catalogue', SM),
  shop('product-customisation', 'product-customisation', 'Product customisation', 'catalogue', SM),
  shop('product-customisation-create', 'product-customisation/create', 'Create add-on', 'catalogue', SM),
  shop('product-customisation-edit', 'product-customisation/:b_add_on_id/edit', 'Edit add-on', 'catalogue', SM),
  shop('product-logs', 'product-logs', 'Product logs', 'catalogue', SM),
  shop('discounts', 'discounts', 'Discounts', 'discounts', { ...SM, sidebar: { label: 'Discounts', icon: 'discount', order: 5 } }),
  shop('discounts-create', 'discounts/create', 'Create discount', 'discounts', SM),
  shop('discounts-edit', 'discounts/:b_discount/edit', 'Edit discount', 'discounts', SM),
  shop('coupons', 'coupons', 'Coupons', 'coupons', { ...SM, sidebar: { label: 'Coupons', icon: 'ticket', order: 6 } }),
  shop('coupons-create', 'coupons/create', 'Create coupon', 'coupons', SM),
  shop('coupons-edit', 'coupons/:b_coupon/edit', 'Edit coupon', 'coupons', SM),
  shop('customers', 'customers', 'Customers', 'customers', { ...SV, sidebar: { label: 'Customers', icon: 'users', order: 7 } }),
  shop('customers-detail', 'customers/:b_customer', 'Customer', 'customers', SV),
  shop('store-design', 'store-design', 'Customize store', 'storeDesign', {
    permission: 'store-design:manage',
    sidebar: { label: 'Store Design', icon: 'palette', order: 8 },
  }),
  shop('store-design-theme', 'store-design/theme/:theme_id/:page', 'Theme designer', 'storeDesign', {
    permission: 'store-design:manage',
  }),
  shop('pages', 'pages', 'Pages', 'pages', {
    permission: 'store-pages:manage',
    sidebar: { label: 'Pages', icon: 'file', order: 9 },
  }),
  shop('media', 'media', 'Media', 'media', { ...SM, sidebar: { label: 'Media', icon: 'photo', order: 10 } }),
  shop('media-edit', 'media/:b_media/edit', 'Edit media', 'media', SM),
  shop('booking', 'booking', 'Booking', 'booking', { ...SM, sidebar: { label: 'Booking', icon: 'calendar', order: 11 } }),
  shop('domain', 'domain', 'Domain', 'domain', { ...SM, sidebar: { label: 'Domain', icon: 'world', order: 12 } }),
  shop('shipping-pickup', 'shipping-pickup', 'Shipping and pickup', 'shipping', {
    ...SM,
    sidebar: { label: 'Shipping and pickup', icon: 'truck', order: 13 },
  }),
  shop('shipping-pickup-create', 'shipping-pickup/create', 'Create shipping option', 'shipping', SM),
  shop('shipping-pickup-edit', 'shipping-pickup/:b_shipping/edit', 'Edit shipping option', 'shipping', SM),
  shop('pickups-create', 'shipping-pickup/pickups/create', 'Create pickup point', 'shipping', SM),
  shop('pickups-edit', 'shipping-pickup/pickups/:pickup/edit', 'Edit pickup point', 'shipping', SM),
  shop('locations', 'locations', 'Locations', 'locations', { ...SM, sidebar: { label: 'Locations', icon: 'map-pin', order: 14 } }),
  shop('locations-create', 'locations/create', 'Create location', 'locations', SM),
  shop('locations-edit', 'locations/:b_location/edit', 'Edit location', 'locations', SM),
  shop('locations-settings', 'locations/settings', 'Location settings', 'locations', SM),
  shop('settings-store', 'settings/store', 'Store settings', 'storeSettings', {
    ...SM,
    sidebar: { label: 'Settings', childLabel: 'Store', icon: 'settings', order: 15 },
  }),
  shop('settings-taxes', 'settings/taxes', 'Taxes', 'taxes', {
    ...SM,
    sidebar: { label: 'Taxes', icon: 'cash', order: 1, parent: 'online-store.settings-store' },
  }),
  shop('settings-taxes-create', 'settings/taxes/create', 'Create tax', 'taxes', SM),
  shop('settings-taxes-settings', 'settings/taxes/settings', 'Tax settings', 'taxes', SM),
  shop('settings-taxes-edit', 'settings/taxes/:b_tax_setting/edit', 'Edit tax', 'taxes', SM),
  shop('users', 'users', 'Staffs', 'staff', {
    permission: 'staff:view',
    screen: 'staff.list',
    sidebar: { label: 'Staff', icon: 'users', order: 2, parent: 'online-store.settings-store' },
  }),
  shop('users-invite', 'users/invite', 'Invite staff', 'staff', { permission: 'staff:manage', screen: 'staff.invite' }),
  shop('users-detail', 'users/:id/details', 'Staff details', 'staff', { permission: 'staff:view', screen: 'staff.detail' }),
  // The server's notifications and templates need settings:manage (managers have store:manage only).
  shop('settings-notifications', 'settings/notifications', 'Notifications', null, {
    permission: 'settings:manage',
    screen: 'notification-settings.edit',
    sidebar: { label: 'Notifications', icon: 'settings', order: 3, parent: 'online-store.settings-store' },
  }),
  shop('settings-email-templates', 'settings/email-templates', 'Email templates', null, {
    permission: 'settings:manage',
    screen: 'email-templates.edit',
    sidebar: { label: 'Email templates', icon: 'settings', order: 4, parent: 'online-store.settings-store' },
  }),
  shop('settings-business-details', 'settings/business-details', 'Business info', 'businessDetails', {
    permission: 'business:update',
    screen: 'business-details.edit',
    sidebar: { label: 'Business info', icon: 'building-store', order: 5, parent: 'online-store.settings-store' },
  }),
];

const partnerRoutes = [
  partner('overview', '', 'Partner overview', null, {
    screen: 'partner.overview',
    sidebar: { label: 'Overview', icon: 'home', order: 1 },
  }),
  partner('commissions', 'commissions', 'Commissions', 'partnerCommissions', { sidebar: { label: 'Commissions', icon: 'cash', order: 2 } }),
  partner('linked-businesses', 'linked-businesses', 'Linked businesses', 'linkedBusinesses', {
    sidebar: { label: 'Linked businesses', icon: 'building-store', order: 3 },
  }),
  partner('referral-contest', 'referral-contest', 'Referral contest', 'referralContest', {
    sidebar: { label: 'Referral contest', icon: 'trophy', order: 4 },
  }),
];

const USER_SETTINGS = 'User settings';

export const routeTable = [
  // Guest only (spec 2)
  guest('root', '/', 'Sign in', 'auth.login'),
  guest('login', '/login', 'Sign in', 'auth.login'),
  guest('checkpoint', '/checkpoint', 'Two-factor authentication', 'auth.checkpoint'),
  guest('password-request', '/password/reset', 'Reset your password', 'auth.password-request'),
  guest('password-reset', '/password/reset/:reset_token', 'Choose a new password', 'auth.password-reset'),
  guest('register', '/register', 'Create your account', 'auth.register'),
  guest('register-partner', '/register-partner', 'Become a partner', 'auth.register-partner'),
  guest('register-complete', '/register-complete/:hash', 'Join a business', 'auth.register-complete'),
  // Authenticated only
  plain('auth.register-completed', '/register-completed', 'Your account is ready', 'auth.register-completed'),
  plain('auth.register-authenticated', '/register-authenticated', 'Create another business', 'auth.register-authenticated'),
  plain('auth.pending-invitations', '/pending-invitations', 'Pending invitations', 'auth.pending-invitations'),
  plain('auth.choose-business', '/choose-business', 'Choose a business', 'auth.choose-business', [
    'authGuard',
    'hasInvitationsGuard',
    'businessSelectionGuard',
  ]),
  // Onboarding (per business)
  plain('onboarding.questionnaire', `${BUSINESS}/onboarding/questionnaire`, 'Business verification', 'onboarding.questionnaire', ONBOARDING),
  plain('onboarding.pending', `${BUSINESS}/onboarding/pending`, 'Verification in progress', 'onboarding.pending', ONBOARDING),
  plain('onboarding.blocked', `${BUSINESS}/onboarding/blocked`, 'Verification unsuccessful', 'onboarding.blocked', ONBOARDING),
  // Super admins' area (a route section only they see; docs/decisions.md)
  plain('admin.verifications', '/admin/verifications', 'Verification queue', 'admin.verifications', SUPER_ADMIN),
  plain('admin.business', '/admin/businesses/:business_id', 'Business review', 'admin.business', SUPER_ADMIN),
  // The spec's "two-factor setup for staff" (path not shown): where a business that requires two-factor sends members without it.
  plain('business.two-factor-setup', `${BUSINESS}/two-factor-setup`, 'Set up two-factor authentication', 'staff.two-factor-setup'),
  // Business layout
  ...paymentsRoutes,
  ...posRoutes,
  ...onlineStoreRoutes,
  ...partnerRoutes,
  // User settings
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
  // Public
  make('public.support-chat', '/public/:business_id/support-chat', 'Support chat', 'public', undefined, 'supportChat', { guards: [] }),
  make('public.invoice', '/:business_id/:invoice', 'Invoice', 'public', undefined, 'publicInvoice', {
    guards: ['invoicePublicGuard'],
  }),
  make('app.not-found', '/not-found', 'Page not found', 'public', undefined, null, { guards: [], screen: 'app.not-found' }),
];

export type RouteId = (typeof routeTable)[number]['id'];
export type AppRoute = RouteDef & { id: RouteId };

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
  const { path } = routeById(id);
  const filled = path.replace(/\/:([A-Za-z_][A-Za-z0-9_]*)(\??)/g, (_, name: string, optional: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`Missing path parameter ${name} for route ${id}`);
    }
    return `/${encodeURIComponent(value)}`;
  });
  return filled === '' ? '/' : filled;
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
