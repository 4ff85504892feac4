import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { dumpEmbedded } from './backup';
import { maintainEmbedded, type MaintenanceRun } from './maintenance';
import { lockDataDir } from './data-dir-lock';
import { drizzleView, PGLITE_DATE_PARSERS } from './pglite-text-types';
import type { Executor } from './executor';
import { sendStatementsUnnamed } from './prepared';
import { guardOuterHandle } from './transaction-guard';
import { lsnValue, routeReads, type ReplicaRouting } from './replica';
import * as schema from './schema';

export type { Executor, Schema } from './executor';

/**
 * How the job queue (pg-boss) reaches this database: on PostgreSQL its own pool from the URL; on the
 * embedded database the one PGlite handle, whose statements wait for (and never join) an open app transaction.
 */
export type JobsConnection = { connectionString: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export interface Database {
  db: Executor;
  kind: 'pglite' | 'postgres';
  /** Committed changes the session cache must hear of. */
  changes: ChangeFeed;
  jobs: JobsConnection;
  /** Runs a raw SQL string (used by tests and the job queue). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's use (/metrics). */
  poolStats?: () => PoolUse;
  /** The replica pool's use, when DATABASE_REPLICA_URL is set. */
  replicaPoolStats?: () => PoolUse;
  /** Embedded database only: a backup of it (db/backup.ts) while it is in use. */
  backup?: () => Promise<Blob>;
  /** Embedded database only: a dump of its data directory (tests clone a migrated template). */
  dumpDataDir?: () => Promise<Blob>;
  /** Embedded database only: vacuums and analyzes its due tables and checkpoints its log (db/maintenance.ts). */
  maintain?: () => Promise<MaintenanceRun>;
}

export const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl` for the reads that may lag (db/replica.ts). */
  replicaUrl?: string | undefined;
  /**
   * `pgbouncer`: `databaseUrl` is a pooler in transaction mode. Statements are sent unnamed, the pooled connections
   * LISTEN not, and the change feed LISTENs on `directUrl` (the database itself, past the pooler).
   */
  pooler?: 'pgbouncer' | undefined;
  /** With a pooler: the database's own address, for the change feed's LISTEN. */
  directUrl?: string | undefined;
  /** Data directory of the embedded database; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File | undefined;
  /**
   * An embedded database already open (tests keep one per worker and empty it between files): used as it is,
   * and left open when the returned database closes; its owner closes it.
   */
  client?: PGlite | undefined;
  poolSize?: number;
  /**
   * PostgreSQL only: refuse a statement on the outer handle inside an open transaction of the same flow, as the
   * embedded database would deadlock on it (db/transaction-guard.ts; the tests turn it on).
   */
  guardTransactions?: boolean;
  /** Called with every SQL statement the app sends (tests count round trips with it). */
  onQuery?: (sql: string) => void;
}

const queryLogger = (options: DatabaseOptions) => (options.onQuery ? { logger: { logQuery: options.onQuery } } : {});

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, options);
  if (options.client) return embeddedDatabase(options.client, options, async () => undefined);
  // One process owns an embedded database directory: a second one would silently lose writes.
  let unlock: (() => void) | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    // pg_trgm: the trigram indexes of payment search (migration 0009) need it on every opening.
    const extensions = { pg_trgm };
    client = options.loadDataDir
      ? await PGlite.create({ loadDataDir: options.loadDataDir, extensions })
      : await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions });
  } catch (error) {
    unlock?.();
    throw error;
  }
  return embeddedDatabase(client, options, async () => {
    try {
      await client.close();
    } finally {
      unlock?.();
    }
  });
}

/** What /metrics shows of a pool: connections open, idle, and requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}
const statsOf = (pool: pg.Pool): PoolUse => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });

/** A pool on a PostgreSQL URL; an idle connection the server closed (restart, failover) must not crash the process. */
function poolOn(url: string, max: number, onConnect?: (client: pg.ClientBase) => Promise<void>): pg.Pool {
  // pg-pool awaits onConnect before it hands a new connection out; one that fails is not used.
  // (@types/pg declares it as returning void; pg-pool's source awaits the promise.)
  // oxlint-disable-next-line typescript/no-misused-promises -- awaited by pg-pool, see above
  const pool = new pg.Pool({ connectionString: url, max, ...(onConnect ? { onConnect } : {}) });
  pool.on('error', () => undefined);
  return pool;
}

function postgresDatabase(databaseUrl: string, options: DatabaseOptions): Database {
  const pooled = options.pooler === 'pgbouncer';
  if (pooled && !options.directUrl) throw new Error('DATABASE_POOLER needs DATABASE_DIRECT_URL: the change feed LISTENs past the pooler.');
  const changes = postgresChangeFeed(pooled ? options.directUrl! : databaseUrl, undefined, { pooled });
  const poolSize = options.poolSize ?? 10;
  const pool = poolOn(databaseUrl, poolSize, pooled ? undefined : changes.prepareConnection);
  const db = drizzlePg(pool, { schema, ...queryLogger(options) }) as unknown as Executor;
  if (pooled) sendStatementsUnnamed(db);
  if (options.guardTransactions) guardOuterHandle(db, pool);
  const replica = options.replicaUrl ? replicaRouting(pool, options.replicaUrl, poolSize, pooled, options) : undefined;
  if (replica) routeReads(db, replica);
  return {
    db,
    kind: 'postgres',
    changes,
    jobs: { connectionString: databaseUrl },
    poolStats: () => statsOf(pool),
    ...(replica ? { replicaPoolStats: () => statsOf(replica.pool) } : {}),
    exec: async (sql) => {
      await pool.query(sql);
      // Behind a pooler this process hears its own changes only through the feed: settle, as a pooled LISTEN would have.
      if (pooled) await changes.barrier();
    },
    close: async () => {
      await changes.close();
      await replica?.close();
      await pool.end();
    },
  };
}

/**
 * The replica's pool and what read-your-writes asks of the two servers (db/replica.ts). The replica's replay
 * position is remembered: a write it is known to have replayed past needs no question.
 */
function replicaRouting(primary: pg.Pool, url: string, poolSize: number, pooled: boolean, options: DatabaseOptions): ReplicaRouting & { pool: pg.Pool } {
  const pool = poolOn(url, poolSize);
  const replica = drizzlePg(pool, { schema, ...queryLogger(options) }) as unknown as Executor;
  if (pooled) sendStatementsUnnamed(replica);
  let known = 0n;
  return {
    pool,
    replica,
    async writePosition() {
      // The insert position, not the write position: under asynchronous commit (synchronous_commit=off) a commit
      // returns before its record is written, and the write position can still be before it.
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      return rows[0]!.lsn;
    },
    async replayed(lsn) {
      const wanted = lsnValue(lsn);
      if (wanted === null) return true;
      if (wanted <= known) return true;
      const { rows } = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      const now = lsnValue(rows[0]?.lsn);
      if (now !== null && now > known) known = now;
      return wanted <= known;
    },
    close: () => pool.end(),
  };
}

/** The app's handle on an embedded database; `closeClient` runs after the change feed has closed. */
function embeddedDatabase(client: PGlite, options: DatabaseOptions, closeClient: () => Promise<void>): Database {
  const db = drizzlePglite(drizzleView(client), { schema, ...queryLogger(options) }) as unknown as Executor;
  const changes = pgliteChangeFeed(client);
  return {
    db,
    kind: 'pglite',
    changes,
    jobs: { executeSql: (text, values) => pgliteExecuteSql(client, text, values) },
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      try {
        await changes.close();
      } finally {
        await closeClient();
      }
    },
    backup: () => dumpEmbedded(client),
    dumpDataDir: async () => client.dumpDataDir('none'),
    maintain: () => maintainEmbedded(client),
  };
}

/**
 * A statement with parameters is one prepared query; pg-boss's schema scripts (no parameters) may hold several. Dates
 * are read as dates (db/pglite-text-types.ts: the handle's own parsers read them as text for drizzle).
 */
async function pgliteExecuteSql(client: PGlite, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  const options = { parsers: PGLITE_DATE_PARSERS };
  if (values && values.length > 0) return client.query(text, values, options);
  const results = await client.exec(text, options);
  return { rows: results.at(-1)?.rows ?? [] };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], config);
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], config);
  }
}

/** What pg-boss needs of a connection: one statement with its parameters. */
export interface SqlConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The connection an executor runs on, for a statement drizzle does not build (a job pg-boss inserts): a
 * transaction's own (the pooled connection, or the embedded database's transaction), so the statement commits or
 * rolls back with it; the database's pool or handle otherwise. Reads drizzle's session `client` (drizzle-orm 0.45,
 * as db/prepared.ts does); both drivers' clients answer `query(text, values)` with `{ rows }`.
 */
export function sqlConnectionOf(executor: Executor): SqlConnection {
  const client = (executor as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('This database handle does not expose its connection (another drizzle version?).');
  const query = client.query as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  return { executeSql: (text, values) => query.call(client, text, values ?? []) };
}
