import { AppError, SCREEN_PATHS, addLocalDays, screenLink } from '@merchant/core';
import { PORTAL_LINK_TTL_DAYS } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { appSecret } from '@/lib/app-secrets';
import type { Clock } from '@/lib/clock';
import { checkPortalToken, signPortalToken } from './portal-token';

/** The business a portal link is of: its days are the business's local days. */
export interface PortalBusiness {
  id: string;
  timeZone: string;
}

/**
 * Signed portal links (docs/payments.md, "Customer portal"): made for any module that mails a customer (the
 * subscriptions' mails, the portal's own), checked by the portal. Composed before the modules that mail them.
 */
export function createPortalLinks(deps: { db: Executor; clock: Clock; invoiceOrigin: string }) {
  const { db, clock } = deps;
  let key: Promise<string> | null = null;
  /**
   * The server's signing key, made once per database (every process and restart shares it). Read in a transaction
   * (`executor`, a mail kept in it) it is not kept for later: a key that transaction made rolls back with the mail.
   */
  const signingKey = (executor: Executor = db) => {
    if (key) return key;
    if (executor !== db) return appSecret(executor, 'portal_link_key', clock.now());
    return (key = appSecret(db, 'portal_link_key', clock.now()));
  };

  return {
    /**
     * A fresh signed link to the customer's portal, valid for `PORTAL_LINK_TTL_DAYS` local days of the business, to the
     * same local time (docs/payments.md, "Time zone"); `executor`: the mail's transaction.
     */
    async portalUrl(business: PortalBusiness, customerId: string, executor: Executor = db): Promise<{ url: string; expiresAt: Date }> {
      const expiresAt = addLocalDays(clock.now(), PORTAL_LINK_TTL_DAYS, business.timeZone);
      const token = signPortalToken(await signingKey(executor), business.id, customerId, expiresAt);
      return { url: screenLink(deps.invoiceOrigin, SCREEN_PATHS.customerPortal, { business_id: business.id, token }), expiresAt };
    },

    /** The portal's own URL for a token it was opened with (where a direct debit returns). */
    urlOf(businessId: string, token: string): string {
      return screenLink(deps.invoiceOrigin, SCREEN_PATHS.customerPortal, { business_id: businessId, token });
    },

    /** Whether the token is this business's, untouched and open now; an expired one still names its customer. */
    async check(businessId: string, token: string) {
      return checkPortalToken(await signingKey(), businessId, token, clock.now());
    },
  };
}

export type PortalLinks = ReturnType<typeof createPortalLinks>;
export const invalidPortalLink = () => new AppError('PORTAL_LINK_INVALID', 'This link is not valid. Use the link in your latest email from the business.');
