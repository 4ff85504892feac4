import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import type { Write } from './write-together';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A value as the JSON row carries it: JSON columns as they are, others as their column sends them to the driver. */
function jsonValue(column: Column, value: unknown): unknown {
  if (value === null) return null;
  if (column.dataType === 'json') return value;
  return column.mapToDriverValue(value);
}

/**
 * An insert of `rows` into `table` as a write (`writeTogether`) whose rows travel as one JSON parameter, read back by
 * `jsonb_populate_recordset` into the table's own row type (docs/architecture.md, "Writes sent together"). Drizzle's
 * `insert().values(rows)` builds its text value by value, each through its type checks, on every run: with the
 * register sale's other writes, a tenth of the sale's CPU in a profile. Here the text is the column list and one
 * parameter, whatever the number of rows.
 *
 * The columns written are those the rows name with a value (`undefined` is not a value); the others take their
 * defaults. Rows that do not all name the same columns go through drizzle's insert instead, which gives each missing
 * value its default row by row.
 */
export function jsonRowsWrite<T extends PgTable>(db: Executor, table: T, rows: readonly T['$inferInsert'][]): Write {
  if (rows.length === 0) throw new Error('An insert needs a row.');
  const columns: Record<string, Column> = getTableColumns(table);
  const named = (row: Record<string, unknown>) => Object.keys(row).filter((key) => row[key] !== undefined);
  const keys = named(rows[0] as Record<string, unknown>);
  const same = rows.every((row) => {
    const these = named(row as Record<string, unknown>);
    return these.length === keys.length && these.every((key, i) => key === keys[i]);
  });
  if (!same || keys.some((key) => !columns[key]))
    return db
      .insert(table)
      .values(rows as T['$inferInsert'][])
      .getSQL();
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const key of keys) out[columns[key]!.name] = jsonValue(columns[key]!, (row as Record<string, unknown>)[key]);
      return out;
    }),
  );
  const list = sql.raw(keys.map((key) => quoted(columns[key]!.name)).join(', '));
  return sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`;
}

/**
 * A JSON array (empty when no row) of `object` per row of `from`, in `order`: a read of several tables' rows in one
 * statement (one round trip where there was one per table), each array keyed as the rows' fields.
 */
export const jsonArray = (object: SQL, order: string, from: SQL): SQL =>
  sql`(select coalesce(json_agg(${object} order by ${sql.raw(order)}), '[]'::json) from ${from})`;
