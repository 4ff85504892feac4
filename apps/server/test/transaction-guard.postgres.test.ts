import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OuterHandleInTransaction } from '@/db/transaction-guard';
import { openTestDatabase } from './harness';
import type { Database } from '@/db/client';

/**
 * The tests' PostgreSQL databases refuse what deadlocks on the embedded one (db/transaction-guard.ts): a statement or
 * a second transaction on the outer handle while a transaction of the same flow is open. Other flows, and the same
 * flow after its transaction, use the outer handle as before. PostgreSQL only (the embedded database is the rule).
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The guard's error, as Drizzle hands it on (a failed query wraps it as its cause). */
async function refusal(work: Promise<unknown>): Promise<unknown> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof Error && !(error instanceof OuterHandleInTransaction) ? error.cause : error;
}

const one = async (db: Database['db']) => ((await db.execute(sql`select 1 as n`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('the outer handle inside a transaction', () => {
  it('is refused while the transaction is open, and the transaction handle works', async () => {
    const { db } = database;
    expect(await refusal(db.transaction(async () => one(db)))).toBeInstanceOf(OuterHandleInTransaction);
    expect(await refusal(db.transaction(async () => db.transaction(async (inner) => one(inner))))).toBeInstanceOf(OuterHandleInTransaction);
    expect(await db.transaction(async (tx) => one(tx))).toBe(1);
    // A savepoint is the transaction's own.
    expect(await db.transaction(async (tx) => tx.transaction(async (inner) => one(inner)))).toBe(1);
  });

  it('is free for other flows while a transaction is open, and for the same flow after it', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction(async (tx) => {
      await one(tx);
      await held;
      return one(tx);
    });
    // Another request's read while the first one's transaction waits.
    expect(await one(db)).toBe(1);
    release();
    expect(await open).toBe(1);
    expect(await one(db)).toBe(1);
  });
});
