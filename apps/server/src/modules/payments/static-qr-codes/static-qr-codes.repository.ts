import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { StaticQrStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { staticQrCodes } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

export type StaticQrRow = typeof staticQrCodes.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// The checkout's reads of a code (every page view, every payment's start and confirm): built once (db/prepared.ts).
const byPublicId = preparedStatement('static_qr_by_public_id', (db, name) =>
  db
    .select()
    .from(staticQrCodes)
    .where(eq(staticQrCodes.publicId, sql.placeholder('publicId')))
    .prepare(name),
);
const sharedForPayment = preparedStatement('static_qr_lock_for_payment', (db, name) =>
  db
    .select()
    .from(staticQrCodes)
    .where(and(eq(staticQrCodes.businessId, sql.placeholder('businessId')), eq(staticQrCodes.id, sql.placeholder('id'))))
    .for('share')
    .prepare(name),
);

/** Static QR codes: SQL only. Every query is scoped by business, except the checkout's read by public id. */
export const staticQrRepository = {
  async insert(db: Executor, row: StaticQrRow): Promise<void> {
    await db.insert(staticQrCodes).values(row);
  },

  async find(db: Executor, businessId: string, id: string): Promise<StaticQrRow | undefined> {
    const [row] = await db
      .select()
      .from(staticQrCodes)
      .where(and(eq(staticQrCodes.businessId, businessId), eq(staticQrCodes.id, id)));
    return row;
  },

  async lock(db: Executor, businessId: string, id: string): Promise<StaticQrRow | undefined> {
    const [row] = await db
      .select()
      .from(staticQrCodes)
      .where(and(eq(staticQrCodes.businessId, businessId), eq(staticQrCodes.id, id)))
      .for('update');
    return row;
  },

  /**
   * A payment's lock (SELECT ... FOR SHARE): payments of one code never wait for each other (a counter's code is
   * paid by many customers at once), while an edit or archive (`lock`, FOR UPDATE) waits for the payments in
   * flight, and the payments after it wait for it and read the code as it left it.
   */
  async lockForPayment(db: Executor, businessId: string, id: string): Promise<StaticQrRow | undefined> {
    const [row] = await sharedForPayment(db, { businessId, id });
    return row;
  },

  async findByPublicId(db: Executor, publicId: string): Promise<StaticQrRow | undefined> {
    const [row] = await byPublicId(db, { publicId });
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<StaticQrRow>): Promise<void> {
    await db
      .update(staticQrCodes)
      .set(patch)
      .where(and(eq(staticQrCodes.businessId, businessId), eq(staticQrCodes.id, id)));
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: { search?: string | undefined; status?: StaticQrStatus | undefined }, limit: number, cursor?: Cursor) {
    const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
    return db
      .select()
      .from(staticQrCodes)
      .where(
        and(
          eq(staticQrCodes.businessId, businessId),
          pattern ? or(ilike(staticQrCodes.name, pattern), ilike(staticQrCodes.locationLabel, pattern)) : undefined,
          filter.status ? eq(staticQrCodes.status, filter.status) : undefined,
          cursor ? pastCursor('desc', staticQrCodes.createdAt, staticQrCodes.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(staticQrCodes.createdAt), desc(staticQrCodes.id))
      .limit(limit + 1);
  },
};
