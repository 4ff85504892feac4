import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatement } from '@/db/prepared';
import { businesses } from '@/db/schema';
import { createBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * What a prepared statement leaves on a PostgreSQL connection (src/db/prepared.ts): a named statement is kept
 * there (and after five runs may be run with a generic plan); one planned for each run is sent unnamed.
 * PostgreSQL only: the embedded database has no named statements.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const byId = (planEachRun: boolean) =>
  preparedStatement(
    `test_name_${planEachRun ? 'each_run' : 'named'}`,
    (db, name) =>
      db
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, sql.placeholder('id')))
        .prepare(name),
    { planEachRun },
  );
const named = byId(false);
const plannedEachRun = byId(true);

describe('prepared statements on PostgreSQL', () => {
  it('keeps a named statement on the connection, and sends one planned for each run unnamed', async () => {
    const { id } = await createBusiness(t, { name: 'Delta Deli' });
    // One transaction: the runs and the look at the connection's statements share its connection. Each runs
    // more often than the five runs after which PostgreSQL may settle on a generic plan.
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++) {
        expect(await named(tx, { id })).toEqual([{ name: 'Delta Deli' }]);
        expect(await plannedEachRun(tx, { id })).toEqual([{ name: 'Delta Deli' }]);
      }
      const keptOnTheConnection = async (name: string) => {
        const { rows } = (await tx.execute(sql`select count(*)::int as n from pg_prepared_statements where name = ${name}`)) as { rows: { n: number }[] };
        return rows[0]!.n;
      };
      expect(await keptOnTheConnection('test_name_named')).toBe(1);
      expect(await keptOnTheConnection('test_name_each_run')).toBe(0);
    });
  });
});
