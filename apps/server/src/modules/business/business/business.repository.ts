import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businessUsers, businesses, businessWarnings, staffLocations } from '@/db/schema';
import { preparedStatement } from '@/db/prepared';

export type NewBusiness = typeof businesses.$inferInsert;
export type NewBusinessUser = typeof businessUsers.$inferInsert;
/**
 * Columns of the business's row the modules that keep them change (details, onboarding status, the review's flags,
 * the providers' flags, the logo): never its id, identifier, type or creation.
 */
export type BusinessChange = Partial<Omit<NewBusiness, 'id' | 'identifier' | 'type' | 'createdAt'>> & { updatedAt: Date };

const limitedTo = sql<string[] | null>`(select array_agg(${staffLocations.locationId}::text order by ${staffLocations.locationId})
  from ${staffLocations} where ${staffLocations.businessId} = ${businesses.id} and ${staffLocations.userId} = ${sql.placeholder('userId')})`;

/**
 * Every business endpoint's access check runs it: built once (db/prepared.ts). With the role it reads the locations
 * the member is limited to (docs/roles.md, "Locations"; null: every location), which the register, orders, drawers and
 * stock check on every request.
 */
const withActiveRole = preparedStatement('business_with_active_role', (db, name) =>
  db
    .select({
      business: businesses,
      role: businessUsers.role,
      locationIds: limitedTo,
    })
    .from(businesses)
    .leftJoin(
      businessUsers,
      and(eq(businessUsers.businessId, businesses.id), eq(businessUsers.userId, sql.placeholder('userId')), eq(businessUsers.status, 'active')),
    )
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .limit(1)
    .prepare(name),
);

export const businessRepository = {
  /** The business row, locked for the rest of the transaction. */
  async lock(db: Executor, businessId: string) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
    return row ?? null;
  },
  async update(db: Executor, businessId: string, values: BusinessChange) {
    const [row] = await db.update(businesses).set(values).where(eq(businesses.id, businessId)).returning();
    return row!;
  },
  async findById(db: Executor, businessId: string) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  },
  async identifierExists(db: Executor, identifier: string) {
    const [row] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.identifier, identifier)).limit(1);
    return Boolean(row);
  },
  async insert(db: Executor, row: NewBusiness) {
    const [created] = await db.insert(businesses).values(row).returning();
    return created!;
  },
  async addMember(db: Executor, row: NewBusinessUser) {
    const [created] = await db.insert(businessUsers).values(row).returning();
    return created!;
  },
  /** A business and the user's role in it when they are an active member (null otherwise), in one read. */
  async findWithActiveRole(db: Executor, businessId: string, userId: string) {
    const [row] = await withActiveRole(db, { businessId, userId });
    return row ?? null;
  },
  /** The caller's active membership, or null. */
  async findActiveMembership(db: Executor, businessId: string, userId: string) {
    const [row] = await db
      .select()
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), eq(businessUsers.status, 'active')))
      .limit(1);
    return row ?? null;
  },
  /** The user's membership in any status (active or deactivated), or null. */
  async findMembership(db: Executor, businessId: string, userId: string) {
    const [row] = await db
      .select()
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId)))
      .limit(1);
    return row ?? null;
  },
  /** Makes a deactivated membership active again with a new role. */
  async reactivateMember(db: Executor, businessId: string, id: string, role: NewBusinessUser['role']) {
    await db
      .update(businessUsers)
      .set({ status: 'active', role })
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)));
  },
  /** Businesses the user is an active member of, with the role. */
  async listForUser(db: Executor, userId: string) {
    return db
      .select({ business: businesses, role: businessUsers.role })
      .from(businessUsers)
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(and(eq(businessUsers.userId, userId), eq(businessUsers.status, 'active')))
      .orderBy(asc(businesses.name));
  },
  async activeWarnings(db: Executor, businessId: string) {
    return db
      .select()
      .from(businessWarnings)
      .where(and(eq(businessWarnings.businessId, businessId), eq(businessWarnings.active, true)))
      .orderBy(asc(businessWarnings.createdAt));
  },
  async updateMember(db: Executor, businessId: string, id: string, values: Partial<Pick<NewBusinessUser, 'role' | 'status'>>) {
    await db
      .update(businessUsers)
      .set(values)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)));
  },
  async deleteMember(db: Executor, businessId: string, id: string) {
    await db.delete(businessUsers).where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)));
  },
  async deactivateWarnings(db: Executor, businessId: string, ids: string[]) {
    if (ids.length === 0) return;
    await db
      .update(businessWarnings)
      .set({ active: false })
      .where(and(eq(businessWarnings.businessId, businessId), inArray(businessWarnings.id, ids)));
  },
  async addWarning(db: Executor, row: typeof businessWarnings.$inferInsert) {
    await db.insert(businessWarnings).values(row);
  },
  /** Bumps one storefront cache version and answers the new value. */
  async bumpStorefrontCache(db: Executor, businessId: string, kind: string) {
    const [row] = await db
      .update(businesses)
      .set({
        storefrontCacheVersions: sql`jsonb_set(${businesses.storefrontCacheVersions}, ${`{${kind}}`}::text[], to_jsonb(coalesce((${businesses.storefrontCacheVersions}->>${kind})::int, 0) + 1))`,
      })
      .where(eq(businesses.id, businessId))
      .returning({ versions: businesses.storefrontCacheVersions });
    return row?.versions[kind] ?? 0;
  },
  async findByIds(db: Executor, ids: string[]) {
    if (ids.length === 0) return [];
    return db.select().from(businesses).where(inArray(businesses.id, ids));
  },
};
