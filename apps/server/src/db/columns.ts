import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { bigint } from 'drizzle-orm/pg-core';

/**
 * Money columns: integer minor units in `bigint`, read as a JS number from both databases (PGlite gives
 * int8 as a number, node-postgres as a string; drizzle's `mode: 'number'` maps both). Every amount the
 * product stores stays far below 2^53 (`MAX_MINOR_AMOUNT` in @merchant/core).
 */
export const minorAmount = (name: string) => bigint(name, { mode: 'number' });

/**
 * An aggregate of money or a count as a JS number from both databases (sum() of bigint is `numeric`,
 * count() is `bigint`: both arrive as strings from node-postgres). Null (no rows) reads as 0.
 */
export function sumMinor(value: SQLWrapper): SQL<number> {
  return sql`coalesce(sum(${value}), 0)`.mapWith(Number);
}

export function countRows(value?: SQLWrapper): SQL<number> {
  return (value ? sql`count(${value})` : sql`count(*)`).mapWith(Number);
}

/** Any numeric SQL expression (a filtered sum, a difference) read as a JS number. */
export function asNumber(expression: SQL): SQL<number> {
  return sql`coalesce(${expression}, 0)`.mapWith(Number);
}
