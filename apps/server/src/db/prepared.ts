import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { Executor } from './executor';

/** What drizzle's `.prepare(name)` gives: the statement's text built once, run with the values of its placeholders. */
interface PreparedQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * What this reads of drizzle's sessions (both drivers, drizzle-orm 0.45): a session's `client` (the pool, a
 * pooled connection in a transaction, the embedded database or its transaction) and its `options`, one object
 * shared by a database's session and the sessions of its transactions. A prepared query runs on its own
 * `client`. When either is missing (another drizzle version), statements are built per executor instead.
 */
interface SessionInternals {
  client?: unknown;
  options?: object;
}
const internalsOf = (db: Executor): SessionInternals => (db as unknown as { session?: SessionInternals }).session ?? {};

/** The sessions' options of databases reached through a pooler in transaction mode (`sendStatementsUnnamed`). */
const unnamedSessions = new WeakSet<object>();

/**
 * Behind PgBouncer in transaction pooling mode (`DATABASE_POOLER=pgbouncer`) a connection the app holds is a different
 * server connection in each transaction, so a named prepared statement parsed on one is unknown on the next: this
 * database's statements (its transactions' included) are all sent unnamed. Their text is still built once.
 */
export function sendStatementsUnnamed(db: Executor): void {
  const { options } = internalsOf(db);
  if (!options) throw new Error('This database handle does not expose its session options (another drizzle version?).');
  unnamedSessions.add(options);
}

/**
 * A statement of a hot path whose SQL is built once instead of on every run (docs/architecture.md, "Prepared
 * statements"). Drizzle spends more of the app's CPU building a statement's text from its query builder than the
 * driver spends sending it; a prepared statement keeps the built text, and each run only binds the values of its
 * `sql.placeholder(...)`s. On PostgreSQL the name also makes it a named prepared statement on each pooled
 * connection, so the server parses it once per connection.
 *
 * The statement is built once per database. A transaction runs the same built statement on the transaction's
 * connection: a copy that differs only in the client it runs on (tested in test/prepared-statements.test.ts on
 * both databases: it sees the transaction's uncommitted rows, and leaves nothing after a rollback).
 *
 * `name` must be unique in the app (PostgreSQL keeps one text per name on a connection).
 *
 * `planEachRun`: PostgreSQL plans a named statement for its values for its first five runs, then keeps one
 * generic plan for any values once that plan looks no dearer. Where the best plan depends on the values (a
 * text search: a rare word wants the trigram indexes, a common one the walk in date order), a generic plan
 * can be far off: the search of a million payments for one reference took 1.8 s a page with it and 28 ms
 * with a plan for its words (page size written into the statement; with the page size a placeholder, as
 * here, PostgreSQL kept planning per run in that test, but nothing promises it). Such a statement is sent
 * unnamed: its text is still built once, and the server plans it for each run's values.
 */
export function preparedStatement<T>(
  name: string,
  build: (db: Executor, name: string) => PreparedQuery<T>,
  { planEachRun = false }: { planEachRun?: boolean } = {},
) {
  if (names.has(name)) throw new Error(`A prepared statement is already named ${name}.`);
  names.add(name);
  /** The statement as built, per database (its sessions' shared options). */
  const templates = new WeakMap<object, PreparedQuery<T>>();
  /** Per executor: the database's own, or a transaction's copy. */
  const forExecutor = new WeakMap<Executor, PreparedQuery<T>>();

  // Drizzle passes the name to the driver; without one (the type asks for a string) it sends an unnamed statement.
  const statementName = planEachRun ? (undefined as unknown as string) : name;

  function prepare(db: Executor): PreparedQuery<T> {
    const { client, options } = internalsOf(db);
    if (!options || client === undefined) return withCompiledRows(build(db, statementName));
    const template = templates.get(options);
    if (template && Object.prototype.hasOwnProperty.call(template, 'client')) {
      return Object.create(template, { client: { value: client } }) as PreparedQuery<T>;
    }
    const query = withCompiledRows(build(db, unnamedSessions.has(options) ? (undefined as unknown as string) : statementName));
    templates.set(options, query);
    return query;
  }

  return (db: Executor, values: Record<string, unknown>): Promise<T> => {
    let query = forExecutor.get(db);
    if (!query) {
      query = prepare(db);
      forExecutor.set(db, query);
    }
    return query.execute(values);
  };
}

