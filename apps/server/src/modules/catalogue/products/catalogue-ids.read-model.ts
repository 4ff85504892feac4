import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, productCategories, products } from '@/db/schema';

/**
 * Which of these ids are locations, products or categories of the business: what the pricing module checks the
 * scopes of taxes, discounts and surcharges against (docs/catalogue.md, "Built (part 3)") in its own transaction.
 */
export async function knownCatalogueIds(
  db: Executor,
  businessId: string,
  kind: 'location' | 'product' | 'category',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = [...ids];
  const rows =
    kind === 'location'
      ? await db
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.businessId, businessId), inArray(locations.id, list)))
      : kind === 'product'
        ? await db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.businessId, businessId), inArray(products.id, list)))
        : await db
            .select({ id: productCategories.id })
            .from(productCategories)
            .where(and(eq(productCategories.businessId, businessId), inArray(productCategories.id, list)));
  return new Set(rows.map((r) => r.id));
}
