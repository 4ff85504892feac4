import { and, asc, eq, exists, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { productVariants, products, stockLevels, stockMovements } from '@/db/schema';
import type { Write } from '@/db/write-together';

export type StockLevelRow = typeof stockLevels.$inferSelect;
export type StockMovementInsert = typeof stockMovements.$inferInsert;

/** A variant with what stock rules read of its product. */
export interface StockedVariant {
  variantId: string;
  productId: string;
  productName: string;
  optionValues: string[];
  trackStock: boolean;
  allowBackorder: boolean;
}

/** One level's key. */
export interface LevelKey {
  variantId: string;
  locationId: string;
}

const levelIs = (businessId: string, key: LevelKey) =>
  and(eq(stockLevels.businessId, businessId), eq(stockLevels.variantId, key.variantId), eq(stockLevels.locationId, key.locationId));

const levelsIn = (businessId: string, keys: LevelKey[]) =>
  and(eq(stockLevels.businessId, businessId), or(...keys.map((k) => and(eq(stockLevels.variantId, k.variantId), eq(stockLevels.locationId, k.locationId)))));

/** The stock levels of a page of products (`ids`, one array value): built once (db/prepared.ts). */
const levelsOfPage = preparedStatement('stock_levels_of', (db, name) =>
  db
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.businessId, sql.placeholder('businessId')), sql`${stockLevels.productId} = any(${sql.placeholder('ids')}::uuid[])`))
    .orderBy(asc(stockLevels.variantId), asc(stockLevels.locationId))
    .prepare(name),
);

export const stockRepository = {
  /** The levels of these products' variants (one statement for a page of products). */
  async levelsOf(db: Executor, businessId: string, productIds: string[]): Promise<StockLevelRow[]> {
    if (productIds.length === 0) return [];
    return levelsOfPage(db, { businessId, ids: productIds });
  },

  /** These variants of the business with their product's stock settings. */
  async variants(db: Executor, businessId: string, variantIds: string[]): Promise<Map<string, StockedVariant>> {
    if (variantIds.length === 0) return new Map();
    const rows = await db
      .select({
        variantId: productVariants.id,
        productId: products.id,
        productName: products.name,
        optionValues: productVariants.optionValues,
        trackStock: products.trackStock,
        allowBackorder: products.allowBackorder,
      })
      .from(productVariants)
      .innerJoin(products, and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)))
      .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, variantIds)));
    return new Map(rows.map((r) => [r.variantId, r]));
  },

  /** Makes the missing levels, at zero. */
  async ensure(db: Executor, businessId: string, rows: (LevelKey & { productId: string })[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(stockLevels)
      .values(rows.map((r) => ({ businessId, ...r, onHand: 0, updatedAt: now })))
      .onConflictDoNothing();
  },

  /** Locks these levels in key order (so two adjustments of the same levels never wait on each other in a circle). */
  async lock(db: Executor, businessId: string, keys: LevelKey[]): Promise<StockLevelRow[]> {
    if (keys.length === 0) return [];
    return db.select().from(stockLevels).where(levelsIn(businessId, keys)).orderBy(asc(stockLevels.variantId), asc(stockLevels.locationId)).for('update');
  },

  async setOnHand(db: Executor, businessId: string, key: LevelKey, onHand: number, now: Date): Promise<void> {
    await db.update(stockLevels).set({ onHand, updatedAt: now }).where(levelIs(businessId, key));
  },

  async setThreshold(db: Executor, businessId: string, key: LevelKey, threshold: number | null, now: Date): Promise<StockLevelRow | null> {
    const [row] = await db.update(stockLevels).set({ lowStockThreshold: threshold, updatedAt: now }).where(levelIs(businessId, key)).returning();
    return row ?? null;
  },

  /**
   * Takes `quantity` off a level in one conditional statement: `on_hand >= quantity` unless backorders are allowed,
   * so concurrent sales never oversell (the row's lock is held only by this statement, to the end of its
   * transaction). Answers the level after, or null when there was not enough (or no level).
   */
  async decrement(db: Executor, businessId: string, key: LevelKey, quantity: number, allowNegative: boolean, now: Date): Promise<StockLevelRow | null> {
    const [row] = await db
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} - ${quantity}`, updatedAt: now })
      .where(and(levelIs(businessId, key), allowNegative ? undefined : sql`${stockLevels.onHand} >= ${quantity}`))
      .returning();
    return row ?? null;
  },

  /** Adds units to a level that exists (a return). */
  async increment(db: Executor, businessId: string, key: LevelKey, quantity: number, now: Date): Promise<StockLevelRow> {
    const [row] = await db
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} + ${quantity}`, updatedAt: now })
      .where(levelIs(businessId, key))
      .returning();
    return row!;
  },

  /** The products that have a variant at or below its threshold somewhere (the list's low-stock filter). */
  lowStockFilter: (businessId: string | Placeholder): SQL =>
    exists(
      sql`(select 1 from ${stockLevels} where ${stockLevels.businessId} = ${businessId} and ${stockLevels.productId} = ${products.id}
        and ${stockLevels.lowStockThreshold} is not null and ${stockLevels.onHand} <= ${stockLevels.lowStockThreshold})`,
    ),

  movementWrites: (db: Executor, rows: StockMovementInsert[]): Write[] => (rows.length > 0 ? [db.insert(stockMovements).values(rows).getSQL()] : []),

  /** Movements of a level, newest first (tests and the later history screen read them). */
  async movementsOf(db: Executor, businessId: string, key: LevelKey) {
    return db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.variantId, key.variantId), eq(stockMovements.locationId, key.locationId)))
      .orderBy(sql`${stockMovements.id} desc`);
  },
};
