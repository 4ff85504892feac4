import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { RouteScreen } from './route-table';

/**
 * A screen module: React Router's `lazy` convention (`export function Component()`), and optionally
 * `prefetch`, which starts the screen's first queries while the route's guards still wait for the user and
 * the business (under the same query keys the screen reads, so it finds them in flight or answered).
 */
export type ScreenModule = { Component: ComponentType; prefetch?: (queryClient: QueryClient, args: LoaderFunctionArgs) => void };

/**
 * Every real screen of the route table, loaded lazily (one chunk per screen). `satisfies` keeps the keys
 * exactly those the route table names: a route naming a screen missing here, or a screen no route names,
 * does not compile.
 */
export const screens = {
  'auth.login': () => import('../features/auth/routes/login/login-screen'),
  'auth.checkpoint': () => import('../features/auth/routes/checkpoint/checkpoint-screen'),
  'auth.password-request': () => import('../features/auth/routes/password-request/password-request-screen'),
  'auth.password-reset': () => import('../features/auth/routes/password-reset/password-reset-screen'),
  'auth.register': () => import('../features/auth/routes/register/register-screen'),
  'auth.register-partner': () => import('../features/auth/routes/register-partner/register-partner-screen'),
  'auth.register-complete': () => import('../features/auth/routes/register-complete/register-complete-screen'),
  'auth.register-completed': () => import('../features/auth/routes/register-completed/register-completed-screen'),
  'auth.register-authenticated': () => import('../features/auth/routes/register-authenticated/register-authenticated-screen'),
  'auth.pending-invitations': () => import('../features/auth/routes/pending-invitations/pending-invitations-screen'),
  'auth.choose-business': () => import('../features/auth/routes/choose-business/choose-business-screen'),
  'onboarding.questionnaire': () => import('../features/onboarding/routes/questionnaire/questionnaire-screen'),
  'onboarding.pending': () => import('../features/onboarding/routes/pending/pending-screen'),
  'onboarding.blocked': () => import('../features/onboarding/routes/blocked/blocked-screen'),
  'user-settings.account': () => import('../features/user-settings/routes/account/account-screen'),
  'user-settings.security': () => import('../features/user-settings/routes/security/security-screen'),
  'user-settings.audit-logs': () => import('../features/user-settings/routes/audit-logs/audit-logs-screen'),
  'payments.overview': () => import('../features/payments/overview/routes/overview/overview-screen'),
  'partner.overview': () => import('../features/partner/overview/routes/overview/overview-screen'),
  'onboarding.account-verification': () => import('../features/onboarding/routes/account-verification/account-verification-screen'),
  'admin.verifications': () => import('../features/verification-admin/routes/verification-queue/verification-queue-screen'),
  'admin.business': () => import('../features/verification-admin/routes/business-review/business-review-screen'),
  'staff.list': () => import('../features/staff/routes/staff-list/staff-list-screen'),
  'staff.invite': () => import('../features/staff/routes/staff-invite/staff-invite-screen'),
  'staff.detail': () => import('../features/staff/routes/staff-detail/staff-detail-screen'),
  'staff.two-factor-setup': () => import('../features/staff/routes/two-factor-setup/two-factor-setup-screen'),
  'business-details.edit': () => import('../features/business-details/routes/business-details/business-details-screen'),
  'business-audit-log.list': () => import('../features/business-audit-log/routes/audit-log/audit-log-screen'),
  'notification-settings.edit': () => import('../features/notification-settings/routes/notification-settings/notification-settings-screen'),
  'email-templates.edit': () => import('../features/email-templates/routes/email-templates/email-templates-screen'),
  'customers.list': () => import('../features/customers/routes/customer-list/customer-list-screen'),
  'customers.detail': () => import('../features/customers/routes/customer-detail/customer-detail-screen'),
  'balances.wallet': () => import('../features/balances/routes/balance/wallet-balance-screen'),
  'balances.card': () => import('../features/balances/routes/balance/card-balance-screen'),
  'balances.xendit': () => import('../features/balances/routes/balance/xendit-balance-screen'),
  'sales-report.view': () => import('../features/sales-report/routes/sales-report/sales-report-screen'),
  'transactions.list': () => import('../features/transactions/routes/transaction-list/transaction-list-screen'),
  'transactions.detail': () => import('../features/transactions/routes/transaction-detail/transaction-detail-screen'),
  'products.list': () => import('../features/products/routes/product-list/product-list-screen'),
  'products.create': () => import('../features/products/routes/product-edit/product-edit-screen'),
  'products.edit': () => import('../features/products/routes/product-edit/product-edit-screen'),
  'bank-accounts.list': () => import('../features/bank-accounts/routes/bank-account-list/bank-account-list-screen'),
  'bank-accounts.create': () => import('../features/bank-accounts/routes/bank-account-form/bank-account-form-screen'),
  'bank-accounts.edit': () => import('../features/bank-accounts/routes/bank-account-form/bank-account-form-screen'),
  'payment-methods.list': () => import('../features/payment-methods/routes/payment-methods/payment-methods-screen'),
  'payment-methods.card': () => import('../features/payment-methods/routes/provider-onboarding/provider-onboarding-screen'),
  'payment-methods.provider': () => import('../features/payment-methods/routes/provider-onboarding/provider-onboarding-screen'),
  'checkout-customisation.edit': () => import('../features/checkout-customisation/routes/checkout-customisation/checkout-customisation-screen'),
  'invoices.list': () => import('../features/invoices/routes/invoice-list/invoice-list-screen'),
  'invoices.create': () => import('../features/invoices/routes/invoice-form/invoice-form-screen'),
  'invoices.edit': () => import('../features/invoices/routes/invoice-form/invoice-form-screen'),
  'invoices.detail': () => import('../features/invoices/routes/invoice-detail/invoice-detail-screen'),
  'repeating-invoices.list': () => import('../features/invoices/routes/repeating-invoice-list/repeating-invoice-list-screen'),
  'repeating-invoices.create': () => import('../features/invoices/routes/repeating-invoice-form/repeating-invoice-form-screen'),
  'repeating-invoices.edit': () => import('../features/invoices/routes/repeating-invoice-form/repeating-invoice-form-screen'),
  'repeating-invoices.detail': () => import('../features/invoices/routes/repeating-invoice-detail/repeating-invoice-detail-screen'),
  'invoice-imports.bulk-create': () => import('../features/invoice-imports/routes/bulk-create/bulk-create-screen'),
  'invoice-imports.feed-upload': () => import('../features/invoice-imports/routes/feed-upload/feed-upload-screen'),
  'payment-links.list': () => import('../features/payment-links/routes/links-list/links-list-screen'),
  'payment-links.create': () => import('../features/payment-links/routes/link-form/link-form-screen'),
  'payment-links.edit': () => import('../features/payment-links/routes/link-form/link-form-screen'),
  'payment-links.detail': () => import('../features/payment-links/routes/link-detail/link-detail-screen'),
  'recurring-plans.list': () => import('../features/recurring-plans/routes/plan-list/plan-list-screen'),
  'recurring-plans.detail': () => import('../features/recurring-plans/routes/plan-detail/plan-detail-screen'),
  'static-qr-codes.list': () => import('../features/static-qr-codes/routes/qr-list/qr-list-screen'),
  'static-qr-codes.create': () => import('../features/static-qr-codes/routes/qr-form/qr-form-screen'),
  'static-qr-codes.edit': () => import('../features/static-qr-codes/routes/qr-form/qr-form-screen'),
  'static-qr-codes.detail': () => import('../features/static-qr-codes/routes/qr-detail/qr-detail-screen'),
  'checkout.pay': () => import('../features/checkout/routes/checkout-pay/checkout-pay-screen'),
  'checkout.payment': () => import('../features/checkout/routes/checkout-payment/checkout-payment-screen'),
  'checkout.receipt': () => import('../features/checkout/routes/checkout-receipt/checkout-receipt-screen'),
  'invoice-page.view': () => import('../features/invoice-page/routes/invoice-page/invoice-page-screen'),
  'app.not-found': () => import('./screens/not-found-screen'),
} satisfies Record<RouteScreen, () => Promise<ScreenModule>>;

export type ScreenKey = keyof typeof screens;
