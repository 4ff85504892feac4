import type { ProductSort } from '@merchant/catalogue';
import type { ProductCursor, ProductRow } from './products.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page's end in the list's sort: its last row's creation time (newest first) or name (by name), and its id. */
export function encodeProductCursor(row: ProductRow, sort: ProductSort): string {
  const key = sort === 'name' ? row.name : row.createdAt.toISOString();
  return Buffer.from(JSON.stringify([sort, key, row.id])).toString('base64url');
}

/** The cursor a page of this sort handed out, or undefined (the first page) for anything else. */
export function decodeProductCursor(cursor: string | undefined, sort: ProductSort): ProductCursor | undefined {
  if (!cursor) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [kind, key, id] = parsed as unknown[];
  if (kind !== sort || typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id)) return undefined;
  if (sort === 'name') return { key, id };
  const at = new Date(key);
  return Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1900 || at.getUTCFullYear() > 2999 ? undefined : { key: at, id };
}
