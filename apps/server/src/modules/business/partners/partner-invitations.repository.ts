import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, businessUsers, partnerInvitations, partnerLinks, users } from '@/db/schema';

export type PartnerInvitationRow = typeof partnerInvitations.$inferSelect;

/** Partner invitations of existing merchants (docs/decisions.md, "Partner invitations"). */
export const partnerInvitationsRepository = {
  async insert(db: Executor, row: typeof partnerInvitations.$inferInsert): Promise<void> {
    await db.insert(partnerInvitations).values(row);
  },

  /** The partner's pending invitation of an email, locked (a second invite of the same email waits for the first). */
  async lockPending(db: Executor, partnerBusinessId: string, email: string): Promise<PartnerInvitationRow | null> {
    const [row] = await db
      .select()
      .from(partnerInvitations)
      .where(and(eq(partnerInvitations.partnerBusinessId, partnerBusinessId), eq(partnerInvitations.email, email), eq(partnerInvitations.status, 'pending')))
      .for('update');
    return row ?? null;
  },

  /** Locks the partner's business row: its invitations are sent one after the other (the daily count holds). */
  async lockPartner(db: Executor, partnerBusinessId: string): Promise<void> {
    await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, partnerBusinessId)).for('update');
  },

  /** How many invitations the partner sent after `since`, and when the oldest of them was sent. */
  async sentSince(db: Executor, partnerBusinessId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({ count: sql<string | number>`count(*)`, oldest: sql<Date | null>`min(${partnerInvitations.createdAt})`.mapWith(partnerInvitations.createdAt) })
      .from(partnerInvitations)
      .where(and(eq(partnerInvitations.partnerBusinessId, partnerBusinessId), gt(partnerInvitations.createdAt, since)));
    return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
  },

  /** One invitation with its partner's name, locked for its answer. */
  async lock(db: Executor, id: string) {
    const [row] = await db
      .select({ invitation: partnerInvitations, partnerName: businesses.name })
      .from(partnerInvitations)
      .innerJoin(businesses, eq(businesses.id, partnerInvitations.partnerBusinessId))
      .where(eq(partnerInvitations.id, id))
      .for('update', { of: partnerInvitations });
    return row ?? null;
  },

  async update(db: Executor, id: string, set: Partial<typeof partnerInvitations.$inferInsert>): Promise<void> {
    await db.update(partnerInvitations).set(set).where(eq(partnerInvitations.id, id));
  },

  /** The partner's invitations, newest first, with the name of the merchant that accepted (null for any other answer). */
  async ofPartner(db: Executor, partnerBusinessId: string) {
    return db
      .select({
        invitation: partnerInvitations,
        businessName: sql<string | null>`case when ${partnerInvitations.status} = 'accepted' then ${businesses.name} end`,
      })
      .from(partnerInvitations)
      .leftJoin(businesses, eq(businesses.id, partnerInvitations.businessId))
      .where(eq(partnerInvitations.partnerBusinessId, partnerBusinessId))
      .orderBy(desc(partnerInvitations.createdAt), desc(partnerInvitations.id));
  },

  /** Pending invitations not yet expired at `now` sent to any of `emails` (lower case), with each partner's name. */
  async pendingFor(db: Executor, emails: readonly string[], now: Date) {
    if (emails.length === 0) return [];
    return db
      .select({ invitation: partnerInvitations, partnerName: businesses.name })
      .from(partnerInvitations)
      .innerJoin(businesses, eq(businesses.id, partnerInvitations.partnerBusinessId))
      .where(and(inArray(partnerInvitations.email, [...emails]), eq(partnerInvitations.status, 'pending'), gt(partnerInvitations.expiresAt, now)))
      .orderBy(desc(partnerInvitations.createdAt), desc(partnerInvitations.id));
  },

  /** The active owners' emails of a business, lower case (who an invitation to the business may be addressed to). */
  async ownerEmails(db: Executor, businessId: string): Promise<string[]> {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'active'), eq(businessUsers.role, 'owner')));
    return rows.map((r) => r.email);
  },

  /** Whether an email (lower case) is an active owner of at least one merchant business: only then is it mailed. */
  async ownsAMerchant(db: Executor, email: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(users)
      .innerJoin(businessUsers, eq(businessUsers.userId, users.id))
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(and(sql`lower(${users.email}) = ${email}`, eq(businessUsers.status, 'active'), eq(businessUsers.role, 'owner'), eq(businesses.type, 'merchant')))
      .limit(1);
    return row !== undefined;
  },

  /** Locks the merchant's business row: two acceptances for one merchant are made one after the other. */
  async lockMerchant(db: Executor, businessId: string): Promise<void> {
    await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
  },

  /** The merchant's live link, if any, with its partner's name. */
  async liveLink(db: Executor, businessId: string) {
    const [row] = await db
      .select({ partnerBusinessId: partnerLinks.partnerBusinessId, partnerName: businesses.name })
      .from(partnerLinks)
      .innerJoin(businesses, eq(businesses.id, partnerLinks.partnerBusinessId))
      .where(and(eq(partnerLinks.businessId, businessId), eq(partnerLinks.status, 'active')))
      .limit(1);
    return row ?? null;
  },
};
