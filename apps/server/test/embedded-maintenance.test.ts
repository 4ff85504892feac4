import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * The server's schedule of the embedded database's vacuum and statistics (db/maintenance.ts): PGlite has no
 * autovacuum, so without it no table of the app is ever analyzed. A PostgreSQL server autovacuums by itself.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { maintain: true });
  await createBusiness(t, {});
}, 120_000);
afterAll(() => t.close());

const analyzed = async (table: string) =>
  ((await t.database.db.execute(sql`select reltuples >= 0 as analyzed from pg_class where relname = ${table}`)) as unknown as { rows: { analyzed: boolean }[] })
    .rows[0]!.analyzed;

describe('the embedded database’s maintenance', () => {
  it('runs on its schedule on the embedded database, and only there', async () => {
    if (t.database.kind === 'postgres') {
      expect(t.database.maintain).toBeUndefined();
      return;
    }
    // The factory's business and its owner: rows no vacuum or analyze has seen.
    expect(await analyzed('businesses')).toBe(false);
    await t.app.jobs.runDue();
    expect(await analyzed('businesses')).toBe(true);
    expect(await analyzed('users')).toBe(true);
  });
});
