import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle reads as their text and parses itself (drizzle-orm 0.45's PGlite session): timestamp, timestamptz,
 * interval, date and the arrays of those and of numeric.
 */
const TEXT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const TEXT = new Set(TEXT_TYPES);
const asText = (value: string) => value;

/**
 * What PGlite itself makes of those types (dates as `Date`s): the job queue's statements, which are not drizzle's, are
 * read this way, as they were before the embedded handle read the types as text (pg-boss's jobs carry `createdOn`
 * dates the queue's order compares).
 */
export const PGLITE_DATE_PARSERS: NonNullable<QueryOptions['parsers']> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((type) => [type, types.parsers[type]!]),
);

type Client = PGlite | Transaction;

/** Options whose parsers are only drizzle's text ones, without them (kept per options object: drizzle keeps its own). */
const stripped = new WeakMap<QueryOptions, QueryOptions>();
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const known = stripped.get(options);
  if (known) return known;
  if (!Object.keys(options.parsers).every((key) => TEXT.has(Number(key)))) return options;
  const { parsers: _parsers, ...rest } = options;
  stripped.set(options, rest);
  return rest;
}

/** The handle's own parsers read drizzle's text types as text (idempotent: a test's kept handle may pass twice). */
function readTextTypesAsText(client: PGlite): void {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
}

function view<T extends Client>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) => target.query(text, params, withoutTextParsers(options));
      }
      // A transaction's statements too (a PGlite transaction has no transactions of its own: drizzle nests savepoints).
      if (property === 'transaction' && 'transaction' in target) {
        return <R>(callback: (tx: Transaction) => Promise<R>) => target.transaction((tx) => callback(view(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The PGlite handle drizzle is given. Drizzle's PGlite session sends its text parsers with every statement, and PGlite
 * merges an option's parsers into its own (about 300, one per type and array type) on every statement: about 200 µs of
 * the app's core a statement, a fifth of a product import's time (docs/benchmarks.md, "What one query costs on the
 * embedded database"). The handle's own parsers read those types as text instead, and drizzle's statements go without
 * the option; any other option is passed on as it is. Everything else on the handle is the handle's.
 */
export function drizzleView(client: PGlite): PGlite {
  readTextTypesAsText(client);
  return view(client);
}
