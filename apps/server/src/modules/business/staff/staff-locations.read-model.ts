import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { staffLocations } from '@/db/schema';

/** Read on every request of the register, orders, drawers, card readers and stock: built once (db/prepared.ts). */
const scopeRead = preparedStatement('staff_location_scope', (db, name) =>
  db
    .select({ locationId: staffLocations.locationId })
    .from(staffLocations)
    .where(and(eq(staffLocations.businessId, sql.placeholder('businessId')), eq(staffLocations.userId, sql.placeholder('userId'))))
    .orderBy(asc(staffLocations.locationId))
    .prepare(name),
);

/**
 * The locations a member is limited to (docs/roles.md, "Locations"), published by the staff module for the register,
 * orders, drawers, card readers and stock: null when the member works at every location.
 */
export async function locationScopeOf(db: Executor, businessId: string, userId: string): Promise<string[] | null> {
  const rows = await scopeRead(db, { businessId, userId });
  return rows.length > 0 ? rows.map((r) => r.locationId) : null;
}
