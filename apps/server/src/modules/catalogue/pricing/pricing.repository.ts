import { and, asc, eq, getTableColumns, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PricingStatus } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { jsonArray } from '@/db/json-rows';
import { preparedStatement } from '@/db/prepared';
import { businesses, discountRedemptions, discountUsage, discounts, surcharges, taxSettings, taxes } from '@/db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface RedemptionOrder {
  type: 'pos_order' | 'store_order';
  id: string;
}

export type TaxRow = typeof taxes.$inferSelect;
export type TaxInsert = typeof taxes.$inferInsert;
export type DiscountRow = typeof discounts.$inferSelect & { usageLimit: number | null; used: number };
export type DiscountInsert = typeof discounts.$inferInsert;
export type SurchargeRow = typeof surcharges.$inferSelect;
export type SurchargeInsert = typeof surcharges.$inferInsert;
export type TaxSettingsRow = typeof taxSettings.$inferSelect;

type Filter = { q: string | undefined; status: PricingStatus | null };

const listConditions = (table: typeof taxes | typeof discounts | typeof surcharges, businessId: string, filter: Filter) =>
  [
    eq(table.businessId, businessId),
    filter.status ? eq(table.status, filter.status) : undefined,
    filter.q ? ilike(table.name, `%${escapeLike(filter.q)}%`) : undefined,
  ].filter((c): c is SQL => c !== undefined);

/** A list is capped: a business keeps a few dozen of each, never thousands. */
export const PRICING_LIST_LIMIT = 500;

const discountColumns = { ...getTableColumns(discounts), usageLimit: discountUsage.usageLimit, used: discountUsage.used };

/** What a sale is priced with of the business's tax settings, taxes, discounts and surcharges (`pricingContext`). */
export type ContextSettings = Pick<TaxSettingsRow, 'pricesIncludeTax' | 'rounding'>;
export type ContextTax = Pick<TaxRow, 'id' | 'name' | 'rate' | 'appliesTo' | 'productIds' | 'categoryIds' | 'allLocations' | 'locationIds'>;
export type ContextDiscount = Pick<
  DiscountRow,
  | 'id'
  | 'name'
  | 'valueType'
  | 'rate'
  | 'amount'
  | 'appliesTo'
  | 'productIds'
  | 'categoryIds'
  | 'minimumSpend'
  | 'channels'
  | 'allLocations'
  | 'locationIds'
  | 'automatic'
  | 'endsAt'
  | 'usageLimit'
  | 'used'
>;
export type ContextSurcharge = Pick<
  SurchargeRow,
  'id' | 'name' | 'kind' | 'valueType' | 'rate' | 'amount' | 'taxable' | 'taxIds' | 'allLocations' | 'locationIds'
>;
export interface PricingContextRows {
  /** None saved: prices before tax, rounded per line. */
  settings: ContextSettings | null;
  /** The active taxes, by name. */
  taxes: ContextTax[];
  /** The active discounts in their schedule at the instant asked, by name, with their usage counters. */
  discounts: ContextDiscount[];
  /** The active surcharges, by name. */
  surcharges: ContextSurcharge[];
}

const businessParam = sql.placeholder('businessId');

/**
 * What every sale is priced with (`loadPricingContext`) in one statement, where it was four reads each a round trip
 * in the sale's transaction (docs/benchmarks.md, the register's sale): each table's rows as a JSON array of the
 * columns pricing reads, keyed as the rows' fields. Built once (db/prepared.ts).
 */
const pricingContextOf = preparedStatement('pricing_context', (db, name) => {
  const at = sql.placeholder('at');
  const scope = (alias: string) => sql`${sql.raw(alias)}.business_id = ${businessParam} and ${sql.raw(alias)}.status = 'active'`;
  return db
    .select({
      settings: sql`(select json_build_object('pricesIncludeTax', s.prices_include_tax, 'rounding', s.rounding) from ${taxSettings} s
        where s.business_id = ${businessParam})`.mapWith((value: unknown) => (value ?? null) as ContextSettings | null),
      taxes: jsonArray(
        sql`json_build_object('id', t.id, 'name', t.name, 'rate', t.rate, 'appliesTo', t.applies_to, 'productIds', t.product_ids,
          'categoryIds', t.category_ids, 'allLocations', t.all_locations, 'locationIds', t.location_ids)`,
        't.name, t.id',
        sql`${taxes} t where ${scope('t')}`,
      ).mapWith((value: unknown) => value as ContextTax[]),
      discounts: jsonArray(
        sql`json_build_object('id', d.id, 'name', d.name, 'valueType', d.value_type, 'rate', d.rate, 'amount', d.amount,
          'appliesTo', d.applies_to, 'productIds', d.product_ids, 'categoryIds', d.category_ids, 'minimumSpend', d.minimum_spend,
          'channels', d.channels, 'allLocations', d.all_locations, 'locationIds', d.location_ids, 'automatic', d.automatic,
          'endsAt', d.ends_at, 'usageLimit', u.usage_limit, 'used', u.used)`,
        'd.name, d.id',
        sql`${discounts} d join ${discountUsage} u on u.business_id = d.business_id and u.discount_id = d.id
          where ${scope('d')} and (d.starts_at is null or d.starts_at <= ${at}::timestamptz) and (d.ends_at is null or d.ends_at > ${at}::timestamptz)`,
      ).mapWith((value: unknown) =>
        // A timestamp arrives as JSON's text of it.
        (value as (Omit<ContextDiscount, 'endsAt'> & { endsAt: string | null })[]).map((d) => ({
          ...d,
          endsAt: d.endsAt === null ? null : new Date(d.endsAt),
        })),
      ),
      surcharges: jsonArray(
        sql`json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'valueType', c.value_type, 'rate', c.rate, 'amount', c.amount,
          'taxable', c.taxable, 'taxIds', c.tax_ids, 'allLocations', c.all_locations, 'locationIds', c.location_ids)`,
        'c.name, c.id',
        sql`${surcharges} c where ${scope('c')}`,
      ).mapWith((value: unknown) => value as ContextSurcharge[]),
    })
    .from(sql`(select) as one`)
    .prepare(name);
});

