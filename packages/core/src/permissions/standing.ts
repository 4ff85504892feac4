/**
 * What a business's state allows, beside what a person's role allows (docs/security.md, "Standing"). Every
 * business endpoint declares the standing it needs next to its permission; the server's access hook refuses
 * the rest, and the payment, payout and transfer services hold the same rules for what no endpoint starts
 * (the hosted checkout, schedules):
 *
 * - `any`: every business, a partner business included (the layout's own calls: the business, its domain and
 *   onboarding progress).
 * - `merchant`: not a partner business, in any status: reading, exporting, and changes that neither take nor
 *   move money (settings, staff, catalogue, stopping a link or a subscription). A blocked business keeps these.
 * - `active`: a merchant that is not blocked: whatever takes money or prepares to (links, QR codes, invoices,
 *   subscriptions, refunds, bank accounts, beneficiaries, the payout schedule).
 * - `verified`: an active merchant whose verification is complete: whatever sends money out (payouts and
 *   transfers). Before verification a business may take payments; its money waits, as with Stripe and HitPay.
 * - `partner`: a partner business only (the partner area: its referral link, linked businesses, commissions).
 * - `payee`, `payee-active`, `payee-verified`: as `merchant`, `active` and `verified`, but a partner business is let
 *   through too (a blocked one only to read): the bank accounts and payouts by which a partner's credited commissions reach
 *   its bank. Every other payments endpoint keeps refusing partners.
 */
export const STANDINGS = ['any', 'merchant', 'active', 'verified', 'partner', 'payee', 'payee-active', 'payee-verified'] as const;
export type Standing = (typeof STANDINGS)[number];

/** What the standing rules read of a business: its type and its onboarding status. */
export interface StandingFacts {
  type: 'merchant' | 'partner';
  onboardingStatus: 'questionnaire' | 'pending_verification' | 'blocked' | 'completed';
}

/** Why a standing is not met, most basic first: each is an error code of its own (403). */
export type StandingRefusal = 'BUSINESS_IS_PARTNER' | 'BUSINESS_BLOCKED' | 'BUSINESS_NOT_VERIFIED' | 'BUSINESS_NOT_PARTNER';

/** The merchant standing a payee standing applies to a merchant. */
const PAYEE_OF: Partial<Record<Standing, 'merchant' | 'active' | 'verified'>> = { payee: 'merchant', 'payee-active': 'active', 'payee-verified': 'verified' };

/** The error codes a standing can answer (for the endpoint's declared errors). */
export function refusalsOf(standing: Standing): StandingRefusal[] {
  if (standing === 'any' || standing === 'payee') return [];
  if (standing === 'payee-active') return ['BUSINESS_BLOCKED'];
  if (standing === 'payee-verified') return ['BUSINESS_BLOCKED', 'BUSINESS_NOT_VERIFIED'];
  if (standing === 'partner') return ['BUSINESS_NOT_PARTNER'];
  if (standing === 'merchant') return ['BUSINESS_IS_PARTNER'];
  if (standing === 'active') return ['BUSINESS_IS_PARTNER', 'BUSINESS_BLOCKED'];
  return ['BUSINESS_IS_PARTNER', 'BUSINESS_BLOCKED', 'BUSINESS_NOT_VERIFIED'];
}

/** Null when the business's state allows the standing; else why not. */
export function standingRefusal(standing: Standing, business: StandingFacts): StandingRefusal | null {
  if (standing === 'any') return null;
  if (standing === 'partner') return business.type === 'partner' ? null : 'BUSINESS_NOT_PARTNER';
  const payee = PAYEE_OF[standing];
  if (payee) {
    // A partner registers verified; only a block keeps its money in.
    if (business.type === 'partner') return payee !== 'merchant' && business.onboardingStatus === 'blocked' ? 'BUSINESS_BLOCKED' : null;
    return standingRefusal(payee, business);
  }
  if (business.type === 'partner') return 'BUSINESS_IS_PARTNER';
  if (standing === 'merchant') return null;
  if (business.onboardingStatus === 'blocked') return 'BUSINESS_BLOCKED';
  if (standing === 'active') return null;
  return business.onboardingStatus === 'completed' ? null : 'BUSINESS_NOT_VERIFIED';
}

/** Whether the business may take a new payment on any surface (checkout, invoice page, subscription charges). */
export const takesPayments = (business: StandingFacts): boolean => standingRefusal('active', business) === null;

/** Whether money may leave the business's balance (payouts, transfers). */
export const paysOut = (business: StandingFacts): boolean => standingRefusal('verified', business) === null;

/** What the owner reads when the business's standing refuses a call. */
export const STANDING_MESSAGES: Record<StandingRefusal, string> = {
  BUSINESS_IS_PARTNER:
    'A partner business uses the partner area only: it takes no payments and has no payments, point of sale or store settings beyond its bank accounts and payouts.',
  BUSINESS_BLOCKED: 'This business is blocked: it cannot take or send money. Contact support.',
  BUSINESS_NOT_VERIFIED: 'Payouts and transfers start once the business is verified.',
  BUSINESS_NOT_PARTNER: 'Only a partner business has a partner area.',
};

/** What a customer reads on a checkout, invoice or subscription page of a business that cannot take payments. */
export const CANNOT_TAKE_PAYMENTS = 'This business cannot take payments right now.';
