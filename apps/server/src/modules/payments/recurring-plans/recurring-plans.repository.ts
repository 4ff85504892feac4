import { and, desc, eq, ilike } from 'drizzle-orm';
import type { PlanStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { pastCursor } from '@/db/keyset';
import { recurringPlans } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type PlanRow = typeof recurringPlans.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Recurring plans: SQL only, every query scoped by business. */
export const plansRepository = {
  async insert(db: Executor, row: PlanRow): Promise<void> {
    await db.insert(recurringPlans).values(row);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<PlanRow | undefined> {
    const query = db
      .select()
      .from(recurringPlans)
      .where(and(eq(recurringPlans.businessId, businessId), eq(recurringPlans.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<PlanRow>): Promise<PlanRow | undefined> {
    const [row] = await db
      .update(recurringPlans)
      .set(patch)
      .where(and(eq(recurringPlans.businessId, businessId), eq(recurringPlans.id, id)))
      .returning();
    return row;
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: { search?: string | undefined; status?: PlanStatus | undefined }, limit: number, cursor?: Cursor) {
    return db
      .select()
      .from(recurringPlans)
      .where(
        and(
          eq(recurringPlans.businessId, businessId),
          filter.search ? ilike(recurringPlans.name, `%${escapeLike(filter.search)}%`) : undefined,
          filter.status ? eq(recurringPlans.status, filter.status) : undefined,
          cursor ? pastCursor('desc', recurringPlans.createdAt, recurringPlans.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(recurringPlans.createdAt), desc(recurringPlans.id))
      .limit(limit + 1);
  },

  /** The public API's page of a status's plans (Laravel's offset pages, newest first) and how many there are. */
  async offsetPage(db: Executor, businessId: string, status: PlanStatus, limit: number, offset: number): Promise<{ rows: PlanRow[]; total: number }> {
    const where = and(eq(recurringPlans.businessId, businessId), eq(recurringPlans.status, status));
    const rows = await db
      .select()
      .from(recurringPlans)
      .where(where)
      .orderBy(desc(recurringPlans.createdAt), desc(recurringPlans.id))
      .limit(limit)
      .offset(offset);
    const [count] = await db.select({ total: countRows() }).from(recurringPlans).where(where);
    return { rows, total: count?.total ?? 0 };
  },
};
