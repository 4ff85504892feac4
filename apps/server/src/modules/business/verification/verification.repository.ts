import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, businessUsers, users } from '@/db/schema';

/** SQL of the super admins' review: the queue and who is mailed (the business's row changes through the business service). */
export const verificationRepository = {
  /** Businesses pending verification with their latest submission, oldest submission first. */
  pendingQueue(db: Executor) {
    const submittedAt = sql<
      Date | string | null
    >`(select max(ve.created_at) from verification_events ve where ve.business_id = "businesses"."id" and ve.kind = 'submitted')`;
    return db
      .select({ business: businesses, submittedAt })
      .from(businesses)
      .where(eq(businesses.onboardingStatus, 'pending_verification'))
      .orderBy(sql`${submittedAt} asc nulls first`, asc(businesses.name));
  },
  /** Active owners of a business (the people mailed about the review). */
  owners(db: Executor, businessId: string) {
    return db
      .select({ name: users.name, email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.role, 'owner'), eq(businessUsers.status, 'active')))
      .orderBy(asc(businessUsers.createdAt));
  },
};
