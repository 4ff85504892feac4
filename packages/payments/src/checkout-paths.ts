/**
 * Paths of the hosted checkout on the checkout host (`securecheckout.<base>`, docs/payments.md). The web's
 * checkout routes and every link the server builds (mails, the dashboard's "public URL") use these.
 */
export const CHECKOUT_PATHS = {
  link: '/l/:public_id',
  qr: '/q/:public_id',
  payment: '/p/:public_id',
  receipt: '/r/:public_id',
} as const;
export type CheckoutPathKind = keyof typeof CHECKOUT_PATHS;

/** The hosted checkout's page that saves a subscription's payment method. */
export const SUBSCRIPTION_SETUP_PATH = '/s/:public_id';

/** Paths on the checkout host: the account form, the test bank's mandate page, and the direct-debit redirection screen. */
export const DIRECT_DEBIT_PATHS = {
  mandate: '/direct-debit/:public_id',
  bank: '/direct-debit/:public_id/bank',
  return: '/direct-debit/return',
} as const;

/** Public id prefixes: the kind of object is visible, the rest is 128 random bits in base62. */
export const PUBLIC_ID_PREFIXES = { link: 'pl_', qr: 'qr_', payment: 'pay_', invoice: 'inv_', mandate: 'mdt_' } as const;

export function checkoutPath(kind: CheckoutPathKind, publicId: string): string {
  return CHECKOUT_PATHS[kind].replace(':public_id', encodeURIComponent(publicId));
}

/** The full URL on the checkout host, e.g. `http://securecheckout.localhost:3000/l/pl_...`. */
export function checkoutUrl(origin: string, kind: CheckoutPathKind, publicId: string): string {
  return `${origin.replace(/\/$/, '')}${checkoutPath(kind, publicId)}`;
}
