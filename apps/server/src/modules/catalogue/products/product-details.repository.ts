import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { jsonArray } from '@/db/json-rows';
import { preparedStatement } from '@/db/prepared';
import { media, productAddOnGroups, productImages, productVariants, stockLevels } from '@/db/schema';
import type { ImageFacts } from './media.presenter';
import type { VariantRow } from './products.repository';
import type { StockLevelRow } from './stock.repository';

/** What a product shows of a variant (products.presenter.ts). */
export type ShownVariant = Pick<VariantRow, 'id' | 'productId' | 'optionValues' | 'price' | 'compareAtPrice' | 'cost' | 'sku' | 'barcode' | 'weightGrams'>;
/** What a product shows of a stock level (stock.service.ts, `presentLevel`). */
export type ShownLevel = Pick<StockLevelRow, 'productId' | 'variantId' | 'locationId' | 'onHand' | 'lowStockThreshold'>;
/** What a product shows of an image (media.presenter.ts, `presentImage`), and whose it is. */
export type ShownImage = ImageFacts & { ownerId: string };

/** What a page of products shows of each product besides its own row, each product's in order. */
export interface ProductDetails {
  variants: ShownVariant[];
  groups: { productId: string; groupId: string }[];
  levels: ShownLevel[];
  images: ShownImage[];
}

const businessId = sql.placeholder('businessId');
const ids = sql.placeholder('ids');
/** `alias.business_id = the business and alias.product_id one of the page's`. */
const ofPage = (alias: string) => sql`${sql.raw(alias)}.business_id = ${businessId} and ${sql.raw(alias)}.product_id = any(${ids}::uuid[])`;

/**
 * The variants, add-on groups, stock levels and images of a page of products (`ids`) in one statement (one round trip
 * where there were four; docs/benchmarks.md, "The catalogue at scale"): each as a JSON array of the columns its
 * presenter shows, keyed as the rows' fields. Built once (db/prepared.ts).
 */
const detailsOfPage = preparedStatement('product_details_of', (db, name) =>
  db
    .select({
      variants: jsonArray(
        sql`json_build_object('id', v.id, 'productId', v.product_id, 'optionValues', v.option_values, 'price', v.price,
          'compareAtPrice', v.compare_at_price, 'cost', v.cost, 'sku', v.sku, 'barcode', v.barcode, 'weightGrams', v.weight_grams)`,
        'v.product_id, v.position',
        sql`${productVariants} v where ${ofPage('v')}`,
      ).mapWith((value: unknown) => value as ShownVariant[]),
      groups: jsonArray(
        sql`json_build_object('productId', g.product_id, 'groupId', g.group_id)`,
        'g.product_id, g.position',
        sql`${productAddOnGroups} g where ${ofPage('g')}`,
      ).mapWith((value: unknown) => value as ProductDetails['groups']),
      levels: jsonArray(
        sql`json_build_object('productId', l.product_id, 'variantId', l.variant_id, 'locationId', l.location_id, 'onHand', l.on_hand,
          'lowStockThreshold', l.low_stock_threshold)`,
        'l.variant_id, l.location_id',
        sql`${stockLevels} l where ${ofPage('l')}`,
      ).mapWith((value: unknown) => value as ShownLevel[]),
      images: jsonArray(
        sql`json_build_object('ownerId', i.product_id, 'id', m.id, 'businessId', m.business_id, 'altText', m.alt_text, 'width', m.width,
          'height', m.height, 'hash', m.hash, 'format', m.format)`,
        'i.product_id, i.position',
        sql`${productImages} i join ${media} m on m.business_id = i.business_id and m.id = i.media_id where ${ofPage('i')}`,
      ).mapWith((value: unknown) => value as ShownImage[]),
    })
    .from(sql`(select) as one`)
    .prepare(name),
);

export const productDetailsRepository = {
  /** What a page of products shows of each besides its row (`ids`: the page's products). */
  async of(db: Executor, business: string, productIds: string[]): Promise<ProductDetails> {
    if (productIds.length === 0) return { variants: [], groups: [], levels: [], images: [] };
    const [row] = await detailsOfPage(db, { businessId: business, ids: productIds });
    return row!;
  },
};
