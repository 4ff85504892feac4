import { sql } from 'drizzle-orm';
import { CHAT_ATTACHMENT_CONTENT_TYPES, CHAT_SIDES, CHAT_STATUSES } from '@merchant/business';
import { bigserial, bigint, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/** Live support chat (docs/decisions.md, "Support chat"): conversations, their plain-text messages, canned replies. */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const chatConversations = pgTable(
  'chat_conversations',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('open'),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Customer messages the staff have not read, and staff messages the customer has not read. */
    unreadByStaff: integer('unread_by_staff').notNull().default(0),
    unreadByCustomer: integer('unread_by_customer').notNull().default(0),
    /** The last message each side has read (its seq; 0: none). */
    staffReadSeq: bigint('staff_read_seq', { mode: 'number' }).notNull().default(0),
    customerReadSeq: bigint('customer_read_seq', { mode: 'number' }).notNull().default(0),
    /** The last staff message the customer was mailed about (the 10-minute unread mail goes once per answer). */
    mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
    lastSide: text('last_side', { enum: CHAT_SIDES }),
    lastBody: text('last_body'),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('chat_conversations_inbox_idx').on(t.businessId, t.lastMessageAt),
    // The unread-answer mail's sweep looks only at conversations with answers the customer has not read.
    index('chat_conversations_unread_idx')
      .on(t.unreadByCustomer)
      .where(sql`unread_by_customer > 0`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    /** Orders the messages; a reconnecting socket asks for those after the last it saw. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id').notNull(),
    side: text('side', { enum: CHAT_SIDES }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Plain text as written: never rendered as HTML (empty when the message is a file alone). */
    body: text('body').notNull(),
    /**
     * The message's file, when it has one: stored by the file store under the message's id; its type is what its
     * bytes are (never the name's or the browser's word).
     */
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type', { enum: CHAT_ATTACHMENT_CONTENT_TYPES }),
    attachmentSize: integer('attachment_size'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('chat_messages_conversation_seq_key').on(t.businessId, t.conversationId, t.seq),
    foreignKey({ columns: [t.businessId, t.conversationId], foreignColumns: [chatConversations.businessId, chatConversations.id] }).onDelete('cascade'),
  ],
);

export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);
