import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, invitations, users } from '@/db/schema';

export type NewInvitation = typeof invitations.$inferInsert;

export const invitationRepository = {
  async insert(db: Executor, row: NewInvitation) {
    const [created] = await db
      .insert(invitations)
      .values({ ...row, email: row.email.toLowerCase() })
      .returning();
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
  /** When each pending, unexpired invitation of the email expires. */
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
  /** Pending invitations of a business (expired ones included), newest first, with the inviter's name. */
  async pendingForBusiness(db: Executor, businessId: string) {
    return db
      .select({ invitation: invitations, invitedBy: users.name })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedByUserId))
      .where(and(eq(invitations.businessId, businessId), eq(invitations.status, 'pending')))
      .orderBy(desc(invitations.createdAt));
  },
  async findInBusiness(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select({ invitation: invitations, invitedBy: users.name })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedByUserId))
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id)))
      .limit(1);
    return row ?? null;
  },
  /** A pending invitation of the business for this email, expired or not. */
  async findPendingForEmailInBusiness(db: Executor, businessId: string, email: string) {
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.businessId, businessId), eq(invitations.email, email.toLowerCase()), eq(invitations.status, 'pending')))
      .limit(1);
    return row ?? null;
  },
  /** A new link and expiry for a pending invitation (the old link stops working). */
  async renew(db: Executor, businessId: string, id: string, tokenHash: string, expiresAt: Date) {
    await db
      .update(invitations)
      .set({ tokenHash, expiresAt })
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), eq(invitations.status, 'pending')));
  },
  async revoke(db: Executor, businessId: string, id: string, at: Date) {
    await db
      .update(invitations)
      .set({ status: 'revoked', respondedAt: at })
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), eq(invitations.status, 'pending')));
  },
};
