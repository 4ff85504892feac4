import { AppError, fieldError } from '@merchant/core';
import type { Category, CategoryBody, Image } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { categoriesRepository as repo, type CategoryWithCount } from './categories.repository';
import { productsRepository } from './products.repository';
import { presentImage } from './media.presenter';
import { mediaRepository } from './media.repository';

const notFound = () => new AppError('CATEGORY_NOT_FOUND', 'Category not found.');
const nameTaken = () => fieldError('VALIDATION_FAILED', 'name', 'Another category has this name');

export function presentCategory(row: CategoryWithCount, image: Image | null = null): Category {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    product_count: row.productCount,
    image,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Product categories: ordered by the merchant, a product in at most one; the "all products" screen moves many at once. */
export function createCategoriesService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'product_category', objectId });

  /** Runs a change whose name a unique index guards: a name another category holds is a field error. */
  async function named<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (uniqueViolationOf(error) === 'product_categories_name_key') throw nameTaken();
      throw error;
    }
  }

  /** Categories with their images (one statement for the list). */
  async function present(executor: Executor, businessId: string, rows: CategoryWithCount[]): Promise<Category[]> {
    const images = await mediaRepository.categoryImagesOf(
      executor,
      businessId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const image = images.find((i) => i.ownerId === row.id);
      return presentCategory(row, image ? presentImage(image) : null);
    });
  }

  async function getIn(executor: Executor, businessId: string, id: string): Promise<Category> {
    const row = await repo.find(executor, businessId, id);
    if (!row) throw notFound();
    return (await present(executor, businessId, [row]))[0]!;
  }

  /** Sets or takes off a category's image (undefined: left as it is); an image of the library only. */
  async function setImage(tx: Executor, businessId: string, id: string, mediaId: string | null | undefined): Promise<void> {
    if (mediaId === undefined) return;
    if (mediaId !== null && (await mediaRepository.findMany(tx, businessId, [mediaId])).length === 0) {
      throw fieldError('VALIDATION_FAILED', 'image_media_id', 'Choose an image from the library');
    }
    await mediaRepository.setCategoryImage(tx, businessId, id, mediaId);
  }

  return {
    async list(businessId: string) {
      return { data: await present(db, businessId, await repo.list(db, businessId)) };
    },

    /** A numbered page of the categories in their order (the public API's list), `keywords` searching their names. */
    async pageForApi(businessId: string, keywords: string | undefined, page: number, perPage: number) {
      const { rows, total } = await repo.page(db, businessId, keywords, perPage, (page - 1) * perPage);
      return { data: await present(db, businessId, rows), total };
    },

    get: (businessId: string, id: string) => getIn(db, businessId, id),

    async create(ctx: BusinessContext, body: CategoryBody): Promise<Category> {
      const businessId = ctx.business.row.id;
      const id = newTimeOrderedId(clock.now().getTime());
      return named(() =>
        db.transaction(async (tx) => {
          const all = await repo.lockAll(tx, businessId);
          const now = clock.now();
          await repo.insert(tx, { businessId, id, name: body.name, position: all.length, createdAt: now, updatedAt: now });
          await setImage(tx, businessId, id, body.image_media_id);
          await recordIn(tx, ctx, id, 'category.created', `Added the product category “${body.name}”`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    async update(ctx: BusinessContext, id: string, body: CategoryBody): Promise<Category> {
      const businessId = ctx.business.row.id;
      return named(() =>
        db.transaction(async (tx) => {
          if (!(await repo.update(tx, businessId, id, { name: body.name, updatedAt: clock.now() }))) throw notFound();
          await setImage(tx, businessId, id, body.image_media_id);
          await recordIn(tx, ctx, id, 'category.updated', `Renamed a product category to “${body.name}”`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    /** A new order: every category's id once. */
    async reorder(ctx: BusinessContext, ids: string[]) {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const all = await repo.lockAll(tx, businessId);
        const known = new Set(all.map((c) => c.id));
        if (ids.length !== all.length || ids.some((id) => !known.has(id))) {
          throw fieldError('VALIDATION_FAILED', 'category_ids', 'Name every category of the business once');
        }
        await repo.reorder(tx, businessId, ids, clock.now());
        await recordIn(tx, ctx, businessId, 'category.reordered', 'Put the product categories in a new order');
        return { data: await present(tx, businessId, await repo.list(tx, businessId)) };
      });
    },

    /** Deletes a category; its products move to `moveTo` (another category, or none) or the delete is refused. */
    async remove(ctx: BusinessContext, id: string, moveTo: string | undefined) {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const all = await repo.lockAll(tx, businessId);
        const category = all.find((c) => c.id === id);
        if (!category) throw notFound();
        if (moveTo !== undefined && moveTo !== 'none' && (moveTo === id || !all.some((c) => c.id === moveTo))) {
          throw fieldError('VALIDATION_FAILED', 'move_to', 'Choose another category from the list');
        }
        const now = clock.now();
        let moved = 0;
        if (moveTo === undefined) {
          const found = await repo.find(tx, businessId, id);
          if (found && found.productCount > 0) {
            throw new AppError(
              'CATEGORY_NOT_EMPTY',
              `“${category.name}” holds ${found.productCount} products: move them to another category or to none first.`,
            );
          }
        } else {
          moved = await productsRepository.moveCategory(tx, businessId, id, moveTo === 'none' ? null : moveTo, now);
        }
        await repo.remove(tx, businessId, id);
        const rest = all.filter((c) => c.id !== id).map((c) => c.id);
        await repo.reorder(tx, businessId, rest, now);
        await recordIn(tx, ctx, id, 'category.removed', `Deleted the product category “${category.name}”${moved > 0 ? ` (${moved} products moved)` : ''}`);
        return { removed: true as const, moved };
      });
    },

    /** Puts many products in one category (or none) at once. */
    async assign(ctx: BusinessContext, categoryId: string | null, productIds: string[]) {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const category = categoryId ? await repo.find(tx, businessId, categoryId) : null;
        if (categoryId && !category) throw fieldError('VALIDATION_FAILED', 'category_id', 'Choose a category from the list');
        const known = await productsRepository.existing(tx, businessId, productIds);
        const unknown = productIds.findIndex((p) => !known.has(p));
        if (unknown >= 0) throw fieldError('VALIDATION_FAILED', `product_ids.${unknown}`, 'Choose a product from the list');
        const updated = await productsRepository.setCategory(tx, businessId, productIds, categoryId, clock.now());
        await recordIn(
          tx,
          ctx,
          categoryId ?? businessId,
          'category.products_assigned',
          category ? `Moved ${updated} products into “${category.name}”` : `Took ${updated} products out of their category`,
        );
        return { updated };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
