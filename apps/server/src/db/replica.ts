import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from './executor';

/**
 * Reads that may lag (docs/operations.md, "Read replica"): lists, reports, exports and the overview may be read from a
 * streaming replica (`DATABASE_REPLICA_URL`), every other read from the primary. The choice is made here, in one place:
 * a read model that may lag reads through `mayLag(db)`, and gets the replica's handle only when
 * - `db` is the primary's own handle (never a transaction's: whatever a transaction reads decides what it writes),
 * - a replica is configured for it,
 * - and the request it serves lets it (`readRouting`): a request that writes (any method but GET, HEAD and OPTIONS)
 *   reads only the primary, and so does a request of a person whose last write the replica has not replayed yet
 *   (read-your-writes, http/read-routing.ts). Outside a request (jobs, schedules) everything reads the primary.
 * Money decisions (a refund, a payout, a balance that decides) read in their transaction or through repositories,
 * which never call `mayLag`: they read the primary.
 */
export interface ReplicaRouting {
  /** The replica's handle (its own connection pool). */
  replica: Executor;
  /** The primary's WAL insert position now (`pg_current_wal_insert_lsn()`): a write that committed before the call is behind it, even under asynchronous commit. */
  writePosition(): Promise<string>;
  /** Whether the replica has replayed everything up to `lsn` (`pg_last_wal_replay_lsn()`). */
  replayed(lsn: string): Promise<boolean>;
  close(): Promise<void>;
}

const routings = new WeakMap<Executor, ReplicaRouting>();

/** Registers the replica of a primary handle (db/client.ts, when DATABASE_REPLICA_URL is set). */
export function routeReads(primary: Executor, routing: ReplicaRouting): void {
  routings.set(primary, routing);
}

/** The replica routing of a primary handle, if it has one. */
export const replicaOf = (primary: Executor): ReplicaRouting | undefined => routings.get(primary);

/** What the request being served allows: set by http/read-routing.ts for each request. */
export const readRouting = new AsyncLocalStorage<{ replica: boolean }>();

/** The handle a read that may lag uses: the replica when everything above allows it, else `db` itself. */
export function mayLag(db: Executor): Executor {
  const routing = routings.get(db);
  if (!routing) return db;
  return readRouting.getStore()?.replica === true ? routing.replica : db;
}

/** A PostgreSQL LSN (`16/B374D848`) as a number that orders like it; null when it is not one. */
export function lsnValue(lsn: string | null | undefined): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn ?? '');
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}