/** SQL of the taxes, tax settings, discounts (with their usage counters) and surcharges. */
export const pricingRepository = {
  async business(db: Executor, businessId: string): Promise<{ currency: string; timeZone: string } | null> {
    const [row] = await db
      .select({ currency: businesses.currency, timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1);
    return row ?? null;
  },

  // Taxes
  async taxes(db: Executor, businessId: string, filter: Filter): Promise<TaxRow[]> {
    return db
      .select()
      .from(taxes)
      .where(and(...listConditions(taxes, businessId, filter)))
      .orderBy(asc(taxes.name), asc(taxes.id))
      .limit(PRICING_LIST_LIMIT);
  },
  async tax(db: Executor, businessId: string, id: string, lock = false): Promise<TaxRow | null> {
    const query = db
      .select()
      .from(taxes)
      .where(and(eq(taxes.businessId, businessId), eq(taxes.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  async taxesByIds(db: Executor, businessId: string, ids: readonly string[]): Promise<TaxRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(taxes)
      .where(and(eq(taxes.businessId, businessId), inArray(taxes.id, [...ids])));
  },
  async insertTax(db: Executor, row: TaxInsert): Promise<void> {
    await db.insert(taxes).values(row);
  },
  async updateTax(db: Executor, businessId: string, id: string, fields: Partial<TaxInsert>): Promise<void> {
    await db
      .update(taxes)
      .set(fields)
      .where(and(eq(taxes.businessId, businessId), eq(taxes.id, id)));
  },

  // Tax settings
  async taxSettings(db: Executor, businessId: string): Promise<TaxSettingsRow | null> {
    const [row] = await db.select().from(taxSettings).where(eq(taxSettings.businessId, businessId)).limit(1);
    return row ?? null;
  },
  /** What a sale at `at` is priced with (`PricingContextRows`), in one statement. */
  async pricingContext(db: Executor, businessId: string, at: Date): Promise<PricingContextRows> {
    const [row] = await pricingContextOf(db, { businessId, at: at.toISOString() });
    return row!;
  },
  async saveTaxSettings(db: Executor, row: TaxSettingsRow): Promise<void> {
    await db
      .insert(taxSettings)
      .values(row)
      .onConflictDoUpdate({
        target: taxSettings.businessId,
        set: { pricesIncludeTax: row.pricesIncludeTax, rounding: row.rounding, updatedAt: row.updatedAt },
      });
  },

  // Discounts
  async discounts(db: Executor, businessId: string, filter: Filter): Promise<DiscountRow[]> {
    return db
      .select(discountColumns)
      .from(discounts)
      .innerJoin(discountUsage, and(eq(discountUsage.businessId, discounts.businessId), eq(discountUsage.discountId, discounts.id)))
      .where(and(...listConditions(discounts, businessId, filter)))
      .orderBy(asc(discounts.name), asc(discounts.id))
      .limit(PRICING_LIST_LIMIT);
  },
  async discount(db: Executor, businessId: string, id: string, lock = false): Promise<DiscountRow | null> {
    const query = db
      .select(discountColumns)
      .from(discounts)
      .innerJoin(discountUsage, and(eq(discountUsage.businessId, discounts.businessId), eq(discountUsage.discountId, discounts.id)))
      .where(and(eq(discounts.businessId, businessId), eq(discounts.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  /** These discounts of the business; ids that are no UUID (a caller's coupon) are none of them. */
  async discountsByIds(db: Executor, businessId: string, named: readonly string[]): Promise<DiscountRow[]> {
    const ids = named.filter((id) => UUID.test(id));
    if (ids.length === 0) return [];
    return db
      .select(discountColumns)
      .from(discounts)
      .innerJoin(discountUsage, and(eq(discountUsage.businessId, discounts.businessId), eq(discountUsage.discountId, discounts.id)))
      .where(and(eq(discounts.businessId, businessId), inArray(discounts.id, [...ids])));
  },
  async insertDiscount(db: Executor, row: DiscountInsert, usageLimit: number | null): Promise<void> {
    await db.insert(discounts).values(row);
    await db.insert(discountUsage).values({ businessId: row.businessId, discountId: row.id, usageLimit });
  },
  async updateDiscount(db: Executor, businessId: string, id: string, fields: Partial<DiscountInsert>): Promise<void> {
    await db
      .update(discounts)
      .set(fields)
      .where(and(eq(discounts.businessId, businessId), eq(discounts.id, id)));
  },
  /** Sets the limit, unless the discount was already used more often: false then. */
  async setUsageLimit(db: Executor, businessId: string, id: string, usageLimit: number | null): Promise<boolean> {
    const rows = await db
      .update(discountUsage)
      .set({ usageLimit })
      .where(
        and(
          eq(discountUsage.businessId, businessId),
          eq(discountUsage.discountId, id),
          usageLimit === null ? undefined : sql`${discountUsage.used} <= ${usageLimit}`,
        ),
      )
      .returning({ used: discountUsage.used });
    return rows.length > 0;
  },
  /**
   * Takes one use of a discount with a limit: one conditional update, so concurrent sales never pass the limit.
   * Null when it is used up (or has no limit: those are not counted).
   */
  async redeem(db: Executor, businessId: string, discountId: string): Promise<number | null> {
    const [row] = await db
      .update(discountUsage)
      .set({ used: sql`${discountUsage.used} + 1` })
      .where(and(eq(discountUsage.businessId, businessId), eq(discountUsage.discountId, discountId), lt(discountUsage.used, discountUsage.usageLimit)))
      .returning({ used: discountUsage.used });
    return row ? Number(row.used) : null;
  },

  /** Records the uses an order took (one row per discount), beside the counters' updates. */
  async recordRedemptions(db: Executor, businessId: string, order: RedemptionOrder, discountIds: string[]): Promise<void> {
    if (discountIds.length === 0) return;
    await db.insert(discountRedemptions).values(discountIds.map((discountId) => ({ businessId, orderType: order.type, orderId: order.id, discountId })));
  },
  /**
   * Removes the order's redemptions and answers their discounts: a row is deleted once, so of two concurrent
   * releases of one order only one answers it (the other waits on the row and then finds it gone).
   */
  async deleteRedemptions(db: Executor, businessId: string, order: RedemptionOrder): Promise<string[]> {
    const rows = await db
      .delete(discountRedemptions)
      .where(and(eq(discountRedemptions.businessId, businessId), eq(discountRedemptions.orderType, order.type), eq(discountRedemptions.orderId, order.id)))
      .returning({ discountId: discountRedemptions.discountId });
    return rows.map((r) => r.discountId).sort();
  },
  /** Gives one use of a discount back (never below zero). */
  async giveBack(db: Executor, businessId: string, discountId: string): Promise<void> {
    await db
      .update(discountUsage)
      .set({ used: sql`greatest(${discountUsage.used} - 1, 0)` })
      .where(and(eq(discountUsage.businessId, businessId), eq(discountUsage.discountId, discountId)));
  },

  // Surcharges
  async surcharges(db: Executor, businessId: string, filter: Filter): Promise<SurchargeRow[]> {
    return db
      .select()
      .from(surcharges)
      .where(and(...listConditions(surcharges, businessId, filter)))
      .orderBy(asc(surcharges.name), asc(surcharges.id))
      .limit(PRICING_LIST_LIMIT);
  },
  async surcharge(db: Executor, businessId: string, id: string, lock = false): Promise<SurchargeRow | null> {
    const query = db
      .select()
      .from(surcharges)
      .where(and(eq(surcharges.businessId, businessId), eq(surcharges.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  async insertSurcharge(db: Executor, row: SurchargeInsert): Promise<void> {
    await db.insert(surcharges).values(row);
  },
  async updateSurcharge(db: Executor, businessId: string, id: string, fields: Partial<SurchargeInsert>): Promise<void> {
    await db
      .update(surcharges)
      .set(fields)
      .where(and(eq(surcharges.businessId, businessId), eq(surcharges.id, id)));
  },

  /** Which of these ids are taxes of the business. */
  async knownTaxIds(db: Executor, businessId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: taxes.id })
      .from(taxes)
      .where(and(eq(taxes.businessId, businessId), inArray(taxes.id, [...ids])));
    return new Set(rows.map((r) => r.id));
  },
};
