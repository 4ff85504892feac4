import { AppError, fieldError, type ApiIssue } from '@merchant/core';
import type { AdjustStockFields, StockLevel, StockReason } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { within, type SavepointOption } from '@/db/savepoint';
import { writeTogether, type Write } from '@/db/write-together';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { locationsRepository } from './locations.repository';
import { productsRepository } from './products.repository';
import type { CatalogueActor } from './catalogue-actor';
import { stockRepository as repo, type LevelKey, type StockedVariant, type StockLevelRow } from './stock.repository';
import { assertLocationsAllowed } from '@/modules/location-scope';

export function presentLevel(row: Pick<StockLevelRow, 'variantId' | 'locationId' | 'onHand' | 'lowStockThreshold'>): StockLevel {
  return {
    variant_id: row.variantId,
    location_id: row.locationId,
    on_hand: row.onHand,
    low_stock_threshold: row.lowStockThreshold,
    low: row.lowStockThreshold !== null && row.onHand <= row.lowStockThreshold,
  };
}

/** A level's change: the level before and after, why, and the product it belongs to. */
interface Change {
  variant: StockedVariant;
  level: StockLevelRow;
  before: number;
  reason: StockReason;
  note: string | null;
}

/** A sale's (or a return's) line: units of a variant at a location. */
export interface StockLine extends LevelKey {
  quantity: number;
}

const insufficient = (issues: ApiIssue[]) => new AppError('STOCK_INSUFFICIENT', issues[0]!.message, issues);
const keyOf = (k: LevelKey) => `${k.variantId}/${k.locationId}`;
const byKey = (a: LevelKey, b: LevelKey) => (a.variantId === b.variantId ? a.locationId.localeCompare(b.locationId) : a.variantId.localeCompare(b.variantId));
const variantName = (v: StockedVariant) => (v.optionValues.length > 0 ? `${v.productName} (${v.optionValues.join(' / ')})` : v.productName);

/**
 * Stock per variant and location (docs/catalogue.md). Every change writes a movement (delta, reason, who, the level
 * after) and a `stock` row of the product log, with the change; a level that crosses from above its threshold to at
 * or below it mails the owners once, through the outbox in the same transaction (rising above re-arms it: the next
 * crossing mails again). Adjustments lock their levels; sales take stock off with one conditional update per line.
 */
