import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '@merchant/business';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * The bell's notifications (docs/decisions.md, "Notifications"): one row per recipient, written in the transaction of
 * what it tells of; a trigger announces each insert and read on the change feed (`n:<business>|<user>`).
 */
export const notifications = pgTable(
  'notifications',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Time-ordered (UUIDv7): a person's list pages by (created_at, id). */
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A dashboard path. */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('notifications_recipient_idx').on(t.businessId, t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.businessId, t.userId)
      .where(sql`read_at is null`),
    // The retention job deletes read rows by age.
    index('notifications_read_at_idx')
      .on(t.readAt)
      .where(sql`read_at is not null`),
  ],
);
