import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { addOnChoices, addOnGroups } from '@/db/schema';

export type AddOnGroupRow = typeof addOnGroups.$inferSelect;
export type AddOnChoiceRow = typeof addOnChoices.$inferSelect;
export type AddOnGroupWithCount = AddOnGroupRow & { productCount: number };

// Written out in full: drizzle leaves a column of a select's own SQL unqualified, which inside a subquery names the subquery's table.
const withCount = {
  group: addOnGroups,
  productCount:
    sql<number>`(select count(*) from product_add_on_groups a where a.business_id = add_on_groups.business_id and a.group_id = add_on_groups.id)`.mapWith(
      Number,
    ),
};

export const addOnsRepository = {
  async list(db: Executor, businessId: string): Promise<AddOnGroupWithCount[]> {
    const rows = await db
      .select(withCount)
      .from(addOnGroups)
      .where(eq(addOnGroups.businessId, businessId))
      .orderBy(asc(addOnGroups.name), asc(addOnGroups.id))
      .limit(500);
    return rows.map((r) => ({ ...r.group, productCount: r.productCount }));
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<AddOnGroupWithCount | null> {
    const query = db
      .select(withCount)
      .from(addOnGroups)
      .where(and(eq(addOnGroups.businessId, businessId), eq(addOnGroups.id, id)));
    const [row] = lock ? await query.for('update', { of: addOnGroups }) : await query;
    return row ? { ...row.group, productCount: row.productCount } : null;
  },

  async choicesOf(db: Executor, businessId: string, groupIds: string[]): Promise<AddOnChoiceRow[]> {
    if (groupIds.length === 0) return [];
    return db
      .select()
      .from(addOnChoices)
      .where(and(eq(addOnChoices.businessId, businessId), inArray(addOnChoices.groupId, groupIds)))
      .orderBy(asc(addOnChoices.groupId), asc(addOnChoices.position));
  },

  /** Which of these ids are the business's groups. */
  async existing(db: Executor, businessId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: addOnGroups.id })
      .from(addOnGroups)
      .where(and(eq(addOnGroups.businessId, businessId), inArray(addOnGroups.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  async insert(db: Executor, row: typeof addOnGroups.$inferInsert): Promise<void> {
    await db.insert(addOnGroups).values(row);
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<typeof addOnGroups.$inferInsert>): Promise<void> {
    await db
      .update(addOnGroups)
      .set(fields)
      .where(and(eq(addOnGroups.businessId, businessId), eq(addOnGroups.id, id)));
  },

  /** Replaces a group's choices: kept ones (by id) are rewritten in place, the others removed, new ones added. */
  async replaceChoices(db: Executor, businessId: string, groupId: string, choices: (typeof addOnChoices.$inferInsert)[]): Promise<void> {
    await db.delete(addOnChoices).where(and(eq(addOnChoices.businessId, businessId), eq(addOnChoices.groupId, groupId)));
    if (choices.length > 0) await db.insert(addOnChoices).values(choices);
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(addOnGroups).where(and(eq(addOnGroups.businessId, businessId), eq(addOnGroups.id, id)));
  },
};
