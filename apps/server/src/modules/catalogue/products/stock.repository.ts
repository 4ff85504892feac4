import { and, asc, eq, exists, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { jsonRowsWrite } from '@/db/json-rows';
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
   * Takes each quantity off its level in one statement (a sale's lines; one entry per level): `on_hand >= quantity`
   * unless negative is allowed (backorders), so concurrent sales never oversell. The levels are locked first in key
   * order, as `lock` does, so two sales of the same products never wait on each other in a circle; the locks are held
   * to the end of the transaction. Answers the levels after; a level missing from the answer had not enough (or none).
   */
  async decrementAll(
    db: Executor,
    businessId: string,
    takes: { key: LevelKey; quantity: number; allowNegative: boolean }[],
    now: Date,
  ): Promise<StockLevelRow[]> {
    if (takes.length === 0) return [];
    const column = <T>(pick: (t: (typeof takes)[number]) => T) => sql.param(takes.map(pick));
    const { rows } = (await db.execute(sql`
      with wanted as (
        select * from unnest(${column((t) => t.key.variantId)}::uuid[], ${column((t) => t.key.locationId)}::uuid[],
          ${column((t) => t.quantity)}::int[], ${column((t) => t.allowNegative)}::boolean[]) as w(variant_id, location_id, quantity, negative)
      ), locked as (
        select l.variant_id, l.location_id from ${stockLevels} l
        join wanted w on w.variant_id = l.variant_id and w.location_id = l.location_id
        where l.business_id = ${businessId}
        order by l.variant_id, l.location_id
        for update of l
      )
      update ${stockLevels} l set on_hand = l.on_hand - w.quantity, updated_at = ${now}
      from wanted w, locked k
      where l.business_id = ${businessId} and l.variant_id = w.variant_id and l.location_id = w.location_id
        and k.variant_id = l.variant_id and k.location_id = l.location_id and (w.negative or l.on_hand >= w.quantity)
      returning l.business_id as "businessId", l.variant_id as "variantId", l.location_id as "locationId", l.product_id as "productId",
        l.on_hand as "onHand", l.low_stock_threshold as "lowStockThreshold", l.updated_at as "updatedAt"`)) as unknown as { rows: StockLevelRow[] };
    return rows.map((r) => ({
      ...r,
      onHand: Number(r.onHand),
      lowStockThreshold: r.lowStockThreshold === null ? null : Number(r.lowStockThreshold),
      updatedAt: new Date(r.updatedAt),
    }));
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

  movementWrites: (db: Executor, rows: StockMovementInsert[]): Write[] => (rows.length > 0 ? [jsonRowsWrite(db, stockMovements, rows)] : []),

  /** Movements of a level, newest first (tests and the later history screen read them). */
  async movementsOf(db: Executor, businessId: string, key: LevelKey) {
    return db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.variantId, key.variantId), eq(stockMovements.locationId, key.locationId)))
      .orderBy(sql`${stockMovements.id} desc`);
  },
};
