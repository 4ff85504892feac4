import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema';
import { newTimeOrderedId } from '../src/lib/crypto';
import { createLedgerService, type LedgerService } from '../src/modules/payments/ledger/ledger.service';
import { createTestContext, type TestContext } from './harness';
import { createBusiness } from './factories';

/** The ledger on both databases: postings, balances, and what the database itself refuses. */
let t: TestContext;
let ledger: LedgerService;
let businessId: string;

beforeAll(async () => {
  t = await createTestContext();
  ledger = createLedgerService({ clock: t.clock });
  businessId = (await createBusiness(t)).id;
});
afterAll(() => t.close());

const charge = (amount: number, currency = 'sgd') => ({
  kind: 'charge' as const,
  description: 'A charge',
  entries: [
    { account: 'customer_funds' as const, currency, amount: -amount },
    { account: 'merchant_pending' as const, currency, amount },
  ],
});

/** Writes entries straight to the tables, as a buggy caller or a person with a SQL prompt would. */
async function rawPosting(entries: { account: 'customer_funds' | 'merchant_pending'; amount: number }[]) {
  await t.database.db.transaction(async (tx) => {
    const id = newTimeOrderedId();
    await tx.insert(ledgerTransactions).values({ businessId, id, kind: 'charge', description: 'raw' });
    for (const entry of entries) {
      await tx.insert(ledgerEntries).values({ businessId, id: newTimeOrderedId(), transactionId: id, currency: 'eur', ...entry });
    }
  });
}

/** The database's refusal: its message, also when the driver wraps it. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'no refusal';
}

async function eurEntryCount(): Promise<number> {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.currency} = 'eur'`);
  return rows[0]!.n;
}

describe('the ledger', () => {
  it('posts balanced transactions and reads balances as sums of entries per currency', async () => {
    await t.database.db.transaction(async (tx) => {
      await ledger.post(tx, businessId, charge(100_00));
      await ledger.post(tx, businessId, {
        kind: 'fee',
        description: 'Fee',
        entries: [
          { account: 'merchant_pending', currency: 'sgd', amount: -3_90 },
          { account: 'platform_fees', currency: 'sgd', amount: 3_90 },
        ],
      });
      await ledger.post(tx, businessId, charge(5_000, 'jpy'));
      await ledger.post(tx, businessId, {
        kind: 'settlement',
        description: 'Settlement',
        entries: [
          { account: 'merchant_pending', currency: 'jpy', amount: -5_000 },
          { account: 'merchant_available', currency: 'jpy', amount: 5_000 },
        ],
      });
    });
    expect(await ledger.balances(t.database.db, businessId)).toEqual([
      { currency: 'jpy', pending: 0, available: 5_000, inTransit: 0, paidOut: 0 },
      { currency: 'sgd', pending: 96_10, available: 0, inTransit: 0, paidOut: 0 },
    ]);
  });

  it('lists an account statement newest first, a page at a time', async () => {
    t.clock.advance(60_000);
    await t.database.db.transaction((tx) => ledger.post(tx, businessId, charge(7_00)));
    const first = await ledger.statement(t.database.db, businessId, { account: 'merchant_pending', currency: 'sgd', limit: 1 });
    expect(first.rows.map((r) => [r.kind, r.amount])).toEqual([['charge', 7_00]]);
    expect(first.nextCursor).not.toBeNull();
    const rest = await ledger.statement(t.database.db, businessId, { account: 'merchant_pending', currency: 'sgd', limit: 10, cursor: first.nextCursor! });
    expect(rest.rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-3_90, 100_00]);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses an unbalanced posting before it reaches the database', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        ledger.post(tx, businessId, {
          kind: 'charge',
          description: 'x',
          entries: [
            { account: 'customer_funds', currency: 'sgd', amount: -1 },
            { account: 'merchant_pending', currency: 'sgd', amount: 2 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      t.database.db.transaction((tx) =>
        ledger.post(tx, businessId, {
          kind: 'charge',
          description: 'x',
          entries: [
            { account: 'customer_funds', currency: 'sgd', amount: 0 },
            { account: 'merchant_pending', currency: 'sgd', amount: 0 },
          ],
        }),
      ),
    ).rejects.toThrow(/non-zero/);
  });

  it('is refused by the database at commit when a transaction does not balance, and nothing of it stays', async () => {
    expect(
      await refusal(
        rawPosting([
          { account: 'customer_funds', amount: -100 },
          { account: 'merchant_pending', amount: 99 },
        ]),
      ),
    ).toMatch(/does not balance in eur/);
    expect(await refusal(rawPosting([{ account: 'merchant_pending', amount: 5 }]))).toMatch(/does not balance in eur/);
    expect(await eurEntryCount()).toBe(0);
    // Entries may be unbalanced between statements: the check runs at commit.
    await rawPosting([
      { account: 'customer_funds', amount: -100 },
      { account: 'merchant_pending', amount: 60 },
      { account: 'merchant_pending', amount: 40 },
    ]);
    expect(await eurEntryCount()).toBe(3);
  });

  it('keeps entries and transactions append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = t.database.db;
    const refused = await Promise.all([
      refusal(
        db
          .update(ledgerEntries)
          .set({ amount: 1 })
          .where(sql`${ledgerEntries.currency} = 'eur'`),
      ),
      refusal(db.delete(ledgerEntries).where(sql`${ledgerEntries.currency} = 'eur'`)),
      refusal(db.update(ledgerTransactions).set({ description: 'changed' })),
      refusal(db.delete(ledgerTransactions)),
      refusal(t.database.exec('TRUNCATE ledger_entries')),
      refusal(t.database.exec('TRUNCATE ledger_transactions')),
    ]);
    for (const message of refused) expect(message).toMatch(/is append-only/);
    expect(await eurEntryCount()).toBe(3);
    expect(await ledger.balances(db, businessId)).toContainEqual({ currency: 'eur', pending: 100, available: 0, inTransit: 0, paidOut: 0 });
  });
});
