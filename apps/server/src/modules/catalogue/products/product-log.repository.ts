import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { ProductLogKind } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { locations, productLog, products, productVariants, users } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export interface ProductLogFilter {
  productId: string | undefined;
  kind: ProductLogKind | undefined;
  from: Date | undefined;
  /** Exclusive. */
  to: Date | undefined;
}

export const productLogRepository = {
  /**
   * One page of the log, newest first, with each row's product name, its variant's option values and location's name
   * (null when none, or when since removed) and who made the change. Reads `limit + 1` rows.
   */
  async page(db: Executor, businessId: string, filter: ProductLogFilter, limit: number, cursor?: Cursor) {
    const conditions = [
      eq(productLog.businessId, businessId),
      filter.productId ? eq(productLog.productId, filter.productId) : undefined,
      filter.kind ? eq(productLog.kind, filter.kind) : undefined,
      filter.from ? gte(productLog.createdAt, filter.from) : undefined,
      filter.to ? lt(productLog.createdAt, filter.to) : undefined,
      cursor ? pastCursor('desc', productLog.createdAt, productLog.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select({
        entry: productLog,
        productName: products.name,
        currency: products.currency,
        actorName: users.name,
        variantOptions: productVariants.optionValues,
        locationName: locations.name,
      })
      .from(productLog)
      .innerJoin(products, and(eq(products.businessId, productLog.businessId), eq(products.id, productLog.productId)))
      .leftJoin(productVariants, and(eq(productVariants.businessId, productLog.businessId), eq(productVariants.id, productLog.variantId)))
      .leftJoin(locations, and(eq(locations.businessId, productLog.businessId), eq(locations.id, productLog.locationId)))
      .leftJoin(users, eq(users.id, productLog.actorUserId))
      .where(and(...conditions))
      .orderBy(desc(productLog.createdAt), desc(productLog.id))
      .limit(limit + 1);
  },
};
