import { MEDIA_FORMAT_VALUES } from '@merchant/catalogue';
import { check, foreignKey, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businesses } from './business';
import { productCategories, products } from './catalogue';
import { createdAt, ts } from './common';
import { bytea } from './platform';

/**
 * The media library (docs/catalogue.md, "Images"): each image's facts, and its files (the original as uploaded and
 * WebP renditions) as bytes in the database, so a backup holds them and every app process serves them. Products show
 * several in order, a category one.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const media = pgTable(
  'media',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    altText: text('alt_text').notNull().default(''),
    /** Read from the bytes, never from the name or the declared type. */
    format: text('format', { enum: MEDIA_FORMAT_VALUES }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The first 16 hex digits of the original's SHA-256: part of every file's URL. */
    hash: text('hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('media_created_idx').on(t.businessId, t.createdAt, t.id)],
);

/** The files of an image: `original` (as uploaded) and `w160`, `w480`, `w1200` (WebP). Read one at a time. */
export const mediaFiles = pgTable(
  'media_files',
  {
    businessId: uuid('business_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    rendition: text('rendition', { enum: ['original', 'w160', 'w480', 'w1200'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.mediaId, t.rendition] }),
    foreignKey({ name: 'media_files_media_fk', columns: [t.businessId, t.mediaId], foreignColumns: [media.businessId, media.id] }).onDelete('cascade'),
  ],
);

/** A product's images in order; position 0 is the primary one. */
export const productImages = pgTable(
  'product_images',
  {
    businessId: uuid('business_id').notNull(),
    productId: uuid('product_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.productId, t.mediaId] }),
    foreignKey({ name: 'product_images_product_fk', columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'product_images_media_fk', columns: [t.businessId, t.mediaId], foreignColumns: [media.businessId, media.id] }),
    index('product_images_media_idx').on(t.businessId, t.mediaId),
    check('product_images_position', sql`${t.position} >= 0`),
  ],
);

/** A category's one image. */
export const categoryImages = pgTable(
  'category_images',
  {
    businessId: uuid('business_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    mediaId: uuid('media_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.categoryId] }),
    foreignKey({
      name: 'category_images_category_fk',
      columns: [t.businessId, t.categoryId],
      foreignColumns: [productCategories.businessId, productCategories.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'category_images_media_fk', columns: [t.businessId, t.mediaId], foreignColumns: [media.businessId, media.id] }),
    index('category_images_media_idx').on(t.businessId, t.mediaId),
  ],
);
