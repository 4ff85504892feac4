import { and, arrayContains, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pickups, shippingRates, shippingZones } from '@/db/schema';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type ZoneInsert = typeof shippingZones.$inferInsert;
export type RateRow = typeof shippingRates.$inferSelect;
export type RateInsert = typeof shippingRates.$inferInsert;
export type PickupRow = typeof pickups.$inferSelect;
export type PickupInsert = typeof pickups.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const shippingRepository = {
  /** A business's zones by name (at most 500), searched by part of the name. */
  async zones(db: Executor, businessId: string, q: string | undefined): Promise<ZoneRow[]> {
    const conditions = [eq(shippingZones.businessId, businessId), q ? ilike(shippingZones.name, `%${escapeLike(q)}%`) : undefined].filter(
      (c): c is SQL => c !== undefined,
    );
    return db
      .select()
      .from(shippingZones)
      .where(and(...conditions))
      .orderBy(asc(shippingZones.name), asc(shippingZones.id))
      .limit(500);
  },

  /** The zones that name this country (lower case), oldest first. */
  async zonesOfCountry(db: Executor, businessId: string, country: string): Promise<ZoneRow[]> {
    return db
      .select()
      .from(shippingZones)
      .where(and(eq(shippingZones.businessId, businessId), arrayContains(shippingZones.countries, [country])))
      .orderBy(asc(shippingZones.createdAt), asc(shippingZones.id));
  },

  async findZone(db: Executor, businessId: string, id: string, lock = false): Promise<ZoneRow | null> {
    const query = db
      .select()
      .from(shippingZones)
      .where(and(eq(shippingZones.businessId, businessId), eq(shippingZones.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The rates of these zones, in each zone's order. */
  async ratesOf(db: Executor, businessId: string, zoneIds: string[]): Promise<RateRow[]> {
    if (zoneIds.length === 0) return [];
    return db
      .select()
      .from(shippingRates)
      .where(and(eq(shippingRates.businessId, businessId), inArray(shippingRates.zoneId, zoneIds)))
      .orderBy(asc(shippingRates.zoneId), asc(shippingRates.position));
  },

  async insertZone(db: Executor, row: ZoneInsert): Promise<void> {
    await db.insert(shippingZones).values(row);
  },

  async updateZone(db: Executor, businessId: string, id: string, fields: Partial<ZoneInsert>): Promise<void> {
    await db
      .update(shippingZones)
      .set(fields)
      .where(and(eq(shippingZones.businessId, businessId), eq(shippingZones.id, id)));
  },

  async removeZone(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(shippingZones).where(and(eq(shippingZones.businessId, businessId), eq(shippingZones.id, id)));
  },

  /** Makes the zone's rates exactly these: rows of other ids go, the others are written (an id kept keeps its row). */
  async replaceRates(db: Executor, businessId: string, zoneId: string, rates: RateInsert[]): Promise<void> {
    const ids = rates.map((r) => r.id);
    await db
      .delete(shippingRates)
      .where(and(eq(shippingRates.businessId, businessId), eq(shippingRates.zoneId, zoneId), ids.length ? notInArray(shippingRates.id, ids) : undefined));
    if (rates.length === 0) return;
    await db
      .insert(shippingRates)
      .values(rates)
      .onConflictDoUpdate({
        target: [shippingRates.businessId, shippingRates.id],
        set: {
          position: sql`excluded.position`,
          name: sql`excluded.name`,
          estimate: sql`excluded.estimate`,
          kind: sql`excluded.kind`,
          amount: sql`excluded.amount`,
          bands: sql`excluded.bands`,
          freeOver: sql`excluded.free_over`,
        },
        // A rate id of another zone is not taken over.
        setWhere: eq(shippingRates.zoneId, zoneId),
      });
  },

  async pickups(db: Executor, businessId: string, filter: { active: boolean | null; q: string | undefined }): Promise<PickupRow[]> {
    const conditions = [
      eq(pickups.businessId, businessId),
      filter.active === null ? undefined : eq(pickups.active, filter.active),
      filter.q ? or(ilike(pickups.name, `%${escapeLike(filter.q)}%`), ilike(pickups.instructions, `%${escapeLike(filter.q)}%`)) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(pickups)
      .where(and(...conditions))
      .orderBy(asc(pickups.name), asc(pickups.id))
      .limit(500);
  },

  async findPickup(db: Executor, businessId: string, id: string, lock = false): Promise<PickupRow | null> {
    const query = db
      .select()
      .from(pickups)
      .where(and(eq(pickups.businessId, businessId), eq(pickups.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insertPickup(db: Executor, row: PickupInsert): Promise<void> {
    await db.insert(pickups).values(row);
  },

  async updatePickup(db: Executor, businessId: string, id: string, fields: Partial<PickupInsert>): Promise<void> {
    await db
      .update(pickups)
      .set(fields)
      .where(and(eq(pickups.businessId, businessId), eq(pickups.id, id)));
  },
};