/**
 * A read whose filters change its shape (which conditions it has, its order): one `preparedStatement` per shape,
 * built the first time a request has that shape and kept for the app's life (a few dozen shapes at most). The
 * shape's key, `keyOf(shape)`, tells shapes apart and names the statement `<prefix>_<key>`, so the name of a
 * shape's statement is the same in every process and unique as long as the prefix is. `planEachRun` decides,
 * per shape, whether its statement is sent unnamed (see `preparedStatement`).
 */
export function preparedPerShape<Shape, T>(
  prefix: string,
  keyOf: (shape: Shape) => string,
  build: (shape: Shape, db: Executor, name: string) => PreparedQuery<T>,
  { planEachRun }: { planEachRun?: (shape: Shape) => boolean } = {},
): (shape: Shape) => (db: Executor, values: Record<string, unknown>) => Promise<T> {
  const reads = new Map<string, (db: Executor, values: Record<string, unknown>) => Promise<T>>();
  return (shape) => {
    const key = keyOf(shape);
    let read = reads.get(key);
    if (!read) {
      read = preparedStatement(`${prefix}_${key}`, (db, name) => build(shape, db, name), { planEachRun: planEachRun?.(shape) ?? false });
      reads.set(key, read);
    }
    return read;
  };
}

const names = new Set<string>();

/** What this reads of a drizzle select's (or returning's) prepared query: its fields, and where it maps rows. */
interface MappedQuery {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** drizzle-orm's own row mapping (exported by the package, left out of its types): the tests compare with it. */
const drizzleMapRow = (drizzle as unknown as { mapResultRow: (fields: unknown, row: unknown[], joins: unknown) => unknown }).mapResultRow;

/**
 * Drizzle maps each row of a prepared select value by value, and for every value of every row asks its field what kind
 * it is (`is`, a walk up the prototype chain) to find its decoder: about a tenth of a list page's CPU in a profile of
 * the POS orders list. This is the same mapping (drizzle-orm 0.45's `mapResultRow`: nested paths, and a left-joined
 * table's object null when its first value is null) with each field's decoder, path and table found once per
 * statement. In the tests (`VITEST`) every row is mapped both ways and a difference throws, so a drizzle upgrade that
 * changes the mapping fails the suite instead of answering differently.
 */
function compileRowMapper(fields: NonNullable<MappedQuery['fields']>, joins: Record<string, boolean> | undefined) {
  const columns = fields.map(({ path, field }) => {
    const column = is(field, Column);
    const decoded = (f: unknown) => (f as { decoder: Decoder }).decoder;
    const decoder: Decoder = column
      ? (field as Decoder)
      : is(field, SQL)
        ? decoded(field)
        : is(field, Subquery)
          ? decoded((field as unknown as { _: { sql: unknown } })._.sql)
          : decoded((field as { sql: unknown }).sql);
    return { path, last: path[path.length - 1]!, decoder, table: joins && column && path.length === 2 ? getTableName((field as Column).table) : null };
  });
  const nullable = joins !== undefined && columns.some((c) => c.table !== null);
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> | undefined = nullable ? {} : undefined;
    for (let i = 0; i < columns.length; i++) {
      const { path, last, decoder, table } = columns[i]!;
      let node = result;
      for (let k = 0; k < path.length - 1; k++) {
        const chunk = path[k]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[last] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (nullify && table !== null) {
        const object = path[0]!;
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
      }
    }
    if (nullify) for (const [object, table] of Object.entries(nullify)) if (typeof table === 'string' && !joins![table]) result[object] = null;
    return result;
  };
  if (!process.env.VITEST) return (rows: unknown[][]) => rows.map(mapRow);
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const mapped = mapRow(row);
      const drizzles = drizzleMapRow(fields, row, joins);
      if (!isDeepStrictEqual(mapped, drizzles)) throw new Error(`The compiled row mapping differs from drizzle's: ${JSON.stringify([mapped, drizzles])}`);
      return mapped;
    });
}

/** Gives a built statement the compiled row mapping (a statement without fields, or with its own mapper, keeps drizzle's). */
function withCompiledRows<Q>(query: Q): Q {
  const q = query as MappedQuery;
  if (q.fields && q.fields.length > 0 && !q.customResultMapper) q.customResultMapper = compileRowMapper(q.fields, q.joinsNotNullableMap);
  return query;
}
