/** Payments: `/business/:business_id/payments/...` (spec 2). */
import { BUSINESS, MERCHANT, make, sectionRoutes } from './define';
import { SHARED } from './shared';

const { route, shared } = sectionRoutes('payments', MERCHANT);
const VERIFICATION_STATUS = ['authGuard', 'nonBusinessPartnerGuard', 'hasInvitationsGuard'] as const;
const PAYMENTS_ONBOARDING = ['authGuard', 'hasInvitationsGuard', 'businessPendingVerificationGuard'] as const;

const NO_CODE = 'No-code tools';
const OTHERS = 'Others';

// Payments permissions (see packages/core permissions): viewing lists needs payments:view, creating
// or editing needs payments:create, settings need settings:manage.
const V = { permission: 'payments:view' } as const;
const C = { permission: 'payments:create' } as const;
const S = { permission: 'settings:manage' } as const;

export const paymentsRoutes = [
  make('payments.overview-root', BUSINESS, 'Overview', 'business', 'payments', null, {
    guards: MERCHANT,
    permission: 'business:view',
    screen: 'payments.overview',
  }),
  route('overview', '', 'Overview', null, {
    permission: 'business:view',
    screen: 'payments.overview',
    sidebar: { label: 'Overview', icon: 'home', order: 1 },
  }),
  route('onboarding', 'onboarding', 'Get started with payments', null, {
    guards: PAYMENTS_ONBOARDING,
    permission: 'business:view',
    screen: 'payments.onboarding',
  }),
  route('transactions', 'transactions', 'Transactions', 'transactions', {
    ...V,
    screen: 'transactions.list',
    sidebar: { label: 'Transactions', icon: 'list', order: 2 },
  }),
  route('transactions-detail', 'transactions/:b_charge', 'Transaction', 'transactions', { ...V, screen: 'transactions.detail' }),
  route('sales-report', 'sales-report', 'Reports', 'salesReport', {
    ...V,
    screen: 'sales-report.view',
    sidebar: { label: 'Reports', icon: 'chart', order: 3 },
  }),
  route('balance', 'balance', 'Wallet balance', 'balances', {
    permission: 'wallets:manage',
    screen: 'bank-payouts.wallet',
    sidebar: { label: 'Bank payouts', childLabel: 'Wallet balance', icon: 'building-bank', order: 4 },
  }),
  route('balance-payouts', 'balance/payouts', 'Payouts', 'balances', {
    permission: 'wallets:manage',
    screen: 'bank-payouts.payouts',
    sidebar: { label: 'Payouts', icon: 'history', order: 0, parent: 'payments.balance' },
  }),
  route('balance-payouts-detail', 'balance/payouts/:payout', 'Payout', 'balances', { permission: 'wallets:manage', screen: 'bank-payouts.payout-detail' }),
  route('balance-card', 'balance/card', 'Card balance', 'balances', {
    permission: 'wallets:manage',
    screen: 'bank-payouts.card',
    sidebar: { label: 'Card balance', icon: 'credit-card', order: 1, parent: 'payments.balance', flag: 'card-balance' },
  }),
  route('balance-card-provider', 'balance/xendit', 'Xendit card balance', 'balances', {
    permission: 'wallets:manage',
    screen: 'bank-payouts.xendit',
    sidebar: { label: 'Xendit card balance', icon: 'credit-card', order: 2, parent: 'payments.balance', flag: 'card-provider-balance' },
  }),
  route('send-money', 'send-money', 'Send payments', 'sendMoney', {
    permission: 'transfers:manage',
    screen: 'send-money.overview',
    sidebar: {
      label: 'Send payments',
      childLabel: 'Overview',
      icon: 'send',
      order: 5,
      flag: 'send-money',
      badge: 'transfers-awaiting-review',
    },
  }),
  route('beneficiaries', 'beneficiaries', 'Beneficiaries', 'sendMoney', {
    permission: 'transfers:manage',
    screen: 'send-money.beneficiaries',
    sidebar: { label: 'Beneficiaries', icon: 'users', order: 1, parent: 'payments.send-money' },
  }),
  route('beneficiaries-detail', 'beneficiaries/:beneficiaryId', 'Beneficiary', 'sendMoney', {
    permission: 'transfers:manage',
    screen: 'send-money.beneficiary',
  }),
  route('transfer-history', 'transfer-history', 'Transfer history', 'sendMoney', {
    permission: 'transfers:manage',
    screen: 'send-money.transfers',
    sidebar: { label: 'Transfer history', icon: 'history', order: 2, parent: 'payments.send-money' },
  }),
  route('transfer-history-detail', 'transfer-history/:transfer', 'Transfer', 'sendMoney', { permission: 'transfers:manage', screen: 'send-money.transfer' }),
  route('customers', 'customers', 'Customers', 'customers', { ...V, screen: 'customers.list', sidebar: { label: 'Customers', icon: 'users', order: 6 } }),
  route('customers-detail', 'customers/:customer', 'Customer', 'customers', { ...V, screen: 'customers.detail' }),

  route('links', 'links', 'Payment links', 'links', {
    ...V,
    screen: 'payment-links.list',
    sidebar: { group: NO_CODE, label: 'Payment links', icon: 'link', order: 10 },
  }),
  route('links-create', 'links/create', 'Create payment link', 'links', { ...C, screen: 'payment-links.create' }),
  route('links-edit', 'links/:payment_request_id/edit', 'Edit payment link', 'links', { ...C, screen: 'payment-links.edit' }),
  route('links-detail', 'links/:payment_request_id', 'Payment link', 'links', { ...V, screen: 'payment-links.detail' }),
  route('static-qr', 'static-qr-code', 'Static QR codes', 'staticQr', {
    ...V,
    screen: 'static-qr-codes.list',
    sidebar: { group: NO_CODE, label: 'Static QRs', icon: 'qrcode', order: 11 },
  }),
  route('static-qr-create', 'static-qr-code/create', 'Create static QR code', 'staticQr', { ...C, screen: 'static-qr-codes.create' }),
  route('static-qr-edit', 'static-qr-code/:static_qr_code_id/edit', 'Edit static QR code', 'staticQr', { ...C, screen: 'static-qr-codes.edit' }),
  route('static-qr-detail', 'static-qr-code/:static_qr_code_id', 'Static QR code', 'staticQr', { ...V, screen: 'static-qr-codes.detail' }),
  route('invoices', 'invoices', 'Invoices', 'invoices', {
    ...V,
    screen: 'invoices.list',
    sidebar: { group: NO_CODE, label: 'Invoicing', childLabel: 'All', icon: 'file-invoice', order: 12 },
  }),
  route('invoices-create', 'invoices/create', 'Create invoice', 'invoices', { ...C, screen: 'invoices.create' }),
  route('invoices-bulk-create', 'invoices/bulk-create', 'Bulk create invoices', 'invoices', { ...C, screen: 'invoice-imports.bulk-create' }),
  route('invoices-feed-upload', 'invoices/feed-upload', 'Upload invoice feed file', 'invoices', { ...C, screen: 'invoice-imports.feed-upload' }),
  route('invoices-detail', 'invoices/:invoice', 'Invoice', 'invoices', { ...V, screen: 'invoices.detail' }),
  route('invoices-edit', 'invoices/:invoice/edit', 'Edit invoice', 'invoices', { ...C, screen: 'invoices.edit' }),
  route('invoices-repeating', 'invoices/repeating', 'Repeating invoices', 'repeatingInvoices', {
    ...V,
    screen: 'repeating-invoices.list',
    sidebar: { label: 'Repeating', icon: 'repeat', order: 1, parent: 'payments.invoices' },
  }),
  route('invoices-repeating-create', 'invoices/repeating/create', 'Create repeating invoice', 'repeatingInvoices', {
    ...C,
    screen: 'repeating-invoices.create',
  }),
  route('invoices-repeating-detail', 'invoices/repeating/:invoice', 'Repeating invoice', 'repeatingInvoices', { ...V, screen: 'repeating-invoices.detail' }),
  route('invoices-repeating-edit', 'invoices/repeating/:invoice/edit', 'Edit repeating invoice', 'repeatingInvoices', {
    ...C,
    screen: 'repeating-invoices.edit',
  }),
  shared('products', 'products', SHARED.products, { sidebar: { label: 'Products', icon: 'package', order: 2, parent: 'payments.invoices' } }),
  shared('products-create', 'products/create', SHARED.productCreate),
  shared('products-edit', 'products/:product/edit', SHARED.productEdit),
  route('recurring-plans', 'recurring-plans', 'Plans', 'recurring', {
    ...V,
    screen: 'recurring-billing.plans-list',
    sidebar: { group: NO_CODE, label: 'Recurring billing', childLabel: 'Plans', icon: 'repeat', order: 13, flag: 'recurring-billing' },
  }),
  route('recurring-plans-detail', 'recurring-plans/:id', 'Plan', 'recurring', { ...V, screen: 'recurring-billing.plans-detail' }),
  route('subscriptions', 'subscriptions', 'Subscriptions', 'recurring', {
    ...V,
    screen: 'recurring-billing.subscriptions-list',
    sidebar: { label: 'Subscriptions', icon: 'calendar', order: 1, parent: 'payments.recurring-plans' },
  }),
  route('subscriptions-detail', 'subscriptions/:recurring_billing', 'Subscription', 'recurring', { ...V, screen: 'recurring-billing.subscriptions-detail' }),

  route('developers', 'developers', 'Developers', 'developers', {
    permission: 'developers:view',
    screen: 'developers.api-keys',
    sidebar: { group: OTHERS, label: 'Developers', icon: 'code', order: 20 },
  }),
  route('developers-webhooks', 'developers/webhooks', 'Webhooks', 'developers', { permission: 'developers:view', screen: 'developers.webhooks' }),
  route('developers-webhook', 'developers/webhooks/:webhook_id', 'Webhook endpoint', 'developers', {
    permission: 'developers:view',
    screen: 'developers.webhook-detail',
  }),
  // Plugin integrations hold API keys: the API keys' permission (docs/developers.md).
  route('integrations', 'integrations', 'Plugins integration', 'integrations', {
    permission: 'developers:view',
    screen: 'integrations.list',
    sidebar: { group: OTHERS, label: 'Plugins integration', icon: 'plug', order: 21 },
  }),
  route('integrations-create', 'integrations/create', 'Add plugin integration', 'integrations', {
    permission: 'developers:view',
    screen: 'integrations.create',
  }),
  route('integrations-edit', 'integrations/:gateway_provider_id/edit', 'Edit plugin integration', 'integrations', {
    permission: 'developers:view',
    screen: 'integrations.edit',
  }),
  // Accounting connections post the ledger to an accounting tool: the developers' permission (docs/developers.md).
  route('connections', 'connections', 'Connections', 'connections', {
    permission: 'developers:view',
    screen: 'connections.list',
    sidebar: { group: OTHERS, label: 'Connections', icon: 'plug-connected', order: 22 },
  }),
  route('connections-tool', 'connections/:tool', 'Accounting connection', 'connections', {
    permission: 'developers:view',
    screen: 'connections.tool',
  }),
  route('payment-methods', 'payment-methods', 'Payment methods', 'paymentMethods', {
    ...S,
    screen: 'payment-methods.list',
    sidebar: { group: OTHERS, label: 'Payment methods', icon: 'credit-card', order: 23 },
  }),
  route('payment-methods-card', 'payment-methods/card', 'Card payments', 'paymentMethods', { ...S, screen: 'payment-methods.card' }),
  route('payment-methods-provider', 'payment-methods/:slug', 'Payment method onboarding', 'paymentMethods', { ...S, screen: 'payment-methods.provider' }),
  route('payouts', 'payouts', 'Payment methods', 'paymentMethods', { ...S, screen: 'payment-methods.list' }),
  route('settings-checkout', 'settings/checkout-customisation', 'Checkout customisation', 'paymentSettings', {
    ...S,
    screen: 'checkout-customisation.edit',
    sidebar: { group: OTHERS, label: 'Settings', childLabel: 'Checkout customisation', icon: 'settings', order: 24, pinned: true },
  }),
  shared('settings-users', 'settings/users', SHARED.staffList, {
    sidebar: { label: 'Staff', icon: 'users', order: 1, parent: 'payments.settings-checkout' },
  }),
  shared('settings-users-invite', 'settings/users/invite', SHARED.staffInvite),
  shared('settings-users-detail', 'settings/users/:id/details', SHARED.staffDetail),
  shared('notifications', 'notifications', SHARED.notifications, {
    sidebar: { label: 'Notifications', icon: 'settings', order: 2, parent: 'payments.settings-checkout' },
  }),
  shared('settings-email-templates', 'settings/email-templates', SHARED.emailTemplates, {
    sidebar: { label: 'Email templates', icon: 'settings', order: 3, parent: 'payments.settings-checkout' },
  }),
  route('bank-accounts', 'bank-accounts', 'Bank accounts', 'bankAccounts', {
    permission: 'bank-accounts:manage',
    screen: 'bank-accounts.list',
    sidebar: { label: 'Bank accounts', icon: 'building-bank', order: 4, parent: 'payments.settings-checkout' },
  }),
  route('bank-accounts-create', 'bank-accounts/create/:isCrossBorder?', 'Add bank account', 'bankAccounts', {
    permission: 'bank-accounts:manage',
    screen: 'bank-accounts.create',
  }),
  route('bank-accounts-edit', 'bank-accounts/:bank_account/edit/:isCrossBorder', 'Edit bank account', 'bankAccounts', {
    permission: 'bank-accounts:manage',
    screen: 'bank-accounts.edit',
  }),
  // Every onboarding status may see where its verification stands (not only verified businesses).
  route('settings-account-verification', 'settings/account-verification', 'Account verification', null, {
    permission: 'verification:view',
    screen: 'onboarding.account-verification',
    guards: VERIFICATION_STATUS,
    sidebar: { label: 'Account verification', icon: 'shield-lock', order: 5, parent: 'payments.settings-checkout' },
  }),
  shared('settings-business-details', 'settings/business-details', SHARED.businessDetails, {
    sidebar: { label: 'Business details', icon: 'building-store', order: 6, parent: 'payments.settings-checkout' },
  }),
  route('settings-audit-logs', 'settings/audit-logs', 'Audit logs', null, {
    permission: 'audit-logs:view',
    screen: 'business-audit-log.list',
    sidebar: { label: 'Audit logs', icon: 'history', order: 7, parent: 'payments.settings-checkout' },
  }),
  route('partners', 'partners', 'Business partners', null, {
    ...S,
    screen: 'business-partners.list',
    sidebar: { label: 'Partners', icon: 'affiliate', order: 8, parent: 'payments.settings-checkout' },
  }),
  route('settings-platform', 'settings/platform', 'Platform', null, {
    ...S,
    screen: 'platform-accounts.settings',
    sidebar: { label: 'Platform', icon: 'settings', order: 9, parent: 'payments.settings-checkout', flag: 'platform' },
  }),
  route('referral-program', 'referral-program', 'Refer and earn', null, {
    permission: 'referral:view',
    screen: 'referral-program.view',
    sidebar: { group: OTHERS, label: 'Refer and earn', icon: 'gift', order: 25, pinned: true },
  }),
  route('support', 'support', 'Support', null, {
    permission: 'chat:view',
    // Not in the spec's menu: the header's support inbox button opens it (app/support-inbox-button.tsx).
    screen: 'support.inbox',
  }),
  route('support-canned-replies', 'support/canned-replies', 'Canned replies', null, {
    permission: 'chat:view',
    // Not in the spec either: the inbox links to it (docs/decisions.md, "Support chat").
    screen: 'support.canned-replies',
  }),
];
