import type { Image, Product, StockLevel, Variant } from '@merchant/catalogue';
import type { ShownVariant } from './product-details.repository';
import type { ProductRow } from './products.repository';

const money = (amount: number | null, currency: string) => (amount === null ? null : { amount, currency });

export function presentVariant(row: ShownVariant, currency: string, stock: StockLevel[] = []): Variant {
  return {
    id: row.id,
    option_values: row.optionValues,
    price: { amount: row.price, currency },
    compare_at_price: money(row.compareAtPrice, currency),
    cost: money(row.cost, currency),
    sku: row.sku,
    barcode: row.barcode,
    weight_grams: row.weightGrams,
    stock,
  };
}

/** A product with its variants (in order, at least one, each with its stock by location) and the add-on groups it offers. */
export function presentProduct(row: ProductRow, variants: ShownVariant[], addOnGroupIds: string[], stock: StockLevel[] = [], images: Image[] = []): Product {
  const lowest = variants.reduce((low, v) => Math.min(low, v.price), variants[0]?.price ?? 0);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    channels: row.channels,
    category_id: row.categoryId,
    track_stock: row.trackStock,
    allow_backorder: row.allowBackorder,
    options: row.options,
    variants: variants.map((v) => presentVariant(v, row.currency, row.trackStock ? stock.filter((s) => s.variant_id === v.id) : [])),
    price: { amount: lowest, currency: row.currency },
    add_on_group_ids: addOnGroupIds,
    images,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
