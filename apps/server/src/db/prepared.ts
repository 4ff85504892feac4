import type { Executor } from './client';

/** What drizzle's `.prepare(name)` gives: the statement's text built once, run with the values of its placeholders. */
interface PreparedQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * A statement of a hot path whose SQL is built once per executor instead of on every run (docs/architecture.md,
 * "Prepared statements"). Drizzle spends more of the app's CPU building a statement's text from its query builder
 * than the driver spends sending it; a prepared statement keeps the built text, and each run only binds the values
 * of its `sql.placeholder(...)`s. On PostgreSQL the name also makes it a named prepared statement on each pooled
 * connection, so the server parses and plans it once per connection.
 *
 * The root database (the pool, or the embedded database) keeps its prepared statement for the life of the process;
 * a transaction's executor gets its own, built at its first run in that transaction (it must run on the
 * transaction's connection), so inside a transaction nothing is saved but nothing changes either.
 *
 * `name` must be unique in the app (PostgreSQL keeps one text per name on a connection).
 */
export function preparedStatement<T>(name: string, build: (db: Executor, name: string) => PreparedQuery<T>) {
  if (names.has(name)) throw new Error(`A prepared statement is already named ${name}.`);
  names.add(name);
  const built = new WeakMap<Executor, PreparedQuery<T>>();
  return (db: Executor, values: Record<string, unknown>): Promise<T> => {
    let query = built.get(db);
    if (!query) {
      query = build(db, name);
      built.set(db, query);
    }
    return query.execute(values);
  };
}

const names = new Set<string>();
