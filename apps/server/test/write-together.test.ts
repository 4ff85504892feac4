import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerEntries, ledgerTransactions, users } from '@/db/schema';
import { jsonRowsWrite } from '@/db/json-rows';
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

/** The rows of a table made for the test (a temporary table: one connection, so inside one transaction). */
const probe = pgTable('json_rows_probe', {
  id: uuid('id').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  tags: text('tags').array().notNull(),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull(),
  note: text('note').notNull().default('kept'),
  flag: boolean('flag'),
});
const PROBE = sql`create temporary table json_rows_probe (id uuid primary key, amount bigint not null, at timestamptz not null,
  tags text[] not null, meta jsonb not null, note text not null default 'kept', flag boolean) on commit drop`;

describe('an insert whose rows travel as one JSON parameter (jsonRowsWrite)', () => {
  it("writes what drizzle's insert writes, every column type included, with defaults for the columns not named", async () => {
    const at = new Date('2026-12-02T06:30:00.123Z');
    const rows = [
      { id: randomUUID(), amount: 9_007_199_254_740_991, at, tags: ['a', 'b, "c"', ''], meta: { nested: { list: [1, 'two'] }, text: 'x"y' }, flag: null },
      { id: randomUUID(), amount: -5, at, tags: [], meta: {}, flag: true },
    ];
    const copy = randomUUID();
    const from = queries.length;
    const read = await t.database.db.transaction(async (tx) => {
      await tx.execute(PROBE);
      await writeTogether(tx, [
        jsonRowsWrite(tx, probe, rows),
        tx
          .insert(probe)
          .values({ ...rows[0]!, id: copy })
          .getSQL(),
      ]);
      return tx.select().from(probe);
    });
    expect(queries.slice(from).filter((q) => q.includes('jsonb_populate_recordset'))).toHaveLength(1);
    const byId = new Map(read.map((r) => [r.id, r]));
    for (const row of rows) expect(byId.get(row.id)).toEqual({ ...row, note: 'kept' });
    expect({ ...byId.get(copy), id: rows[0]!.id }).toEqual(byId.get(rows[0]!.id));
  });

  it("hands rows that do not name the same columns to drizzle's insert, which gives each missing value its default", async () => {
    const at = new Date('2026-12-02T06:30:00.000Z');
    const rows = [
      { id: randomUUID(), amount: 1, at, tags: ['x'], meta: {}, note: 'named' },
      { id: randomUUID(), amount: 2, at, tags: ['y'], meta: {} },
    ];
    const read = await t.database.db.transaction(async (tx) => {
      await tx.execute(PROBE);
      await writeTogether(tx, [jsonRowsWrite(tx, probe, rows)]);
      return tx.select({ amount: probe.amount, note: probe.note }).from(probe).orderBy(probe.amount);
    });
    expect(read).toEqual([
      { amount: 1, note: 'named' },
      { amount: 2, note: 'kept' },
    ]);
  });
});
