import { AppError, formatMoneyWithCode, type CursorQuery } from '@merchant/core';
import type { Product, ProductFields, ProductFilters, ProductStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { productsRepository as repo, type ProductRow } from './products.repository';

const notFound = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found.');

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: { amount: row.amount, currency: row.currency },
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const columnsOf = (fields: ProductFields) => ({
  name: fields.name,
  description: fields.description,
  amount: fields.price.amount,
  currency: fields.price.currency,
});

/** The payments catalogue: products are archived and brought back, never deleted. */
export function createProductsService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  async function setStatus(ctx: BusinessContext, id: string, status: ProductStatus): Promise<Product> {
    const businessId = ctx.business.row.id;
    return db.transaction(async (tx) => {
      const current = await repo.find(tx, businessId, id);
      if (!current) throw notFound();
      if (current.status === status) return presentProduct(current);
      const row = (await repo.update(tx, businessId, id, { status, updatedAt: clock.now() }))!;
      await audit.record(tx, ctx, {
        action: status === 'archived' ? 'product.archived' : 'product.unarchived',
        description: `${status === 'archived' ? 'Archived' : 'Brought back'} the product “${row.name}”`,
        actorUserId: ctx.user.id,
        businessId,
        objectType: 'product',
        objectId: row.id,
      });
      return presentProduct(row);
    });
  }

  return {
    async list(businessId: string, query: Required<Pick<ProductFilters, 'status'>> & Pick<ProductFilters, 'q'> & CursorQuery) {
      const status = query.status === 'all' ? null : query.status;
      const rows = await repo.page(db, businessId, { q: query.q, status }, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(presentProduct), next_cursor: page.nextCursor };
    },

    async get(businessId: string, id: string): Promise<Product> {
      const row = await repo.find(db, businessId, id);
      if (!row) throw notFound();
      return presentProduct(row);
    },

    async create(ctx: BusinessContext, fields: ProductFields): Promise<Product> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.insert(tx, { businessId, id: newTimeOrderedId(), ...columnsOf(fields), createdAt: now, updatedAt: now });
        await audit.record(tx, ctx, {
          action: 'product.created',
          description: `Added the product “${row.name}” at ${formatMoneyWithCode(row.amount, row.currency)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'product',
          objectId: row.id,
        });
        return presentProduct(row);
      });
    },

    async update(ctx: BusinessContext, id: string, fields: ProductFields): Promise<Product> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.update(tx, businessId, id, { ...columnsOf(fields), updatedAt: clock.now() });
        if (!row) throw notFound();
        await audit.record(tx, ctx, {
          action: 'product.updated',
          description: `Edited the product “${row.name}” (${formatMoneyWithCode(row.amount, row.currency)})`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'product',
          objectId: row.id,
        });
        return presentProduct(row);
      });
    },

    archive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'archived'),
    unarchive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'active'),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
