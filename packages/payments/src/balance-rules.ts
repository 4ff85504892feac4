/**
 * Which balances a business has: plain rules without schemas, so the dashboard's start-up code (the sidebar's
 * flags) can read them without loading a schema library.
 */

/**
 * The business's balances. `wallet` is the platform's own: what its processor collected. `card` holds what
 * a connected card acquirer (Stripe) collected; `xendit` what Xendit collected, a balance of its own.
 */
export const BALANCE_KINDS = ['wallet', 'card', 'xendit'] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];

/** The business flags that decide which balances it has (spec 2, the Bank Payouts sidebar group). */
export interface BalanceFlags {
  stripe_enabled: boolean;
  xendit_enabled: boolean;
  active_providers: readonly string[];
}

/** The provider kind (an entry of `business.active_providers`) that has the further card balance. */
export const CARD_PROVIDER_KIND = 'xendit';

/**
 * Whether a business has a balance: the wallet always; the card balance with a card flag; Xendit's with
 * Xendit active. The one rule for the server's answers and the sidebar's flags.
 */
export function hasBalance(kind: BalanceKind, flags: BalanceFlags): boolean {
  if (kind === 'card') return flags.stripe_enabled || flags.xendit_enabled;
  if (kind === 'xendit') return flags.active_providers.includes(CARD_PROVIDER_KIND);
  return true;
}
