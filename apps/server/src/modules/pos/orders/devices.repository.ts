import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { posDevices, users } from '@/db/schema';

export type DeviceRow = typeof posDevices.$inferSelect & { changedByName: string | null };

const columns = {
  businessId: posDevices.businessId,
  id: posDevices.id,
  name: posDevices.name,
  offlineAllowed: posDevices.offlineAllowed,
  offlineChangedBy: posDevices.offlineChangedBy,
  offlineChangedAt: posDevices.offlineChangedAt,
  registeredBy: posDevices.registeredBy,
  createdAt: posDevices.createdAt,
  lastSeenAt: posDevices.lastSeenAt,
  changedByName: users.name,
};

export const devicesRepository = {
  /** Registers the device, or (known already) records that it was seen now; its offline allowance is left as it is. */
  async upsertSeen(db: Executor, row: { businessId: string; id: string; name: string; registeredBy: string; now: Date }): Promise<void> {
    await db
      .insert(posDevices)
      .values({ businessId: row.businessId, id: row.id, name: row.name, registeredBy: row.registeredBy, createdAt: row.now, lastSeenAt: row.now })
      .onConflictDoUpdate({ target: [posDevices.businessId, posDevices.id], set: { lastSeenAt: row.now } });
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<DeviceRow | null> {
    const query = db
      .select(columns)
      .from(posDevices)
      .leftJoin(users, eq(users.id, posDevices.offlineChangedBy))
      .where(and(eq(posDevices.businessId, businessId), eq(posDevices.id, id)));
    const [row] = lock ? await query.for('update', { of: posDevices }) : await query;
    return row ?? null;
  },

  async list(db: Executor, businessId: string): Promise<DeviceRow[]> {
    return db
      .select(columns)
      .from(posDevices)
      .leftJoin(users, eq(users.id, posDevices.offlineChangedBy))
      .where(eq(posDevices.businessId, businessId))
      .orderBy(asc(posDevices.name), asc(posDevices.createdAt));
  },

  async setOffline(db: Executor, businessId: string, id: string, allowed: boolean, by: string, now: Date): Promise<void> {
    await db
      .update(posDevices)
      .set({ offlineAllowed: allowed, offlineChangedBy: by, offlineChangedAt: now })
      .where(and(eq(posDevices.businessId, businessId), eq(posDevices.id, id)));
  },
};
