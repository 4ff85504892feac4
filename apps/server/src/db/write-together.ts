import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * A write not run yet: the SQL of an insert, update or delete built with drizzle's query builder (`.getSQL()`).
 * Repositories hand these out where a hot path writes several rows that answer nothing back. Never the builder
 * itself: a builder runs when awaited, and an async function that returns one awaits it.
 */
export type Write = SQL;

/** A write that writes nothing (what a mailer that keeps nothing answers): left out of the statement. */
export const NO_WRITE: Write = sql`select 1`;

/**
 * Runs several writes as one statement, so a transaction that writes a refund, its ledger lines, its event, its
 * audit entry and its mail pays one round trip for them instead of one each (docs/architecture.md, "Writes sent
 * together"). Each write is a data-modifying `with` part of the statement. What that means for callers:
 *
 * - The parts run against one snapshot: none sees another's rows, so a write whose values depend on another's
 *   effect (a sum over rows inserted beside it) does not belong in the same call. Foreign keys and row triggers
 *   are checked at the end of the statement, when every part has run, so a child may be written beside its parent.
 * - No two parts may change the same row.
 * - The statement answers nothing: a write whose returned row or count matters (an optimistic check) runs alone.
 */
export async function writeTogether(db: Executor, all: readonly Write[]): Promise<void> {
  const writes = all.filter((write) => write !== NO_WRITE);
  const [first] = writes;
  if (!first) return;
  if (writes.length === 1) {
    await db.execute(first);
    return;
  }
  const parts = writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
