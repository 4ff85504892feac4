import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { businesses, invitations, users } from '../../../db/schema';

export type NewInvitation = typeof invitations.$inferInsert;

export const invitationRepository = {
  async insert(db: Executor, row: NewInvitation) {
    const [created] = await db.insert(invitations).values({ ...row, email: row.email.toLowerCase() }).returning();
    return created!;
  },
  async findByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ invitation: invitations, businessName: businesses.name })
      .from(invitations)
      .innerJoin(businesses, eq(businesses.id, invitations.businessId))
      .where(eq(invitations.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  },
  /** Pending, unexpired invitations addressed to an email. */
  async pendingForEmail(db: Executor, email: string, now: Date) {
    return db
      .select({ invitation: invitations, businessName: businesses.name, invitedBy: users.name })
      .from(invitations)
      .innerJoin(businesses, eq(businesses.id, invitations.businessId))
      .leftJoin(users, eq(users.id, invitations.invitedByUserId))
      .where(and(eq(invitations.email, email.toLowerCase()), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
      .orderBy(asc(invitations.createdAt));
  },
  async countPendingForEmail(db: Executor, email: string, now: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.email, email.toLowerCase()), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)));
    return Number(row?.n ?? 0);
  },
  async findPendingById(db: Executor, id: string, email: string, now: Date) {
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.email, email.toLowerCase()), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
      .limit(1);
    return row ?? null;
  },
  async respond(db: Executor, businessId: string, id: string, status: 'accepted' | 'declined', at: Date) {
    await db
      .update(invitations)
      .set({ status, respondedAt: at })
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), eq(invitations.status, 'pending')));
  },
};
