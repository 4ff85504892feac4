import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businessUsers, locations, staffLocations, users } from '@/db/schema';

export type MemberRole = (typeof businessUsers.$inferSelect)['role'];

/** Staff members of one business: every query is scoped by the business id. */
export const staffRepository = {
  /** Locks the business row: member changes of one business run one after the other (last-owner rule). */
  /** Every member, active or not, in the order they joined. */
  async listMembers(db: Executor, businessId: string) {
    return db
      .select({ member: businessUsers, name: users.name, email: users.email, twoFactorConfirmedAt: users.twoFactorConfirmedAt })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(eq(businessUsers.businessId, businessId))
      .orderBy(asc(businessUsers.createdAt));
  },
  async findMember(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select({ member: businessUsers, name: users.name, email: users.email, twoFactorConfirmedAt: users.twoFactorConfirmedAt })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)))
      .limit(1);
    return row ?? null;
  },
  async findActiveMemberByEmail(db: Executor, businessId: string, email: string) {
    const [row] = await db
      .select({ id: businessUsers.id })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(users.email, email.toLowerCase()), eq(businessUsers.status, 'active')))
      .limit(1);
    return row ?? null;
  },
  async countActiveOwners(db: Executor, businessId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.role, 'owner'), eq(businessUsers.status, 'active')));
    return Number(row?.n ?? 0);
  },
  /** Replaces the locations a member is limited to (none: every location). */
  async setLocations(db: Executor, businessId: string, userId: string, locationIds: string[]): Promise<void> {
    await db.delete(staffLocations).where(and(eq(staffLocations.businessId, businessId), eq(staffLocations.userId, userId)));
    if (locationIds.length > 0) await db.insert(staffLocations).values(locationIds.map((locationId) => ({ businessId, userId, locationId })));
  },
  /** Which of these ids are locations of the business, with their names. */
  async locationsNamed(db: Executor, businessId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.businessId, businessId), inArray(locations.id, ids)));
  },
};
