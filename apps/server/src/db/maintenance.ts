import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's vacuum, statistics and checkpoints. PGlite runs PostgreSQL as one process with no background
 * workers: no autovacuum ever runs, so without this its tables were never analyzed (the planner guessed every list's
 * and search's plan from defaults, whatever the data), dead rows were never marked reusable and the search indexes'
 * pending lists were merged only when full; and no checkpoint ran until the database was closed, so its write-ahead
 * log grew without end (1.8 GB after 4.8 million rows written and deleted, where `max_wal_size` is 1 GB) and a crash
 * would replay all of it at the next start. Nor does it count a table's changes (`pg_stat_user_tables` stays at 0), so
 * a table is due by its size and state (`isDue`), where autovacuum goes by its changes. Each due table gets
 * `VACUUM (ANALYZE)`, one at a time: the app's own statements take their turns between them (0.2 s for a table of a
 * million rows: docs/operations.md, "Vacuum, statistics and checkpoints"). Then a `CHECKPOINT` once a segment of log
 * (16 MB) was written since the last one, as a server's timed checkpoint would. PostgreSQL does all of this itself.
 */
export interface MaintenanceRun {
  /** The tables vacuumed and analyzed, `schema.table`. */
  tables: string[];
  /** The write-ahead log written since the last checkpoint, in bytes, before this run's; and whether it took one. */
  walBytes: number;
  checkpoint: boolean;
  ms: number;
}

/** A checkpoint once this much log was written since the last one: a segment. */
export const CHECKPOINT_AFTER_BYTES = 16 * 1024 * 1024;

/** The schemas whose tables are maintained: the app's, the job queue's and the migrations' journal. */
const SCHEMAS = ['public', 'pgboss', 'drizzle'];

interface TableSize {
  name: string;
  /**
   * Whether the table has statistics: analyzed, or known to be empty. `reltuples` alone does not say it: an index
   * built on a table that holds rows sets it (as a migration that adds one does) and writes no statistics.
   */
  analyzed: boolean;
  /** The table's own pages now (an empty table has none; its indexes have their first pages). */
  heapPages: number;
  /** Pages of the table, its long values' table and its indexes at the last vacuum (or analyze), and now. */
  known: number;
  now: number;
  /** Transactions since its rows were last frozen: a table that never grows is vacuumed before this passes 150 million. */
  xidAge: number;
}

const sizes = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
         c.reltuples = 0 or (c.reltuples > 0 and exists (select 1 from pg_statistic s where s.starelid = c.oid)) as analyzed,
         (pg_relation_size(c.oid) / 8192)::int as "heapPages",
         (c.relpages + coalesce((select t.relpages from pg_class t where t.oid = c.reltoastrelid), 0)
           + coalesce((select sum(i.relpages) from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = c.oid), 0))::int as known,
         ((pg_relation_size(c.oid) + case when c.reltoastrelid <> 0 then pg_relation_size(c.reltoastrelid) else 0 end
           + coalesce((select sum(pg_relation_size(x.indexrelid)) from pg_index x where x.indrelid = c.oid), 0)) / 8192)::int as now,
         age(c.relfrozenxid)::int as "xidAge"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and n.nspname = any($1::text[])
  order by 1`;

/** The age past which a table is vacuumed whatever its size (PostgreSQL's `vacuum_freeze_table_age`). */
export const FREEZE_AGE = 150_000_000;

/**
 * Whether a table is due: holding rows with no statistics, grown by more than a fifth and 8 pages, or with rows
 * to freeze. A table that shrinks (a purge) waits for its next growth: its dead rows' room is reused once vacuumed.
 */
export const isDue = (t: Omit<TableSize, 'name'>): boolean => (!t.analyzed && t.heapPages > 0) || t.now > t.known * 1.2 + 8 || t.xidAge > FREEZE_AGE;

/** PostgreSQL's code for a relation that does not exist: a table dropped since the sizes were read. */
const UNDEFINED_TABLE = '42P01';

/** Vacuums and analyzes the embedded database's due tables, then checkpoints when due (see above). */
export async function maintainEmbedded(client: PGlite): Promise<MaintenanceRun> {
  const started = performance.now();
  const { rows } = await client.query<TableSize>(sizes, [SCHEMAS]);
  const tables: string[] = [];
  // One statement per table, never in a transaction (VACUUM refuses one).
  for (const table of rows.filter(isDue).map((t) => t.name)) {
    try {
      await client.exec(`vacuum (analyze) ${table}`);
      tables.push(table);
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
    }
  }
  const walBytes = await walSinceCheckpoint(client);
  const checkpoint = walBytes >= CHECKPOINT_AFTER_BYTES;
  if (checkpoint) await client.exec('checkpoint');
  return { tables, walBytes, checkpoint, ms: Math.round(performance.now() - started) };
}

/** The write-ahead log written since the last checkpoint began, in bytes. */
export async function walSinceCheckpoint(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ bytes: string | number }>(`select (pg_current_wal_insert_lsn() - (pg_control_checkpoint()).redo_lsn)::bigint as bytes`);
  return Number(rows[0]!.bytes);
}
