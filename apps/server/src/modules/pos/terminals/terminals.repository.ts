import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { terminalOrderEvents, terminalOrders, terminalPairingCodes, terminalReaderPayments, terminalReaders } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type TerminalOrderRow = typeof terminalOrders.$inferSelect;
export type TerminalOrderEventRow = typeof terminalOrderEvents.$inferSelect;
export type PairingCodeRow = typeof terminalPairingCodes.$inferSelect;
export type ReaderRow = typeof terminalReaders.$inferSelect;
export type ReaderPaymentRow = typeof terminalReaderPayments.$inferSelect;

/** Card terminals: SQL only, every query scoped by business. */
export const terminalsRepository = {
  // ------------------------------------------------------------ orders
  async insertOrder(db: Executor, row: typeof terminalOrders.$inferInsert): Promise<void> {
    await db.insert(terminalOrders).values(row);
  },

  async findOrder(db: Executor, businessId: string, id: string, lock = false): Promise<TerminalOrderRow | undefined> {
    const query = db
      .select()
      .from(terminalOrders)
      .where(and(eq(terminalOrders.businessId, businessId), eq(terminalOrders.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async updateOrder(db: Executor, businessId: string, id: string, patch: Partial<TerminalOrderRow>): Promise<void> {
    await db
      .update(terminalOrders)
      .set(patch)
      .where(and(eq(terminalOrders.businessId, businessId), eq(terminalOrders.id, id)));
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async orderPage(db: Executor, businessId: string, limit: number, cursor?: Cursor): Promise<TerminalOrderRow[]> {
    const after = cursor ? pastCursor('desc', terminalOrders.createdAt, terminalOrders.id, { key: cursor.createdAt, id: cursor.id }) : undefined;
    return db
      .select()
      .from(terminalOrders)
      .where(and(eq(terminalOrders.businessId, businessId), after))
      .orderBy(desc(terminalOrders.createdAt), desc(terminalOrders.id))
      .limit(limit + 1);
  },

  async insertOrderEvent(db: Executor, row: TerminalOrderEventRow): Promise<void> {
    await db.insert(terminalOrderEvents).values(row);
  },

  async orderEvents(db: Executor, businessId: string, orderId: string): Promise<TerminalOrderEventRow[]> {
    return db
      .select()
      .from(terminalOrderEvents)
      .where(and(eq(terminalOrderEvents.businessId, businessId), eq(terminalOrderEvents.orderId, orderId)))
      .orderBy(asc(terminalOrderEvents.at), asc(terminalOrderEvents.id));
  },

  // ------------------------------------------------------------ pairing codes
  async insertPairingCode(db: Executor, row: typeof terminalPairingCodes.$inferInsert): Promise<void> {
    await db.insert(terminalPairingCodes).values(row);
  },

  async lockPairingCode(db: Executor, businessId: string, code: string): Promise<PairingCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(terminalPairingCodes)
      .where(and(eq(terminalPairingCodes.businessId, businessId), eq(terminalPairingCodes.code, code)))
      .for('update');
    return row;
  },

  async usePairingCode(db: Executor, businessId: string, code: string, at: Date): Promise<void> {
    await db
      .update(terminalPairingCodes)
      .set({ usedAt: at })
      .where(and(eq(terminalPairingCodes.businessId, businessId), eq(terminalPairingCodes.code, code)));
  },

  // ------------------------------------------------------------ readers
  async insertReader(db: Executor, row: typeof terminalReaders.$inferInsert): Promise<void> {
    await db.insert(terminalReaders).values(row);
  },

  async findReader(db: Executor, businessId: string, id: string, lock: false | 'update' | 'share' = false): Promise<ReaderRow | undefined> {
    const query = db
      .select()
      .from(terminalReaders)
      .where(and(eq(terminalReaders.businessId, businessId), eq(terminalReaders.id, id)));
    const [row] = lock ? await query.for(lock) : await query;
    return row;
  },

  async pairedReaders(db: Executor, businessId: string): Promise<ReaderRow[]> {
    return db
      .select()
      .from(terminalReaders)
      .where(and(eq(terminalReaders.businessId, businessId), eq(terminalReaders.status, 'paired')))
      .orderBy(asc(terminalReaders.name), asc(terminalReaders.id));
  },

  async updateReader(db: Executor, businessId: string, id: string, patch: Partial<ReaderRow>): Promise<void> {
    await db
      .update(terminalReaders)
      .set(patch)
      .where(and(eq(terminalReaders.businessId, businessId), eq(terminalReaders.id, id)));
  },

  // ------------------------------------------------------------ reader payments
  async insertReaderPayment(db: Executor, row: typeof terminalReaderPayments.$inferInsert): Promise<void> {
    await db.insert(terminalReaderPayments).values(row);
  },

  async readerPaymentByKey(db: Executor, businessId: string, requestKey: string): Promise<ReaderPaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(terminalReaderPayments)
      .where(and(eq(terminalReaderPayments.businessId, businessId), eq(terminalReaderPayments.requestKey, requestKey)));
    return row;
  },

  async readerPayment(db: Executor, businessId: string, paymentId: string): Promise<ReaderPaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(terminalReaderPayments)
      .where(and(eq(terminalReaderPayments.businessId, businessId), eq(terminalReaderPayments.paymentId, paymentId)));
    return row;
  },

  async readerPaymentsOf(db: Executor, businessId: string, paymentIds: string[]): Promise<ReaderPaymentRow[]> {
    if (paymentIds.length === 0) return [];
    return db
      .select()
      .from(terminalReaderPayments)
      .where(and(eq(terminalReaderPayments.businessId, businessId), inArray(terminalReaderPayments.paymentId, paymentIds)));
  },

  async cancelReaderPayment(db: Executor, businessId: string, paymentId: string, at: Date): Promise<void> {
    await db
      .update(terminalReaderPayments)
      .set({ cancelledAt: at })
      .where(and(eq(terminalReaderPayments.businessId, businessId), eq(terminalReaderPayments.paymentId, paymentId)));
  },
};