export function createStockService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  notificationSettings: Pick<NotificationSettingsService, 'ownerEmails'>;
}) {
  const { db, clock, audit, mailer } = deps;

  /** The movements, log rows and low-stock mails of some changes, as writes for one statement. */
  async function writesOf(tx: Executor, businessId: string, changes: Change[], actorUserId: string | null): Promise<Write[]> {
    const at = clock.now();
    const rows = changes.map((c) => ({ ...c, id: newTimeOrderedId(at.getTime()) }));
    const crossed = changes.filter((c) => {
      const threshold = c.level.lowStockThreshold;
      return threshold !== null && c.before > threshold && c.level.onHand <= threshold;
    });
    const owners = crossed.length > 0 ? await deps.notificationSettings.ownerEmails(businessId, tx) : [];
    const names = crossed.length > 0 ? await locationsRepository.byIds(tx, businessId, [...new Set(crossed.map((c) => c.level.locationId))]) : new Map();
    const mails = crossed.flatMap((c) => {
      const where = names.get(c.level.locationId)?.name ?? 'a location';
      const what = variantName(c.variant);
      return owners.map((to) =>
        mailer.write(tx, {
          to,
          subject: `Low stock: ${what} at ${where}`,
          text: `${what} is down to ${c.level.onHand} at ${where} (low-stock threshold ${c.level.lowStockThreshold}).\n\nReceive more stock or change the threshold in the catalogue.`,
        }),
      );
    });
    return [
      ...repo.movementWrites(
        tx,
        rows.map((c) => ({
          businessId,
          id: c.id,
          variantId: c.level.variantId,
          locationId: c.level.locationId,
          productId: c.variant.productId,
          delta: c.level.onHand - c.before,
          reason: c.reason,
          onHandAfter: c.level.onHand,
          note: c.note,
          actorUserId,
          createdAt: at,
        })),
      ),
      ...productsRepository.logWrites(
        tx,
        rows.map((c) => ({
          businessId,
          id: newTimeOrderedId(at.getTime()),
          productId: c.variant.productId,
          variantId: c.level.variantId,
          locationId: c.level.locationId,
          kind: 'stock' as const,
          field: c.reason,
          before: String(c.before),
          after: String(c.level.onHand),
          actorUserId,
          createdAt: at,
        })),
      ),
      ...mails,
    ];
  }

  /** Field errors for lines naming a variant that is not the business's or does not track stock, or a location that is not active. */
  async function checkLines(tx: Executor, businessId: string, lines: { variant_id: string; location_id: string }[]) {
    // One statement after the other: a transaction's connection runs one at a time.
    const variants = await repo.variants(
      tx,
      businessId,
      lines.map((l) => l.variant_id),
    );
    const locations = await locationsRepository.byIds(
      tx,
      businessId,
      lines.map((l) => l.location_id),
    );
    const issues = lines.flatMap((l, i): ApiIssue[] => {
      const variant = variants.get(l.variant_id);
      const location = locations.get(l.location_id);
      return [
        ...(!variant
          ? [{ path: `lines.${i}.variant_id`, message: 'Choose a product variant from the list' }]
          : !variant.trackStock
            ? [{ path: `lines.${i}.variant_id`, message: `${variantName(variant)} does not track stock: turn stock tracking on first` }]
            : []),
        ...(!location
          ? [{ path: `lines.${i}.location_id`, message: 'Choose a location from the list' }]
          : location.status !== 'active'
            ? [{ path: `lines.${i}.location_id`, message: `${location.name} is archived` }]
            : []),
      ];
    });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);
    return variants;
  }

  /**
   * Takes a sale's units off stock, in the sale's transaction `tx`: one conditional update of every level the lines
   * name (`on_hand >= n`, or none for a product that allows backorders; lines of one level add up), the levels
   * locked in key order, so concurrent sales never oversell and never wait on each other in a circle. Lines of
   * products that do not track stock change nothing. Not enough of a level is a 422 `STOCK_INSUFFICIENT` naming
   * `lines.i.quantity` (the last line of that level), and the caller's transaction rolls back. Answers the levels
   * after, and the stock movements' writes for the caller to send. `known`: the variants as the caller read them.
   */
  async function takeOff(
    tx: Executor,
    businessId: string,
    lines: StockLine[],
    by: { actorUserId: string | null; reason?: 'sale' },
    known?: ReadonlyMap<string, StockedVariant>,
  ): Promise<{ levels: StockLevel[]; writes: Write[] }> {
    // Read here unless the caller read them in this transaction (a register sale's `saleItems`).
    const ids = lines.map((l) => l.variantId);
    const variants = known && ids.every((id) => known.has(id)) ? known : await repo.variants(tx, businessId, ids);
    const now = clock.now();
    // One take per level: lines of one level add up (two lines of one product with different add-ons).
    const takes = new Map<string, { key: StockLine; index: number; quantity: number; variant: StockedVariant }>();
    for (const { line, index } of lines.map((line, index) => ({ line, index })).sort((a, b) => byKey(a.line, b.line))) {
      const variant = variants.get(line.variantId);
      if (!variant) throw fieldError('VALIDATION_FAILED', `lines.${index}.variant_id`, 'Choose a product variant from the list');
      if (!variant.trackStock) continue;
      const seen = takes.get(keyOf(line));
      takes.set(keyOf(line), { key: line, index, quantity: (seen?.quantity ?? 0) + line.quantity, variant });
    }
    const backordered = [...takes.values()].filter((t) => t.variant.allowBackorder);
    if (backordered.length > 0)
      await repo.ensure(
        tx,
        businessId,
        backordered.map((t) => ({ variantId: t.key.variantId, locationId: t.key.locationId, productId: t.variant.productId })),
        now,
      );
    const levels = new Map(
      (
        await repo.decrementAll(
          tx,
          businessId,
          [...takes.values()].map((t) => ({ key: t.key, quantity: t.quantity, allowNegative: t.variant.allowBackorder })),
          now,
        )
      ).map((level) => [keyOf(level), level]),
    );
    const short = [...takes.values()].filter((t) => !levels.has(keyOf(t.key)));
    if (short.length > 0)
      throw insufficient(short.map((t) => ({ path: `lines.${t.index}.quantity`, message: `Not enough ${variantName(t.variant)} in stock` })));
    const changes: Change[] = [...takes.values()].map((t) => {
      const level = levels.get(keyOf(t.key))!;
      return { variant: t.variant, level, before: level.onHand + t.quantity, reason: by.reason ?? 'sale', note: null };
    });
    return { levels: changes.map((c) => presentLevel(c.level)), writes: await writesOf(tx, businessId, changes, by.actorUserId) };
  }

  return {
    /**
     * Received and damaged units, or recounted levels: every line or none. A line that would leave a level below zero
     * (its product does not allow backorders) is a 422 `STOCK_INSUFFICIENT` naming its quantity.
     */
    /** `executor`: a caller's transaction to run inside as a savepoint (a product import's row); by default its own. */
    /** Adjusts stock in one transaction; `savepoint: false` as `products.insert` takes it (an import's row). */
    async adjust(
      ctx: CatalogueActor,
      body: AdjustStockFields,
      executor: Executor = db,
      { savepoint = true }: SavepointOption = {},
    ): Promise<{ levels: StockLevel[] }> {
      const businessId = ctx.business.row.id;
      return within(executor, savepoint, async (tx) => {
        const variants = await checkLines(tx, businessId, body.lines);
        // A member limited to locations adjusts stock at theirs only.
        await assertLocationsAllowed(tx, ctx, [...new Set(body.lines.map((l) => l.location_id))]);
        const now = clock.now();
        const keys = body.lines.map((l) => ({ variantId: l.variant_id, locationId: l.location_id }));
        await repo.ensure(
          tx,
          businessId,
          keys.map((k) => ({ ...k, productId: variants.get(k.variantId)!.productId })),
          now,
        );
        const locked = new Map((await repo.lock(tx, businessId, keys)).map((l) => [keyOf(l), l]));
        const changes: Change[] = [];
        const issues: ApiIssue[] = [];
        body.lines.forEach((line, i) => {
          const variant = variants.get(line.variant_id)!;
          const level = locked.get(keyOf({ variantId: line.variant_id, locationId: line.location_id }))!;
          const after = line.reason === 'recount' ? line.quantity : line.reason === 'received' ? level.onHand + line.quantity : level.onHand - line.quantity;
          if (after < 0 && !variant.allowBackorder) {
            issues.push({ path: `lines.${i}.quantity`, message: `Only ${level.onHand} of ${variantName(variant)} on hand: stock cannot go below zero` });
          }
          if (after !== level.onHand || line.reason === 'recount') {
            changes.push({ variant, before: level.onHand, level: { ...level, onHand: after }, reason: line.reason, note: line.note });
          }
        });
        if (issues.length > 0) throw insufficient(issues);
        for (const c of changes) await repo.setOnHand(tx, businessId, c.level, c.level.onHand, now);
        await writeTogether(tx, [
          ...(await writesOf(tx, businessId, changes, ctx.user.id)),
          await audit.write(tx, ctx, {
            action: 'stock.adjusted',
            description: `Adjusted stock (${body.lines.length} ${body.lines.length === 1 ? 'line' : 'lines'})`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'stock',
            objectId: body.lines[0]!.variant_id,
            meta: { lines: body.lines },
          }),
        ]);
        const after = new Map(changes.map((c) => [keyOf(c.level), c.level]));
        return { levels: keys.map((k) => presentLevel(after.get(keyOf(k)) ?? locked.get(keyOf(k))!)) };
      });
    },

    /** Sets low-stock thresholds (null for none); a threshold alone mails nobody, only a change of stock that crosses it. */
    async setThresholds(
      ctx: CatalogueActor,
      lines: { variant_id: string; location_id: string; low_stock_threshold: number | null }[],
    ): Promise<{ levels: StockLevel[] }> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const variants = await checkLines(tx, businessId, lines);
        const now = clock.now();
        const keys = lines.map((l) => ({ variantId: l.variant_id, locationId: l.location_id, productId: variants.get(l.variant_id)!.productId }));
        await repo.ensure(tx, businessId, keys, now);
        const levels: StockLevel[] = [];
        for (const [i, line] of lines.entries()) levels.push(presentLevel((await repo.setThreshold(tx, businessId, keys[i]!, line.low_stock_threshold, now))!));
        await audit.record(tx, ctx, {
          action: 'stock.thresholds_set',
          description: `Set low-stock thresholds (${lines.length} ${lines.length === 1 ? 'line' : 'lines'})`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'stock',
          objectId: lines[0]!.variant_id,
          meta: { lines },
        });
        return { levels };
      });
    },

    /** `takeOff` with its stock movements written at once. */
    async decrement(tx: Executor, businessId: string, lines: StockLine[], by: { actorUserId: string | null; reason?: 'sale' }): Promise<StockLevel[]> {
      const { levels, writes } = await takeOff(tx, businessId, lines, by);
      await writeTogether(tx, writes);
      return levels;
    },

    /** `decrement` whose stock movements the caller sends with its own writes (a register sale: `writeTogether`). */
    takeOff,

    /**
     * Puts a return's units back on stock (a refunded register sale, a cancelled store order), in the caller's
     * transaction `tx` (reason `return`): one update per line, in key order. Lines of products that do not track stock
     * change nothing. Answers the levels after.
     */
    async restock(tx: Executor, businessId: string, lines: StockLine[], by: { actorUserId: string | null; note?: string | null }): Promise<StockLevel[]> {
      const variants = await repo.variants(
        tx,
        businessId,
        lines.map((l) => l.variantId),
      );
      const now = clock.now();
      const tracked = [...lines].sort(byKey).filter((l) => variants.get(l.variantId)?.trackStock);
      await repo.ensure(
        tx,
        businessId,
        tracked.map((l) => ({ variantId: l.variantId, locationId: l.locationId, productId: variants.get(l.variantId)!.productId })),
        now,
      );
      const changes: Change[] = [];
      for (const line of tracked) {
        const level = await repo.increment(tx, businessId, line, line.quantity, now);
        changes.push({ variant: variants.get(line.variantId)!, level, before: level.onHand - line.quantity, reason: 'return', note: by.note ?? null });
      }
      await writeTogether(tx, await writesOf(tx, businessId, changes, by.actorUserId));
      return changes.map((c) => presentLevel(c.level));
    },

    /** The movements of a variant at a location, newest first. */
    movements: (businessId: string, key: LevelKey) => repo.movementsOf(db, businessId, key),

    /** The levels of these products' variants, for the product answer (one statement per page). */
    levelsOf: (executor: Executor, businessId: string, productIds: string[]) => repo.levelsOf(executor, businessId, productIds),
  };
}

export type StockService = ReturnType<typeof createStockService>;
