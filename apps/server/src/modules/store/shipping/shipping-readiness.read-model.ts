import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pickups, shippingZones } from '@/db/schema';

const count = sql<number>`count(*)::int`;

/** What the online store's opening steps ask of delivery: how many shipping zones and active pickup points there are. */
export async function shippingReadiness(db: Executor, businessId: string): Promise<{ shippingZones: number; activePickups: number }> {
  const [zoneRow] = await db.select({ n: count }).from(shippingZones).where(eq(shippingZones.businessId, businessId));
  const [pickupRow] = await db
    .select({ n: count })
    .from(pickups)
    .where(and(eq(pickups.businessId, businessId), eq(pickups.active, true)));
  return { shippingZones: Number(zoneRow?.n ?? 0), activePickups: Number(pickupRow?.n ?? 0) };
}
