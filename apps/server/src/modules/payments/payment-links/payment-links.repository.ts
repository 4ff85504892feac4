import { and, asc, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentLinkStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { paymentLinks, products } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';
import { mayLag } from '@/db/replica';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type NewPaymentLink = typeof paymentLinks.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The status as of `now`: a stored `active` past its expiry reads as `expired`. */
function statusIs(status: PaymentLinkStatus, now: Date): SQL | undefined {
  const notExpired = or(isNull(paymentLinks.expiresAt), gt(paymentLinks.expiresAt, now));
  if (status === 'active') return and(eq(paymentLinks.status, 'active'), notExpired);
  if (status === 'expired') return or(eq(paymentLinks.status, 'expired'), and(eq(paymentLinks.status, 'active'), lte(paymentLinks.expiresAt, now)));
  return eq(paymentLinks.status, status);
}

const withProduct = { link: paymentLinks, productName: products.name };

/** Payment links: SQL only. Every query is scoped by business, except the checkout's read by public id. */
/** The checkout's read of a link: every page view and payment start runs it, built once (db/prepared.ts). */
const byPublicId = preparedStatement('payment_link_by_public_id', (db, name) =>
  db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.publicId, sql.placeholder('publicId')))
    .prepare(name),
);

/** A link of the business with its product's name: the dashboard's detail and the public API's reads, built once. */
const byId = preparedStatement('payment_link_by_id', (db, name) =>
  db
    .select(withProduct)
    .from(paymentLinks)
    .leftJoin(products, and(eq(products.businessId, paymentLinks.businessId), eq(products.id, paymentLinks.productId)))
    .where(and(eq(paymentLinks.businessId, sql.placeholder('businessId')), eq(paymentLinks.id, sql.placeholder('id'))))
    .prepare(name),
);

export const paymentLinksRepository = {
  async insert(db: Executor, row: NewPaymentLink): Promise<void> {
    await db.insert(paymentLinks).values(row);
  },

  async find(db: Executor, businessId: string, id: string) {
    const [row] = await byId(db, { businessId, id });
    return row;
  },

  /** The link's row, locked for the rest of the transaction (edits, cancel, the checkout's confirm). */
  async lock(db: Executor, businessId: string, id: string): Promise<PaymentLinkRow | undefined> {
    const [row] = await db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, id)))
      .for('update');
    return row;
  },

  async findByPublicId(db: Executor, publicId: string): Promise<PaymentLinkRow | undefined> {
    const [row] = await byPublicId(db, { publicId });
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<NewPaymentLink>): Promise<void> {
    await db
      .update(paymentLinks)
      .set(patch)
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, id)));
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(
    db: Executor,
    businessId: string,
    filter: { search?: string | undefined; status?: PaymentLinkStatus | undefined; now: Date },
    limit: number,
    cursor?: Cursor,
  ) {
    const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
    const conditions = [
      eq(paymentLinks.businessId, businessId),
      pattern ? or(ilike(paymentLinks.purpose, pattern), ilike(paymentLinks.reference, pattern), ilike(paymentLinks.customerEmail, pattern)) : undefined,
      filter.status ? statusIs(filter.status, filter.now) : undefined,
      cursor ? pastCursor('desc', paymentLinks.createdAt, paymentLinks.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ];
    // A list may lag: the replica when there is one (db/replica.ts).
    return mayLag(db)
      .select(withProduct)
      .from(paymentLinks)
      .leftJoin(products, and(eq(products.businessId, paymentLinks.businessId), eq(products.id, paymentLinks.productId)))
      .where(and(...conditions))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(limit + 1);
  },

  /** The catalogue's active products sold through payments, each at its lowest variant price (its one price without options). */
  async activeProducts(db: Executor, businessId: string) {
    // Written out in full: drizzle leaves a column of a select's own SQL unqualified, which inside a subquery names the subquery's table.
    const lowest = sql<number>`(select min(v.price) from product_variants v where v.business_id = products.business_id and v.product_id = products.id)`;
    return db
      .select({ id: products.id, name: products.name, amount: lowest.mapWith(Number), currency: products.currency })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.status, 'active'), sql`'payments' = any(${products.channels})`))
      .orderBy(asc(products.name))
      .limit(500);
  },

  async findProduct(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select({ id: products.id, name: products.name, status: products.status, channels: products.channels })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, id)));
    return row;
  },
};
