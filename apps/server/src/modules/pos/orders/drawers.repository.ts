import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { jsonRowsWrite } from '@/db/json-rows';
import { pastCursor } from '@/db/keyset';
import { preparedStatement } from '@/db/prepared';
import { sumMinor } from '@/db/columns';
import type { Write } from '@/db/write-together';
import type { Cursor } from '@/lib/cursor';
import { locations, posDrawerMovements, posDrawerSessions, users } from '@/db/schema';

export type DrawerRow = typeof posDrawerSessions.$inferSelect;
export type DrawerInsert = typeof posDrawerSessions.$inferInsert;
export type MovementRow = typeof posDrawerMovements.$inferSelect;
export type MovementInsert = typeof posDrawerMovements.$inferInsert;

const withNames = {
  session: posDrawerSessions,
  locationName: locations.name,
  staffName: users.name,
};
export type NamedDrawerRow = { session: DrawerRow; locationName: string; staffName: string };

function named(db: Executor) {
  return db
    .select(withNames)
    .from(posDrawerSessions)
    .innerJoin(locations, and(eq(locations.businessId, posDrawerSessions.businessId), eq(locations.id, posDrawerSessions.locationId)))
    .innerJoin(users, eq(users.id, posDrawerSessions.staffId));
}

/** A person's open drawer; `openShared` locks it in share mode (every sale: a close waits for the sales under way). Built once (db/prepared.ts). */
const openDrawer = (db: Executor) =>
  db
    .select()
    .from(posDrawerSessions)
    .where(
      and(
        eq(posDrawerSessions.businessId, sql.placeholder('businessId')),
        eq(posDrawerSessions.staffId, sql.placeholder('staffId')),
        eq(posDrawerSessions.status, 'open'),
      ),
    );
const open = preparedStatement('pos_drawer_open', (db, name) => openDrawer(db).prepare(name));
const openShared = preparedStatement('pos_drawer_open_shared', (db, name) => openDrawer(db).for('share').prepare(name));

export const drawersRepository = {
  async insert(db: Executor, row: DrawerInsert): Promise<void> {
    await db.insert(posDrawerSessions).values(row);
  },

  /** One session; `lock` takes its row for update (closing) or share (a sale or refund through it). */
  async find(db: Executor, businessId: string, id: string, lock?: 'update' | 'share'): Promise<DrawerRow | null> {
    const q = db
      .select()
      .from(posDrawerSessions)
      .where(and(eq(posDrawerSessions.businessId, businessId), eq(posDrawerSessions.id, id)));
    const [row] = lock === 'update' ? await q.for('update') : lock === 'share' ? await q.for('share') : await q;
    return row ?? null;
  },

  /** The person's open session, its row locked in share mode when asked (a sale through it). */
  async openOf(db: Executor, businessId: string, staffId: string, lock = false): Promise<DrawerRow | null> {
    const [row] = await (lock ? openShared : open)(db, { businessId, staffId });
    return row ?? null;
  },

  async named(db: Executor, businessId: string, ids: string[]): Promise<NamedDrawerRow[]> {
    if (ids.length === 0) return [];
    return named(db).where(and(eq(posDrawerSessions.businessId, businessId), inArray(posDrawerSessions.id, ids)));
  },

  /** Sessions newest first after the cursor, `limit + 1` rows; only `staffId`'s when given. */
  async page(
    db: Executor,
    businessId: string,
    filter: { staffId?: string; status?: 'open' | 'closed'; locationIds?: readonly string[] | null; selfId?: string },
    limit: number,
    cursor?: Cursor,
  ): Promise<NamedDrawerRow[]> {
    const conditions = [
      eq(posDrawerSessions.businessId, businessId),
      filter.staffId ? eq(posDrawerSessions.staffId, filter.staffId) : undefined,
      filter.status ? eq(posDrawerSessions.status, filter.status) : undefined,
      // A member limited to locations sees their own drawers and the drawers of their locations.
      filter.locationIds
        ? or(
            filter.selfId ? eq(posDrawerSessions.staffId, filter.selfId) : undefined,
            filter.locationIds.length > 0 ? inArray(posDrawerSessions.locationId, filter.locationIds) : undefined,
          )
        : undefined,
      cursor ? pastCursor('desc', posDrawerSessions.openedAt, posDrawerSessions.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return named(db)
      .where(and(...conditions))
      .orderBy(desc(posDrawerSessions.openedAt), desc(posDrawerSessions.id))
      .limit(limit + 1);
  },

  async close(db: Executor, businessId: string, id: string, values: Pick<DrawerRow, 'countedCash' | 'expectedCash' | 'note' | 'closedAt'>): Promise<void> {
    await db
      .update(posDrawerSessions)
      .set({ ...values, status: 'closed' })
      .where(and(eq(posDrawerSessions.businessId, businessId), eq(posDrawerSessions.id, id)));
  },

  movementWrite: (db: Executor, rows: MovementInsert[]): Write[] => (rows.length > 0 ? [jsonRowsWrite(db, posDrawerMovements, rows)] : []),

  async movementsOf(db: Executor, businessId: string, sessionIds: string[]): Promise<MovementRow[]> {
    if (sessionIds.length === 0) return [];
    return db
      .select()
      .from(posDrawerMovements)
      .where(and(eq(posDrawerMovements.businessId, businessId), inArray(posDrawerMovements.sessionId, sessionIds)))
      .orderBy(posDrawerMovements.createdAt, posDrawerMovements.id);
  },

  /** The cash a session should hold: the sum of its movements. */
  async expected(db: Executor, businessId: string, sessionId: string): Promise<number> {
    const [row] = await db
      .select({ sum: sumMinor(posDrawerMovements.amount) })
      .from(posDrawerMovements)
      .where(and(eq(posDrawerMovements.businessId, businessId), eq(posDrawerMovements.sessionId, sessionId)));
    return row?.sum ?? 0;
  },
};
