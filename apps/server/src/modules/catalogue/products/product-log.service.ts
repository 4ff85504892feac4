import { minorToMajorString, startOfLocalDay } from '@merchant/core';
import { PRODUCT_LOG_EXPORT_MAX_ROWS, type ProductLogEntry, type ProductLogFilters } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable } from '@/lib/csv';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { productLogRepository as repo } from './product-log.repository';

type Query = Pick<ProductLogFilters, 'product_id' | 'kind' | 'from' | 'to'> & { cursor?: string | undefined; limit: number };

/** Fields whose before and after are minor units: the export writes them in major units. */
const MONEY_FIELDS = new Set(['price', 'compare_at_price', 'cost']);

/** The product log CSV: text only (before and after hold names and statuses as well as amounts). */
const LOG_CSV = csvTable([
  'Time (UTC)',
  'Product',
  'Product ID',
  'Variant',
  'Variant ID',
  'Location',
  'Kind',
  'Field',
  'Before',
  'After',
  'Currency',
  'Person',
]);

/** A variant's name in the log: its option values ("Large / Oat"); null for the product's own fields or a variant since removed. */
const variantName = (options: string[] | null) => (options && options.length > 0 ? options.join(' / ') : null);

/** The product log's list: changes to prices, availability and names, newest first, days in the business's time zone. */
export function createProductLogService(deps: { db: Executor; clock: Clock }) {
  const { db } = deps;

  async function readPage(ctx: BusinessContext, query: Query) {
    const { id: businessId, timeZone } = ctx.business.row;
    const filter = {
      productId: query.product_id,
      kind: query.kind,
      from: query.from ? startOfLocalDay(query.from, timeZone) : undefined,
      to: query.to ? startOfLocalDay(query.to, timeZone, 1) : undefined,
    };
    const rows = await repo.page(db, businessId, filter, query.limit, decodeCursor(query.cursor));
    return pageFrom(rows, query.limit, (r) => r.entry);
  }

  return {
    async list(ctx: BusinessContext, query: Query) {
      const page = await readPage(ctx, query);
      return {
        data: page.rows.map((r): ProductLogEntry => ({
          id: r.entry.id,
          product_id: r.entry.productId,
          product_name: r.productName,
          variant_id: r.entry.variantId,
          variant_name: variantName(r.variantOptions),
          location_id: r.entry.locationId,
          location_name: r.locationName,
          kind: r.entry.kind,
          field: r.entry.field,
          before: r.entry.before,
          after: r.entry.after,
          currency: r.currency,
          actor: r.entry.actorUserId && r.actorName !== null ? { id: r.entry.actorUserId, name: r.actorName } : null,
          created_at: r.entry.createdAt.toISOString(),
        })),
        next_cursor: page.nextCursor,
      };
    },

    /** The filtered log as CSV, newest first, capped at PRODUCT_LOG_EXPORT_MAX_ROWS rows. */
    async exportCsv(ctx: BusinessContext, filters: Omit<Query, 'limit' | 'cursor'>) {
      const page = await readPage(ctx, { ...filters, limit: PRODUCT_LOG_EXPORT_MAX_ROWS });
      const value = (field: string, text: string | null, currency: string) =>
        text !== null && MONEY_FIELDS.has(field) && /^\d+$/.test(text) ? minorToMajorString(Number(text), currency) : text;
      const rows = page.rows.map(({ entry, productName, currency, actorName, variantOptions, locationName }) => [
        entry.createdAt.toISOString(),
        productName,
        entry.productId,
        variantName(variantOptions),
        entry.variantId,
        locationName,
        entry.kind,
        entry.field,
        value(entry.field, entry.before, currency),
        value(entry.field, entry.after, currency),
        currency.toUpperCase(),
        actorName,
      ]);
      const date = deps.clock.now().toISOString().slice(0, 10);
      return { csv: LOG_CSV.document(rows), filename: `product-log-${ctx.business.row.identifier}-${date}.csv`, truncated: page.nextCursor !== null };
    },
  };
}

export type ProductLogService = ReturnType<typeof createProductLogService>;
