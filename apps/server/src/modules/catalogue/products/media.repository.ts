import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { MediaRendition } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { categoryImages, media, mediaFiles, productCategories, productImages, products } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { escapeLike } from './products.repository';

export type MediaRow = typeof media.$inferSelect;
export type MediaFileInsert = typeof mediaFiles.$inferInsert;
export interface MediaUseRow {
  mediaId: string;
  kind: 'product' | 'category';
  id: string;
  name: string;
}
/** An image as a product or category shows it, with where it is shown and in which place. */
export type ShownImageRow = MediaRow & { ownerId: string; position: number };

export const mediaRepository = {
  async insert(db: Executor, row: typeof media.$inferInsert, files: MediaFileInsert[]): Promise<void> {
    await db.insert(media).values(row);
    await db.insert(mediaFiles).values(files);
  },

  /** A page of the library, newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, q: string | undefined, limit: number, cursor?: Cursor): Promise<MediaRow[]> {
    const conditions = [
      eq(media.businessId, businessId),
      q ? or(ilike(media.fileName, `%${escapeLike(q)}%`), ilike(media.altText, `%${escapeLike(q)}%`)) : undefined,
      cursor ? pastCursor('desc', media.createdAt, media.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(media)
      .where(and(...conditions))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(limit + 1);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<MediaRow | null> {
    const query = db
      .select()
      .from(media)
      .where(and(eq(media.businessId, businessId), eq(media.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The business's images among these ids. */
  async findMany(db: Executor, businessId: string, ids: string[]): Promise<MediaRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(media)
      .where(and(eq(media.businessId, businessId), inArray(media.id, ids)));
  },

  /** The products and categories that show these images, by name. */
  async usesOf(db: Executor, businessId: string, mediaIds: string[]): Promise<MediaUseRow[]> {
    if (mediaIds.length === 0) return [];
    const byProducts = await db
      .select({ mediaId: productImages.mediaId, id: products.id, name: products.name })
      .from(productImages)
      .innerJoin(products, and(eq(products.businessId, productImages.businessId), eq(products.id, productImages.productId)))
      .where(and(eq(productImages.businessId, businessId), inArray(productImages.mediaId, mediaIds)))
      .orderBy(asc(products.name));
    const byCategories = await db
      .select({ mediaId: categoryImages.mediaId, id: productCategories.id, name: productCategories.name })
      .from(categoryImages)
      .innerJoin(productCategories, and(eq(productCategories.businessId, categoryImages.businessId), eq(productCategories.id, categoryImages.categoryId)))
      .where(and(eq(categoryImages.businessId, businessId), inArray(categoryImages.mediaId, mediaIds)))
      .orderBy(asc(productCategories.name));
    return [...byProducts.map((r) => ({ ...r, kind: 'product' as const })), ...byCategories.map((r) => ({ ...r, kind: 'category' as const }))];
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<Pick<MediaRow, 'altText' | 'fileName' | 'updatedAt'>>): Promise<void> {
    await db
      .update(media)
      .set(fields)
      .where(and(eq(media.businessId, businessId), eq(media.id, id)));
  },

  /** Takes an image off every product and category that shows it; answers how many it was on. */
  async detach(db: Executor, businessId: string, id: string): Promise<number> {
    const fromProducts = await db
      .delete(productImages)
      .where(and(eq(productImages.businessId, businessId), eq(productImages.mediaId, id)))
      .returning({ productId: productImages.productId });
    const fromCategories = await db
      .delete(categoryImages)
      .where(and(eq(categoryImages.businessId, businessId), eq(categoryImages.mediaId, id)))
      .returning({ categoryId: categoryImages.categoryId });
    return fromProducts.length + fromCategories.length;
  },

  /** Deletes an image and its files (a product or category still showing it refuses: the foreign keys). */
  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(media).where(and(eq(media.businessId, businessId), eq(media.id, id)));
  },

  /** One file of an image, when the hash is the image's (an old or forged URL finds nothing). */
  async file(
    db: Executor,
    businessId: string,
    mediaId: string,
    hash: string,
    rendition: MediaRendition,
  ): Promise<{ contentType: string; content: Buffer } | null> {
    const [row] = await db
      .select({ contentType: mediaFiles.contentType, content: mediaFiles.content })
      .from(mediaFiles)
      .innerJoin(media, and(eq(media.businessId, mediaFiles.businessId), eq(media.id, mediaFiles.mediaId)))
      .where(and(eq(mediaFiles.businessId, businessId), eq(mediaFiles.mediaId, mediaId), eq(mediaFiles.rendition, rendition), eq(media.hash, hash)))
      .limit(1);
    return row ?? null;
  },

  async setProductImages(db: Executor, businessId: string, productId: string, mediaIds: string[]): Promise<void> {
    await db.delete(productImages).where(and(eq(productImages.businessId, businessId), eq(productImages.productId, productId)));
    if (mediaIds.length > 0) await db.insert(productImages).values(mediaIds.map((mediaId, position) => ({ businessId, productId, mediaId, position })));
  },

  /** The images of these categories. */
  async categoryImagesOf(db: Executor, businessId: string, categoryIds: string[]): Promise<ShownImageRow[]> {
    if (categoryIds.length === 0) return [];
    const rows = await db
      .select({ media, ownerId: categoryImages.categoryId })
      .from(categoryImages)
      .innerJoin(media, and(eq(media.businessId, categoryImages.businessId), eq(media.id, categoryImages.mediaId)))
      .where(and(eq(categoryImages.businessId, businessId), inArray(categoryImages.categoryId, categoryIds)));
    return rows.map((r) => ({ ...r.media, ownerId: r.ownerId, position: 0 }));
  },

  async setCategoryImage(db: Executor, businessId: string, categoryId: string, mediaId: string | null): Promise<void> {
    await db.delete(categoryImages).where(and(eq(categoryImages.businessId, businessId), eq(categoryImages.categoryId, categoryId)));
    if (mediaId) await db.insert(categoryImages).values({ businessId, categoryId, mediaId });
  },
};
