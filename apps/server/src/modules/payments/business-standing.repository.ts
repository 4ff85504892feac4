import { eq, sql } from 'drizzle-orm';
import type { StandingFacts } from '@merchant/core';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { businesses } from '@/db/schema';

const standingRead = preparedStatement('payments_business_standing', (db, name) =>
  db
    .select({ type: businesses.type, onboardingStatus: businesses.onboardingStatus })
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .limit(1)
    .prepare(name),
);

/**
 * What the standing rules (@merchant/core, `permissions/standing.ts`) read of a business, for the work no
 * endpoint starts (schedules, the hosted pages): null when there is no such business.
 */
export async function standingOfBusiness(db: Executor, businessId: string): Promise<StandingFacts | null> {
  const [row] = await standingRead(db, { businessId });
  return row ?? null;
}
