import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businessUsers, posPins, users } from '@/db/schema';

/** The roles whose POS PIN approves an override (those holding `pos:manage`). */
export const OVERRIDE_ROLES = ['owner', 'admin', 'manager'] as const;

export const pinsRepository = {
  async hashOf(db: Executor, userId: string): Promise<string | null> {
    const [row] = await db.select({ pinHash: posPins.pinHash }).from(posPins).where(eq(posPins.userId, userId));
    return row?.pinHash ?? null;
  },

  async save(db: Executor, userId: string, pinHash: string, now: Date): Promise<void> {
    await db
      .insert(posPins)
      .values({ userId, pinHash, updatedAt: now })
      .onConflictDoUpdate({ target: posPins.userId, set: { pinHash, updatedAt: now } });
  },

  async remove(db: Executor, userId: string): Promise<void> {
    await db.delete(posPins).where(eq(posPins.userId, userId));
  },

  /** An active member of the business who may approve overrides, with their PIN's hash (null when they set none). */
  async overrider(db: Executor, businessId: string, userId: string): Promise<{ name: string; pinHash: string | null } | null> {
    const [row] = await db
      .select({ name: users.name, pinHash: posPins.pinHash })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .leftJoin(posPins, eq(posPins.userId, businessUsers.userId))
      .where(
        and(
          eq(businessUsers.businessId, businessId),
          eq(businessUsers.userId, userId),
          eq(businessUsers.status, 'active'),
          inArray(businessUsers.role, [...OVERRIDE_ROLES]),
        ),
      );
    return row ?? null;
  },

  /** The members who can approve an override now: active, of an override role, with a PIN. */
  async overriders(db: Executor, businessId: string): Promise<{ id: string; name: string }[]> {
    return db
      .select({ id: users.id, name: users.name })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .innerJoin(posPins, eq(posPins.userId, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'active'), inArray(businessUsers.role, [...OVERRIDE_ROLES])))
      .orderBy(asc(users.name), asc(users.id));
  },
};
