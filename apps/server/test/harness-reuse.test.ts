import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBusiness } from './factories';
import { createTestContext, databaseReuse, openTestDatabase } from './harness';

/**
 * The harness keeps a database a file has closed for the worker's next file, emptied: the next file
 * must find exactly what a database freshly loaded from the template has (no rows, no job queues, the same
 * structure), and a database whose structure a test changed is not kept at all.
 */
const count = async (db: Awaited<ReturnType<typeof openTestDatabase>>, query: ReturnType<typeof sql>) =>
  Number(((await db.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);

describe('a database closed by one file and opened by the next', () => {
  it('holds no rows and no job queues, whatever the file left', async () => {
    const t = await createTestContext();
    await createBusiness(t);
    await t.database.db.execute(sql`select nextval('chat_messages_seq_seq')`);
    expect(await count(t.database, sql`select count(*) as n from users`)).toBeGreaterThan(0);
    expect(await count(t.database, sql`select count(*) as n from pgboss.queue`)).toBeGreaterThan(0);
    await t.close();

    const reusedBefore = databaseReuse.count;
    const next = await openTestDatabase();
    try {
      // It is the very database the app just closed, on either kind.
      expect(databaseReuse.count - reusedBefore).toBe(1);
      expect(await count(next, sql`select count(*) as n from users`)).toBe(0);
      expect(await count(next, sql`select count(*) as n from businesses`)).toBe(0);
      expect(await count(next, sql`select count(*) as n from pgboss.queue`)).toBe(0);
      // Numbering starts again: no sequence has handed out a value.
      expect(await count(next, sql`select count(*) as n from pg_sequences where schemaname = 'public' and last_value is not null`)).toBe(0);
      expect(await count(next, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBeGreaterThan(0);
      // A new app on it starts as on a fresh one: its queues are made again and its people sign up.
      const again = await createTestContext();
      await createBusiness(again);
      await again.close();
    } finally {
      await next.close();
    }
  }, 120_000);

  it('is not the same database when a test changed its structure', async () => {
    const first = await openTestDatabase();
    await first.exec('create table left_behind (id int)');
    await first.close();
    const next = await openTestDatabase();
    try {
      expect(await count(next, sql`select count(*) as n from pg_tables where tablename = 'left_behind'`)).toBe(0);
    } finally {
      await next.close();
    }
  });
});
