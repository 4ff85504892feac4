import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, posDevices, users } from '@/db/schema';

export type DeviceRow = typeof posDevices.$inferSelect & { changedByName: string | null; locationName: string | null };

const columns = {
  businessId: posDevices.businessId,
  id: posDevices.id,
  name: posDevices.name,
  offlineAllowed: posDevices.offlineAllowed,
  offlineChangedBy: posDevices.offlineChangedBy,
  offlineChangedAt: posDevices.offlineChangedAt,
  registeredBy: posDevices.registeredBy,
  locationId: posDevices.locationId,
  appVersion: posDevices.appVersion,
  createdAt: posDevices.createdAt,
  lastSeenAt: posDevices.lastSeenAt,
  changedByName: users.name,
  locationName: locations.name,
};

const joined = (db: Executor) =>
  db
    .select(columns)
    .from(posDevices)
    .leftJoin(users, eq(users.id, posDevices.offlineChangedBy))
    .leftJoin(locations, and(eq(locations.businessId, posDevices.businessId), eq(locations.id, posDevices.locationId)));

export const devicesRepository = {
  /**
   * Registers the device, or (known already) records that it was seen now, where and on which version; its name and
   * offline allowance are left as they are.
   */
  async upsertSeen(
    db: Executor,
    row: { businessId: string; id: string; name: string; registeredBy: string; now: Date; locationId?: string | null; appVersion?: string | null },
  ): Promise<void> {
    const seen = {
      lastSeenAt: row.now,
      ...(row.locationId ? { locationId: row.locationId } : {}),
      ...(row.appVersion ? { appVersion: row.appVersion } : {}),
    };
    await db
      .insert(posDevices)
      .values({ businessId: row.businessId, id: row.id, name: row.name, registeredBy: row.registeredBy, createdAt: row.now, ...seen })
      .onConflictDoUpdate({ target: [posDevices.businessId, posDevices.id], set: seen });
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<DeviceRow | null> {
    const query = joined(db).where(and(eq(posDevices.businessId, businessId), eq(posDevices.id, id)));
    const [row] = lock ? await query.for('update', { of: posDevices }) : await query;
    return row ?? null;
  },

  async list(db: Executor, businessId: string): Promise<DeviceRow[]> {
    return joined(db).where(eq(posDevices.businessId, businessId)).orderBy(asc(posDevices.name), asc(posDevices.createdAt));
  },

  async setOffline(db: Executor, businessId: string, id: string, allowed: boolean, by: string, now: Date): Promise<void> {
    await db
      .update(posDevices)
      .set({ offlineAllowed: allowed, offlineChangedBy: by, offlineChangedAt: now })
      .where(and(eq(posDevices.businessId, businessId), eq(posDevices.id, id)));
  },

  async rename(db: Executor, businessId: string, id: string, name: string): Promise<void> {
    await db
      .update(posDevices)
      .set({ name })
      .where(and(eq(posDevices.businessId, businessId), eq(posDevices.id, id)));
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(posDevices).where(and(eq(posDevices.businessId, businessId), eq(posDevices.id, id)));
  },
};
