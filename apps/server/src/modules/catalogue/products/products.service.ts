import { AppError, fieldError, formatMoneyWithCode, type ApiIssue } from '@merchant/core';
import type { CreateProductFields, ListProductsQuery, Product, ProductStatus, UpdateProductFields, VariantFields } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { mayLag } from '@/db/replica';
import { within, type SavepointOption } from '@/db/savepoint';
import { uniqueViolationOf } from '@/db/unique-violation';
import { writeTogether } from '@/db/write-together';
import type { BusinessContext } from '@/http/context';
import type { CatalogueActor } from './catalogue-actor';

export type { CatalogueActor };
import type { Clock } from '@/lib/clock';
import { newId, newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { categoriesRepository } from './categories.repository';
import { addOnsRepository } from './add-ons.repository';
import { productDetailsRepository } from './product-details.repository';
import { decodeProductCursor, encodeProductCursor } from './product-cursor';
import { presentProduct } from './products.presenter';
import { presentImage } from './media.presenter';
import { mediaRepository } from './media.repository';
import { presentLevel } from './stock.service';
import { productsRepository as repo, type ProductLogInsert, type ProductRow, type VariantRow, searchCodes } from './products.repository';

export const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found.');

/** Prices need `catalogue:pricing` besides `catalogue:manage` (docs/roles.md). */
export function assertMayPrice(ctx: CatalogueActor): void {
  if (!ctx.business.permissions.includes('catalogue:pricing')) {
    throw new AppError('FORBIDDEN', 'Changing prices needs the catalogue pricing permission (owners, admins and managers).');
  }
}

const PRICE_FIELDS = ['price', 'compare_at_price', 'cost'] as const;
const priceOf = (v: Pick<VariantRow, 'price' | 'compareAtPrice' | 'cost'>, field: (typeof PRICE_FIELDS)[number]) =>
  field === 'price' ? v.price : field === 'compare_at_price' ? v.compareAtPrice : v.cost;
const asText = (n: number | null) => (n === null ? null : String(n));

/** The audit and log entries of one change, written with the change in one statement. */
type LogRow = Omit<ProductLogInsert, 'businessId' | 'id' | 'productId' | 'actorUserId' | 'createdAt'>;

function variantLog(before: VariantRow | null, after: VariantFields | null, variantId: string): LogRow[] {
  return PRICE_FIELDS.flatMap((field) => {
    const was = before ? priceOf(before, field) : null;
    const now = after ? (after[field] ?? null) : null;
    return was === now ? [] : [{ kind: 'price' as const, field, variantId, before: asText(was), after: asText(now) }];
  });
}

/** What a body's variants change of the stored ones: prices (kept variants compared field by field, new ones priced). */
function changesPrices(current: VariantRow[], next: VariantFields[]): boolean {
  return next.some((v) => {
    const was = v.id ? current.find((c) => c.id === v.id) : undefined;
    return !was || PRICE_FIELDS.some((field) => priceOf(was, field) !== (v[field] ?? null));
  });
}

const codesOf = (variants: VariantFields[]) => ({
  skus: variants.flatMap((v) => (v.sku ? [v.sku] : [])),
  barcodes: variants.flatMap((v) => (v.barcode ? [v.barcode] : [])),
});

/** Field errors for the body's SKUs and barcodes that variants of other products hold. */
async function takenCodes(db: Executor, businessId: string, variants: VariantFields[], exceptProductId: string | null): Promise<ApiIssue[]> {
  const taken = await repo.codesTaken(db, businessId, codesOf(variants), exceptProductId);
  const skus = new Set(taken.flatMap((t) => (t.sku ? [t.sku.toLowerCase()] : [])));
  const barcodes = new Set(taken.flatMap((t) => (t.barcode ? [t.barcode] : [])));
  return variants.flatMap((v, i) => [
    ...(v.sku && skus.has(v.sku.toLowerCase()) ? [{ path: `variants.${i}.sku`, message: `The SKU ${v.sku} is already used by another product` }] : []),
    ...(v.barcode && barcodes.has(v.barcode)
      ? [{ path: `variants.${i}.barcode`, message: `The barcode ${v.barcode} is already used by another product` }]
      : []),
  ]);
}

const invalid = (issues: ApiIssue[]) => new AppError('VALIDATION_FAILED', issues[0]!.message, issues);

/**
 * Products and their variants (docs/catalogue.md). A change of options and variants replaces the set in one
 * transaction; a variant sent with its id keeps it. Changes to prices, availability and names write product log rows
 * with the change and its audit entry, in one statement (`writeTogether`).
 */
export function createProductsService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  async function load(executor: Executor, businessId: string, rows: ProductRow[]): Promise<Product[]> {
    // The whole page's variants, add-on groups, stock levels and images in one statement.
    const { variants, groups, levels, images } = await productDetailsRepository.of(
      executor,
      businessId,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      presentProduct(
        row,
        variants.filter((v) => v.productId === row.id),
        groups.filter((g) => g.productId === row.id).map((g) => g.groupId),
        levels.filter((l) => l.productId === row.id).map(presentLevel),
        images.filter((i) => i.ownerId === row.id).map((i) => presentImage(i)),
      ),
    );
  }

  async function getIn(executor: Executor, businessId: string, id: string): Promise<Product> {
    const row = await repo.find(executor, businessId, id);
    if (!row) throw productNotFound();
    return (await load(executor, businessId, [row]))[0]!;
  }

  /** A new product, its variants, its log rows and audit entry, in a transaction (a savepoint in the executor's). */
  async function insertProduct(
    ctx: CatalogueActor,
    body: CreateProductFields,
    executor: Executor,
    { savepoint = true }: SavepointOption = {},
  ): Promise<{ id: string; variantIds: string[] }> {
    assertMayPrice(ctx);
    const businessId = ctx.business.row.id;
    const currency = ctx.business.row.currency;
    const id = newTimeOrderedId(clock.now().getTime());
    return codeRace(
      executor,
      businessId,
      body.variants,
      null,
      () =>
        within(executor, savepoint, async (tx) => {
          await checkCategory(tx, businessId, body.category_id);
          const taken = await takenCodes(tx, businessId, body.variants, null);
          if (taken.length > 0) throw invalid(taken);
          const now = clock.now();
          await repo.insertProduct(tx, {
            businessId,
            id,
            name: body.name,
            description: body.description,
            currency,
            channels: body.channels,
            categoryId: body.category_id,
            trackStock: body.track_stock,
            allowBackorder: body.allow_backorder,
            options: body.options,
            codes: searchCodes(body.variants),
            createdAt: now,
            updatedAt: now,
          });
          const variants = body.variants.map((v, position) => ({
            ...variantColumns(v),
            businessId,
            productId: id,
            id: newId(),
            position,
            createdAt: now,
            updatedAt: now,
          }));
          await repo.insertVariants(tx, variants);
          const lowest = Math.min(...body.variants.map((v) => v.price));
          await record(
            tx,
            ctx,
            id,
            [
              { kind: 'name', field: 'name', before: null, after: body.name },
              { kind: 'availability', field: 'status', before: null, after: 'active' },
              { kind: 'availability', field: 'channels', before: null, after: body.channels.join(', ') },
              ...body.variants.flatMap((v, i) => variantLog(null, v, variants[i]!.id)),
            ],
            'product.created',
            `Added the product “${body.name}” at ${body.variants.length > 1 ? 'from ' : ''}${formatMoneyWithCode(lowest, currency)}`,
          );
          return { id, variantIds: variants.map((v) => v.id) };
        }),
      // Without a savepoint of its own the caller's transaction is aborted by the violation: nothing more can be read.
      savepoint,
    );
  }

  async function checkCategory(executor: Executor, businessId: string, categoryId: string | null | undefined): Promise<void> {
    if (categoryId && !(await categoriesRepository.exists(executor, businessId, categoryId))) {
      throw fieldError('VALIDATION_FAILED', 'category_id', 'Choose a category from the list');
    }
  }

  /** Writes the log rows and the audit entry of a change in one statement. */
  async function record(tx: Executor, ctx: CatalogueActor, productId: string, log: LogRow[], action: string, description: string): Promise<void> {
    const businessId = ctx.business.row.id;
    const at = clock.now();
    const rows = log.map((l) => ({ ...l, businessId, productId, id: newTimeOrderedId(at.getTime()), actorUserId: ctx.user.id, createdAt: at }));
    await writeTogether(tx, [
      ...repo.logWrites(tx, rows),
      await audit.write(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId, objectType: 'product', objectId: productId }),
    ]);
  }

  /** A unique index refused a SKU or barcode a concurrent change took first: the same field error as the check's. */
  async function codeRace<T>(
    executor: Executor,
    businessId: string,
    variants: VariantFields[] | undefined,
    productId: string | null,
    run: () => Promise<T>,
    reread = true,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      if (constraint === null || !variants) throw error;
      const issues = reread ? await takenCodes(executor, businessId, variants, productId) : [];
      const field = constraint.includes('barcode') ? 'barcode' : 'sku';
      throw invalid(
        issues.length > 0
          ? issues
          : [{ path: `variants.0.${field}`, message: `This ${field === 'sku' ? 'SKU' : 'barcode'} is already used by another product` }],
      );
    }
  }

  async function setStatus(ctx: CatalogueActor, id: string, status: ProductStatus, executor: Executor = db): Promise<Product> {
    const businessId = ctx.business.row.id;
    return executor.transaction(async (tx) => {
      const current = await repo.find(tx, businessId, id, true);
      if (!current) throw productNotFound();
      if (current.status !== status) {
        await repo.update(tx, businessId, id, { status, updatedAt: clock.now() });
        await record(
          tx,
          ctx,
          id,
          [{ kind: 'availability', field: 'status', before: current.status, after: status }],
          status === 'archived' ? 'product.archived' : 'product.unarchived',
          `${status === 'archived' ? 'Archived' : 'Brought back'} the product “${current.name}”`,
        );
      }
      return getIn(tx, businessId, id);
    });
  }

  return {
    getIn,

    async list(businessId: string, query: ListProductsQuery) {
      const filter = {
        q: query.q,
        status: query.status === 'all' ? null : query.status,
        category: query.category,
        channel: query.channel,
        lowStock: query.stock === 'low',
      };
      // The page and what it shows of each product (variants, stock, images) from one server: the replica when the
      // request allows it (db/replica.ts).
      const read = mayLag(db);
      const rows = await repo.page(read, businessId, filter, query.sort, query.limit, decodeProductCursor(query.cursor, query.sort));
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        data: await load(read, businessId, page),
        next_cursor: rows.length > query.limit && last ? encodeProductCursor(last, query.sort) : null,
      };
    },

    get: (businessId: string, id: string) => getIn(db, businessId, id),

    /**
     * Which of these ids are the business's products, whatever their status (an archived product's invoice line stays
     * valid): other modules check the products a body names with it, in their transaction (`executor`).
     */
    existing: (businessId: string, ids: string[], executor: Executor = db): Promise<Set<string>> => repo.existing(executor, businessId, ids),

    /**
     * Adds a product. `executor` is a caller's transaction to run inside (a product import's row: the product and its
     * stock saved together), as a savepoint; by default its own transaction.
     */
    async create(ctx: CatalogueActor, body: CreateProductFields, executor: Executor = db): Promise<Product> {
      const { id } = await insertProduct(ctx, body, executor);
      return getIn(executor, ctx.business.row.id, id);
    },

    /** `create` without reading the product back: its id and its variants' ids in order (the CSV import's rows). */
    insert: (ctx: CatalogueActor, body: CreateProductFields, executor: Executor = db, options?: SavepointOption) => insertProduct(ctx, body, executor, options),

    /** Changes the fields sent; `executor` as `create`'s. */
    async update(ctx: CatalogueActor, id: string, body: UpdateProductFields, executor: Executor = db): Promise<Product> {
      const businessId = ctx.business.row.id;
      return codeRace(executor, businessId, body.variants, id, () =>
        executor.transaction(async (tx) => {
          const current = await repo.find(tx, businessId, id, true);
          if (!current) throw productNotFound();
          const variants = await repo.variantsOf(tx, businessId, [id]);
          const log: LogRow[] = [];
          if (body.name !== undefined && body.name !== current.name) log.push({ kind: 'name', field: 'name', before: current.name, after: body.name });
          if (body.channels && [...body.channels].sort().join() !== [...current.channels].sort().join()) {
            log.push({ kind: 'availability', field: 'channels', before: current.channels.join(', '), after: body.channels.join(', ') });
          }
          if (body.category_id !== undefined && body.category_id !== current.categoryId) await checkCategory(tx, businessId, body.category_id);
          const now = clock.now();
          if (body.variants) {
            const unknown = body.variants.flatMap((v, i) =>
              v.id && !variants.some((c) => c.id === v.id) ? [{ path: `variants.${i}.id`, message: 'This variant is not one of the product’s' }] : [],
            );
            if (unknown.length > 0) throw invalid(unknown);
            if (changesPrices(variants, body.variants)) assertMayPrice(ctx);
            const taken = await takenCodes(tx, businessId, body.variants, id);
            if (taken.length > 0) throw invalid(taken);
            log.push(...(await replaceVariants(tx, businessId, id, variants, body.variants, now)));
          }
          await repo.update(tx, businessId, id, {
            ...(body.name !== undefined && { name: body.name }),
            ...(body.description !== undefined && { description: body.description }),
            ...(body.channels && { channels: body.channels }),
            ...(body.category_id !== undefined && { categoryId: body.category_id }),
            ...(body.track_stock !== undefined && { trackStock: body.track_stock }),
            ...(body.allow_backorder !== undefined && { allowBackorder: body.allow_backorder }),
            ...(body.options && { options: body.options }),
            ...(body.variants && { codes: searchCodes(body.variants) }),
            updatedAt: now,
          });
          const name = body.name ?? current.name;
          await record(tx, ctx, id, log, 'product.updated', `Edited the product “${name}”`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    archive: (ctx: CatalogueActor, id: string, executor?: Executor) => setStatus(ctx, id, 'archived', executor),
    unarchive: (ctx: CatalogueActor, id: string, executor?: Executor) => setStatus(ctx, id, 'active', executor),

    /** Attaches add-on groups to a product, in order (replacing its list). */
    async setAddOnGroups(ctx: BusinessContext, id: string, groupIds: string[]): Promise<Product> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, id, true);
        if (!current) throw productNotFound();
        const known = await addOnsRepository.existing(tx, businessId, groupIds);
        const unknown = groupIds.flatMap((g, i) => (known.has(g) ? [] : [{ path: `group_ids.${i}`, message: 'Choose an add-on group from the list' }]));
        if (unknown.length > 0) throw invalid(unknown);
        await repo.setAddOnGroups(tx, businessId, id, groupIds);
        await repo.update(tx, businessId, id, { updatedAt: clock.now() });
        await record(tx, ctx, id, [], 'product.add_on_groups_set', `Set the add-on groups of “${current.name}” (${groupIds.length})`);
        return getIn(tx, businessId, id);
      });
    },

    /** Sets a product's images from the library, in order (the first is the primary one), replacing its list. */
    async setImages(ctx: BusinessContext, id: string, mediaIds: string[]): Promise<Product> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, id, true);
        if (!current) throw productNotFound();
        const known = new Set((await mediaRepository.findMany(tx, businessId, mediaIds)).map((m) => m.id));
        const unknown = mediaIds.flatMap((m, i) => (known.has(m) ? [] : [{ path: `media_ids.${i}`, message: 'Choose an image from the library' }]));
        if (unknown.length > 0) throw invalid(unknown);
        await mediaRepository.setProductImages(tx, businessId, id, mediaIds);
        await repo.update(tx, businessId, id, { updatedAt: clock.now() });
        await record(tx, ctx, id, [], 'product.images_set', `Set the images of “${current.name}” (${mediaIds.length})`);
        return getIn(tx, businessId, id);
      });
    },
  };
}

