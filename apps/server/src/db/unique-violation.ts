/**
 * The constraint a statement broke when it failed on a unique index (PostgreSQL's 23505), or null for any other
 * failure. Both databases' errors carry the code and the constraint's name, under the query error drizzle wraps them in.
 */
export function uniqueViolationOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
