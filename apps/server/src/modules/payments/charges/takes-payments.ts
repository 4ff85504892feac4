import { AppError, CANNOT_TAKE_PAYMENTS, takesPayments, type StandingFacts } from '@merchant/core';

/**
 * The business of a payment, refused when it takes none now (blocked, a partner business, or none at all):
 * every payment the charges service starts, confirms, completes or charges off-session passes here in its
 * transaction.
 */
export function takingPayments<B extends { standing: StandingFacts }>(business: B | null): B {
  if (!business || !takesPayments(business.standing)) throw new AppError('BUSINESS_CANNOT_TAKE_PAYMENTS', CANNOT_TAKE_PAYMENTS);
  return business;
}
