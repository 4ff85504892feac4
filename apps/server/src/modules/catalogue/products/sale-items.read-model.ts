import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { addOnChoices, productAddOnGroups, productVariants, products } from '@/db/schema';

/** A variant as a sale needs it: its product, price, stock tracking and the add-on choices its product offers. */
export interface SaleItem {
  variantId: string;
  productId: string;
  categoryId: string | null;
  name: string;
  price: number;
  currency: string;
  status: 'active' | 'archived';
  channels: string[];
  trackStock: boolean;
  /** As the stock service reads them (`takeOff`'s known variants): the product's name, the options, backorders. */
  productName: string;
  optionValues: string[];
  allowBackorder: boolean;
  /** The add-on choices of the product's groups, by id. */
  addOns: Map<string, { id: string; name: string; price: number }>;
}

const variantsOf = preparedStatement('sale_items_variants', (db, name) =>
  db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      categoryId: products.categoryId,
      productName: products.name,
      optionValues: productVariants.optionValues,
      price: productVariants.price,
      currency: products.currency,
      status: products.status,
      channels: products.channels,
      trackStock: products.trackStock,
      allowBackorder: products.allowBackorder,
    })
    .from(productVariants)
    .innerJoin(products, and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)))
    .where(and(eq(productVariants.businessId, sql.placeholder('businessId')), sql`${productVariants.id} = any(${sql.placeholder('ids')}::uuid[])`))
    .prepare(name),
);
const choicesOf = preparedStatement('sale_items_add_ons', (db, name) =>
  db
    .select({ productId: productAddOnGroups.productId, id: addOnChoices.id, name: addOnChoices.name, price: addOnChoices.price })
    .from(productAddOnGroups)
    .innerJoin(addOnChoices, and(eq(addOnChoices.businessId, productAddOnGroups.businessId), eq(addOnChoices.groupId, productAddOnGroups.groupId)))
    .where(and(eq(productAddOnGroups.businessId, sql.placeholder('businessId')), sql`${productAddOnGroups.productId} = any(${sql.placeholder('ids')}::uuid[])`))
    .prepare(name),
);

/**
 * The variants a sale names, with what pricing needs (published by the catalogue for the register, which prices
 * its lines from the catalogue's prices): two statements whatever the number of lines, each built once (db/prepared.ts).
 */
export async function saleItems(db: Executor, businessId: string, variantIds: readonly string[]): Promise<Map<string, SaleItem>> {
  if (variantIds.length === 0) return new Map();
  const rows = await variantsOf(db, { businessId, ids: [...new Set(variantIds)] });
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const choices = productIds.length === 0 ? [] : await choicesOf(db, { businessId, ids: productIds });
  return new Map(
    rows.map((r) => [
      r.variantId,
      {
        variantId: r.variantId,
        productId: r.productId,
        categoryId: r.categoryId,
        name: r.optionValues.length > 0 ? `${r.productName} (${r.optionValues.join(' / ')})` : r.productName,
        price: r.price,
        currency: r.currency,
        status: r.status,
        channels: [...r.channels],
        trackStock: r.trackStock,
        productName: r.productName,
        optionValues: r.optionValues,
        allowBackorder: r.allowBackorder,
        addOns: new Map(choices.filter((c) => c.productId === r.productId).map((c) => [c.id, { id: c.id, name: c.name, price: c.price }])),
      },
    ]),
  );
}
