import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerEntries, ledgerTransactions, users } from '@/db/schema';
import { NO_WRITE, writeTogether } from '@/db/write-together';
import { newTimeOrderedId } from '@/lib/crypto';
import { createBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * Several writes in one statement (src/db/write-together.ts, docs/architecture.md "Writes sent together"): what
 * the refund's and the charge's outcomes rely on. Both databases.
 */
let t: TestContext;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

const audit = (description: string, actorUserId: string | null = null) => ({
  id: newTimeOrderedId(),
  action: 'test.write_together',
  description,
  actorUserId,
  subjectUserId: actorUserId,
  meta: {},
  createdAt: t.clock.now(),
});
const entriesOf = (businessId: string, transactionId: string, amounts: number[]) =>
  amounts.map((amount) => ({
    businessId,
    id: newTimeOrderedId(),
    transactionId,
    account: amount < 0 ? ('merchant_available' as const) : ('customer_funds' as const),
    currency: 'SGD',
    amount,
    createdAt: t.clock.now(),
  }));
const auditRows = (description: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.description, description));

describe('writes sent together', () => {
  it('sends one statement for several writes, the write itself for one, and nothing for none', async () => {
    const db = t.database.db;
    const from = queries.length;
    await writeTogether(db, []);
    await writeTogether(db, [NO_WRITE]);
    expect(queries.length).toBe(from);
    await writeTogether(db, [db.insert(auditLogs).values(audit('alone')).getSQL(), NO_WRITE]);
    expect(queries.slice(from).map((q) => q.slice(0, 24))).toEqual(['insert into "audit_logs"']);
    await writeTogether(db, [db.insert(auditLogs).values(audit('first of two')).getSQL(), db.insert(auditLogs).values(audit('second of two')).getSQL()]);
    expect(queries.length).toBe(from + 2);
    expect(queries.at(-1)).toMatch(/^with w0 as \(insert into "audit_logs".*\), w1 as \(insert into "audit_logs"/s);
    expect((await auditRows('first of two')).length + (await auditRows('second of two')).length).toBe(2);
  });

  it('checks a reference to a row written beside it, and runs row triggers, once every part has run', async () => {
    const db = t.database.db;
    const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const userId = randomUUID();
    const transactionId = newTimeOrderedId();
    const before = await t.services.ledger.balances(db, business.id);
    await db.transaction((tx) =>
      writeTogether(tx, [
        // The audit entry names a user the same statement creates (a foreign key).
        tx.insert(auditLogs).values(audit('by a new user', userId)).getSQL(),
        tx
          .insert(users)
          .values({ id: userId, name: 'Writer', email: `${userId}@example.com`, passwordHash: 'x' })
          .getSQL(),
        tx
          .insert(ledgerTransactions)
          .values({ businessId: business.id, id: transactionId, kind: 'transfer', description: 'Together', createdAt: t.clock.now() })
          .getSQL(),
        tx
          .insert(ledgerEntries)
          .values(entriesOf(business.id, transactionId, [-5_00, 5_00]))
          .getSQL(),
      ]),
    );
    expect((await auditRows('by a new user'))[0]!.actorUserId).toBe(userId);
    // The ledger's balance rollup (a row trigger on the entries) counted the entry.
    const available = (rows: typeof before) => rows.find((b) => b.currency === 'SGD')?.available ?? 0;
    expect(available(await t.services.ledger.balances(db, business.id))).toBe(available(before) - 5_00);
  });

  it('keeps none of the writes when one is refused', async () => {
    const db = t.database.db;
    const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const transactionId = newTimeOrderedId();
    await expect(
      db.transaction((tx) =>
        writeTogether(tx, [
          tx.insert(auditLogs).values(audit('refused beside')).getSQL(),
          tx
            .insert(ledgerTransactions)
            .values({ businessId: business.id, id: transactionId, kind: 'transfer', description: 'Refused', createdAt: t.clock.now() })
            .getSQL(),
          // A zero entry: its check refuses the statement.
          tx
            .insert(ledgerEntries)
            .values(entriesOf(business.id, transactionId, [0]))
            .getSQL(),
        ]),
      ),
    ).rejects.toThrow();
    expect(await auditRows('refused beside')).toEqual([]);
    expect(await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId))).toEqual([]);
  });
});
