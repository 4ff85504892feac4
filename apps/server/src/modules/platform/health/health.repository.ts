import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';

/** Both drivers answer a raw statement with its rows (the embedded one's and pg's result types differ). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What readiness asks the database: that it answers, and the newest migration it has applied. */
export const healthRepository = {
  /**
   * When the newest applied migration was made (drizzle keeps each migration's journal time in `created_at`), or
   * null when none has been applied. Throws when the database cannot be reached.
   */
  async newestMigrationAt(db: Executor): Promise<number | null> {
    const [table] = await rowsOf<{ name: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
    if (!table?.name) return null;
    const [newest] = await rowsOf<{ at: string | number | null }>(db, sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
    return newest?.at === null || newest?.at === undefined ? null : Number(newest.at);
  },
};
