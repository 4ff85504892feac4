import { localDate, minorToMajorString } from '@merchant/core';
import type { ProductFilters } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable, type CsvValue } from '@/lib/csv';
import { productImportsRepository } from './product-imports.repository';
import { productsRepository as repo, type ProductCursor } from './products.repository';
import { stockRepository } from './stock.repository';

/** Products read per query while the export is sent. */
const EXPORT_BATCH = 500;
const PRICE_COLUMNS = ['price', 'compare_at_price', 'cost'] as const;
const HEADER = ['sku', 'name', 'description', ...PRICE_COLUMNS, 'barcode', 'category', 'active', 'channels', 'track_stock', 'options'] as const;

/**
 * The filtered product list as CSV in the columns the product import reads (docs/catalogue.md, "Bulk"): one row per
 * variant, prices in major units of the product's currency, a stock column per active location (tracked products
 * only), in the list's order, read in batches while it is sent.
 */
export function createProductExport(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async exportCsv(business: BusinessRow, filters: Required<Pick<ProductFilters, 'status' | 'sort'>> & Omit<ProductFilters, 'status' | 'sort'>) {
      const [categories, locations] = [
        await productImportsRepository.categoryNames(db, business.id),
        [...(await productImportsRepository.locationsByName(db, business.id)).values()],
      ];
      const table = csvTable([...HEADER, ...locations.map((l) => `stock: ${l.name}`)], [...PRICE_COLUMNS, ...locations.map((l) => `stock: ${l.name}`)]);
      const filter = {
        q: filters.q,
        status: filters.status === 'all' ? null : filters.status,
        category: filters.category,
        channel: filters.channel,
        lowStock: filters.stock === 'low',
      };
      async function* lines(): AsyncGenerator<string> {
        yield table.head();
        let cursor: ProductCursor | undefined;
        for (;;) {
          const rows = await repo.page(db, business.id, filter, filters.sort, EXPORT_BATCH, cursor);
          const page = rows.slice(0, EXPORT_BATCH);
          const ids = page.map((p) => p.id);
          const variants = await repo.variantsOf(db, business.id, ids);
          const levels = await stockRepository.levelsOf(db, business.id, ids);
          const onHand = new Map(levels.map((l) => [`${l.variantId}:${l.locationId}`, Number(l.onHand)]));
          const byProduct = new Map<string, typeof variants>();
          for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
          const out: string[] = [];
          for (const p of page) {
            for (const v of byProduct.get(p.id) ?? []) {
              const money = (amount: number | null) => (amount === null ? null : minorToMajorString(Number(amount), p.currency));
              const options = p.options.map((o, i) => `${o.name}: ${v.optionValues[i] ?? ''}`).join(' / ');
              const cells: CsvValue[] = [
                v.sku,
                p.name,
                p.description,
                money(v.price),
                money(v.compareAtPrice),
                money(v.cost),
                v.barcode,
                p.categoryId ? (categories.get(p.categoryId) ?? '') : '',
                p.status === 'active' ? 'yes' : 'no',
                p.channels.join(' '),
                p.trackStock ? 'yes' : 'no',
                options,
                ...locations.map((l) => (p.trackStock ? (onHand.get(`${v.id}:${l.id}`) ?? 0) : null)),
              ];
              out.push(table.line(cells));
            }
          }
          if (out.length > 0) yield out.join('');
          const last = page[page.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { key: filters.sort === 'name' ? last.name : last.createdAt, id: last.id };
        }
      }
      return { filename: `products-${business.identifier}-${localDate(clock.now(), business.timeZone)}.csv`, lines: lines() };
    },
  };
}

export type ProductExport = ReturnType<typeof createProductExport>;
