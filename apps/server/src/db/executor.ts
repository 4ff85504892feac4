import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The handle types apart from db/client.ts, so what client.ts itself builds on (prepared.ts, replica.ts) can name them.
export type Schema = typeof schema;
/** The database or a transaction on it: repositories take this as their first argument. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;
