/**
 * The screens a visitor who is not signed in may open (sign-in and registration, the checkout, invoice and
 * portal pages): the router loads this map lazily, so those screens never download the signed-in screens' map.
 */
export const guestScreens = {
  'auth.login': () => import('../../features/auth/routes/login/login-screen'),
  'auth.checkpoint': () => import('../../features/auth/routes/checkpoint/checkpoint-screen'),
  'auth.password-request': () => import('../../features/auth/routes/password-request/password-request-screen'),
  'auth.password-reset': () => import('../../features/auth/routes/password-reset/password-reset-screen'),
  'auth.register': () => import('../../features/auth/routes/register/register-screen'),
  'auth.register-partner': () => import('../../features/auth/routes/register-partner/register-partner-screen'),
  'auth.register-complete': () => import('../../features/auth/routes/register-complete/register-complete-screen'),
  'auth.register-completed': () => import('../../features/auth/routes/register-completed/register-completed-screen'),
  'auth.register-authenticated': () => import('../../features/auth/routes/register-authenticated/register-authenticated-screen'),
  'auth.pending-invitations': () => import('../../features/auth/routes/pending-invitations/pending-invitations-screen'),
  'auth.choose-business': () => import('../../features/auth/routes/choose-business/choose-business-screen'),
  'checkout.pay': () => import('../../features/checkout/routes/checkout-pay/checkout-pay-screen'),
  'checkout.payment': () => import('../../features/checkout/routes/checkout-payment/checkout-payment-screen'),
  'checkout.receipt': () => import('../../features/checkout/routes/checkout-receipt/checkout-receipt-screen'),
  'checkout.subscription-setup': () => import('../../features/checkout/routes/subscription-setup/subscription-setup-screen'),
  'invoice-page.view': () => import('../../features/invoice-page/routes/invoice-page/invoice-page-screen'),
  'direct-debit.mandate': () => import('../../features/direct-debit/routes/mandate/mandate-screen'),
  'direct-debit.bank': () => import('../../features/direct-debit/routes/bank/bank-screen'),
  'direct-debit.return': () => import('../../features/direct-debit/routes/return/return-screen'),
  'customer-portal.view': () => import('../../features/customer-portal/routes/portal/portal-screen'),
  'support-chat.public': () => import('../../features/support-chat/routes/public-chat/public-chat-screen'),
  'app.not-found': () => import('./not-found-screen'),
} satisfies Record<string, () => Promise<unknown>>;
