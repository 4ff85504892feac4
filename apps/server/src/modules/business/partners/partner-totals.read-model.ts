import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, partnerLinks } from '@/db/schema';

/** A partner's linked merchants: each link with the merchant's name and onboarding state (its totals are read by the charges module). */
export const partnerTotalsReadModel = {
  async linkedBusinesses(db: Executor, partnerBusinessId: string) {
    return db
      .select({ link: partnerLinks, name: businesses.name, onboardingStatus: businesses.onboardingStatus, timeZone: businesses.timeZone })
      .from(partnerLinks)
      .innerJoin(businesses, eq(businesses.id, partnerLinks.businessId))
      .where(eq(partnerLinks.partnerBusinessId, partnerBusinessId))
      .orderBy(desc(partnerLinks.linkedAt), desc(partnerLinks.id));
  },
};
