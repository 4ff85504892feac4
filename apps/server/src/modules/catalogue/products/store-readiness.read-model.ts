import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locationSettings, locations, products } from '@/db/schema';

const count = sql<number>`count(*)::int`;

/**
 * What the online store's opening steps ask of the catalogue (store settings, onboarding): how many active products
 * are on the online store channel, and whether the location the store sells from is set and active.
 */
export async function storeCatalogueReadiness(db: Executor, businessId: string): Promise<{ products: number; hasStoreLocation: boolean }> {
  const [productRow] = await db
    .select({ n: count })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.status, 'active'), arrayContains(products.channels, ['online_store'])));
  const [locationRow] = await db
    .select({ n: count })
    .from(locationSettings)
    .innerJoin(locations, and(eq(locations.businessId, locationSettings.businessId), eq(locations.id, locationSettings.onlineStoreLocationId)))
    .where(and(eq(locationSettings.businessId, businessId), eq(locations.status, 'active')));
  return { products: Number(productRow?.n ?? 0), hasStoreLocation: Number(locationRow?.n ?? 0) > 0 };
}
