/** Keyset pagination, newest first: a cursor is the (time, id) of the last row a page showed. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: Cursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cursor a page handed out, or undefined (the first page) for anything else: a forged cursor must not
 * reach the database with an id that is no UUID or a time it cannot hold.
 */
export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return undefined;
  const year = createdAt.getUTCFullYear();
  if (year < 1900 || year > 2999) return undefined;
  return { createdAt, id };
}

/** Splits the `limit + 1` rows a repository read into a page and the cursor of the next one. */
export function pageFrom<T>(rows: T[], limit: number, keyOf: (row: T) => Cursor): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
