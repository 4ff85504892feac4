import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { LocationStatus } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { locationSettings, locations } from '@/db/schema';
import { escapeLike } from './products.repository';

export type LocationRow = typeof locations.$inferSelect;
export type LocationInsert = typeof locations.$inferInsert;

export const locationsRepository = {
  /** One page of a business's locations by name, after the cursor (name, id). Reads `limit + 1` rows. */
  async page(
    db: Executor,
    businessId: string,
    filter: { q: string | undefined; status: LocationStatus | null },
    limit: number,
    cursor?: { key: string; id: string },
  ): Promise<LocationRow[]> {
    const conditions = [
      eq(locations.businessId, businessId),
      filter.status ? eq(locations.status, filter.status) : undefined,
      filter.q ? ilike(locations.name, `%${escapeLike(filter.q)}%`) : undefined,
      cursor ? pastCursor('asc', locations.name, locations.id, cursor) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(locations)
      .where(and(...conditions))
      .orderBy(asc(locations.name), asc(locations.id))
      .limit(limit + 1);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<LocationRow | null> {
    const query = db
      .select()
      .from(locations)
      .where(and(eq(locations.businessId, businessId), eq(locations.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** These locations of the business, by id. */
  async byIds(db: Executor, businessId: string, ids: string[]): Promise<Map<string, LocationRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(locations)
      .where(and(eq(locations.businessId, businessId), inArray(locations.id, ids)));
    return new Map(rows.map((r) => [r.id, r]));
  },

  async insert(db: Executor, row: LocationInsert): Promise<void> {
    await db.insert(locations).values(row);
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<LocationInsert>): Promise<void> {
    await db
      .update(locations)
      .set(fields)
      .where(and(eq(locations.businessId, businessId), eq(locations.id, id)));
  },

  /** The location the online store sells from, or null. */
  async onlineStoreLocation(db: Executor, businessId: string, lock = false): Promise<string | null> {
    const query = db.select({ id: locationSettings.onlineStoreLocationId }).from(locationSettings).where(eq(locationSettings.businessId, businessId)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.id ?? null;
  },

  async setOnlineStoreLocation(db: Executor, businessId: string, locationId: string | null, now: Date): Promise<void> {
    await db
      .insert(locationSettings)
      .values({ businessId, onlineStoreLocationId: locationId, updatedAt: now })
      .onConflictDoUpdate({ target: locationSettings.businessId, set: { onlineStoreLocationId: locationId, updatedAt: now } });
  },
};
