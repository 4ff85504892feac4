import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { staffLocations } from '@/db/schema';

/**
 * The locations a member is limited to (docs/roles.md, "Locations"), published by the staff module for the register,
 * orders, drawers, card readers and stock: null when the member works at every location.
 */
export async function locationScopeOf(db: Executor, businessId: string, userId: string): Promise<string[] | null> {
  const rows = await db
    .select({ locationId: staffLocations.locationId })
    .from(staffLocations)
    .where(and(eq(staffLocations.businessId, businessId), eq(staffLocations.userId, userId)))
    .orderBy(asc(staffLocations.locationId));
  return rows.length > 0 ? rows.map((r) => r.locationId) : null;
}
