import { startOfLocalDay } from '@merchant/core';
import type { ProductLogEntry, ProductLogFilters } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { productLogRepository as repo } from './product-log.repository';

type Query = Pick<ProductLogFilters, 'product_id' | 'kind' | 'from' | 'to'> & { cursor?: string | undefined; limit: number };

/** The product log's list: changes to prices, availability and names, newest first, days in the business's time zone. */
export function createProductLogService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async list(ctx: BusinessContext, query: Query) {
      const { id: businessId, timeZone } = ctx.business.row;
      const filter = {
        productId: query.product_id,
        kind: query.kind,
        from: query.from ? startOfLocalDay(query.from, timeZone) : undefined,
        to: query.to ? startOfLocalDay(query.to, timeZone, 1) : undefined,
      };
      const rows = await repo.page(db, businessId, filter, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r.entry);
      return {
        data: page.rows.map((r): ProductLogEntry => ({
          id: r.entry.id,
          product_id: r.entry.productId,
          product_name: r.productName,
          variant_id: r.entry.variantId,
          location_id: r.entry.locationId,
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
  };
}

export type ProductLogService = ReturnType<typeof createProductLogService>;
