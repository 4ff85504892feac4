import { timestamp } from 'drizzle-orm/pg-core';

/** Every table's timestamps: with time zone, read as Date. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