const variantColumns = (v: VariantFields) => ({
  optionValues: v.option_values,
  price: v.price,
  compareAtPrice: v.compare_at_price,
  cost: v.cost,
  sku: v.sku,
  barcode: v.barcode,
  // Left out of a change: kept as it is (a new variant gets none).
  ...(v.weight_grams !== undefined && { weightGrams: v.weight_grams }),
});

/**
 * Replaces a product's variants with the body's: kept ones (by id) are rewritten in place, the others removed, new
 * ones added. Codes that change are cleared first, so two variants may swap their SKUs in one change.
 */
async function replaceVariants(
  tx: Executor,
  businessId: string,
  productId: string,
  current: VariantRow[],
  next: VariantFields[],
  now: Date,
): Promise<LogRow[]> {
  const kept = new Set(next.flatMap((v) => (v.id ? [v.id] : [])));
  const removed = current.filter((c) => !kept.has(c.id));
  await repo.deleteVariants(
    tx,
    businessId,
    removed.map((r) => r.id),
  );
  for (const v of next) {
    const was = v.id ? current.find((c) => c.id === v.id) : undefined;
    if (was && (was.sku !== v.sku || was.barcode !== v.barcode)) await repo.updateVariant(tx, businessId, was.id, { sku: null, barcode: null });
  }
  const log: LogRow[] = removed.flatMap((r) => variantLog(r, null, r.id));
  const inserts = [];
  for (const [position, v] of next.entries()) {
    const was = v.id ? current.find((c) => c.id === v.id) : undefined;
    if (was) {
      await repo.updateVariant(tx, businessId, was.id, { ...variantColumns(v), position, updatedAt: now });
      log.push(...variantLog(was, v, was.id));
    } else {
      const variantId = newId();
      inserts.push({ ...variantColumns(v), businessId, productId, id: variantId, position, createdAt: now, updatedAt: now });
      log.push(...variantLog(null, v, variantId));
    }
  }
  await repo.insertVariants(tx, inserts);
  return log;
}

export type ProductsService = ReturnType<typeof createProductsService>;
