import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ChatSide, ChatStatus } from '@merchant/business';
import { SESSION_CACHE_CHANNEL } from '@/db/change-feed';
import type { Executor } from '@/db/client';
import { businessUsers, businesses, chatCannedReplies, chatConversations, chatMessages, users } from '@/db/schema';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type CannedReplyRow = typeof chatCannedReplies.$inferSelect;
export type ConversationWithAssignee = ConversationRow & { assigneeName: string | null };
export type MessageWithAuthor = MessageRow & { authorName: string | null };

/** pg answers int8 as text, PGlite as a number. */
const int = (value: unknown) => Number(value);

const conversationColumns = { conversation: chatConversations, assigneeName: users.name };
const withAssignee = (row: { conversation: ConversationRow; assigneeName: string | null }): ConversationWithAssignee => ({
  ...row.conversation,
  staffReadSeq: int(row.conversation.staffReadSeq),
  customerReadSeq: int(row.conversation.customerReadSeq),
  mailedSeq: int(row.conversation.mailedSeq),
  assigneeName: row.assigneeName,
});
const withAuthor = (row: { message: MessageRow; authorName: string | null }): MessageWithAuthor => ({
  ...row.message,
  seq: int(row.message.seq),
  authorName: row.authorName,
});

/** Support chat: SQL only. Every query is scoped by business. */
export const supportChatRepository = {
  async businessName(db: Executor, businessId: string): Promise<string | undefined> {
    const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return row?.name;
  },

  async insertConversation(db: Executor, row: typeof chatConversations.$inferInsert): Promise<void> {
    await db.insert(chatConversations).values(row);
  },

  async find(db: Executor, businessId: string, id: string): Promise<ConversationWithAssignee | undefined> {
    const [row] = await db
      .select(conversationColumns)
      .from(chatConversations)
      .leftJoin(users, eq(users.id, chatConversations.assigneeUserId))
      .where(and(eq(chatConversations.businessId, businessId), eq(chatConversations.id, id)));
    return row && withAssignee(row);
  },

  async lock(db: Executor, businessId: string, id: string): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.businessId, businessId), eq(chatConversations.id, id)))
      .for('update');
    return row;
  },

  async inbox(
    db: Executor,
    businessId: string,
    filter: { status?: ChatStatus | undefined; assignee?: string | null | undefined },
    limit: number,
  ): Promise<ConversationWithAssignee[]> {
    const rows = await db
      .select(conversationColumns)
      .from(chatConversations)
      .leftJoin(users, eq(users.id, chatConversations.assigneeUserId))
      .where(
        and(
          eq(chatConversations.businessId, businessId),
          filter.status ? eq(chatConversations.status, filter.status) : undefined,
          filter.assignee === null ? isNull(chatConversations.assigneeUserId) : undefined,
          filter.assignee ? eq(chatConversations.assigneeUserId, filter.assignee) : undefined,
        ),
      )
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(limit);
    return rows.map(withAssignee);
  },

  async unreadTotal(db: Executor, businessId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string | number>`coalesce(sum(${chatConversations.unreadByStaff}), 0)` })
      .from(chatConversations)
      .where(and(eq(chatConversations.businessId, businessId), eq(chatConversations.status, 'open')));
    return int(row?.total ?? 0);
  },

  async insertMessage(db: Executor, row: Omit<typeof chatMessages.$inferInsert, 'seq'>): Promise<number> {
    const [inserted] = await db.insert(chatMessages).values(row).returning({ seq: chatMessages.seq });
    return int(inserted!.seq);
  },

  /** After a message: the last message, the other side's unread count, and the conversation open again. */
  async afterMessage(db: Executor, businessId: string, id: string, message: { side: ChatSide; body: string; at: Date }): Promise<void> {
    await db
      .update(chatConversations)
      .set({
        lastSide: message.side,
        lastBody: message.body,
        lastMessageAt: message.at,
        status: 'open',
        ...(message.side === 'customer'
          ? { unreadByStaff: sql`${chatConversations.unreadByStaff} + 1` }
          : { unreadByCustomer: sql`${chatConversations.unreadByCustomer} + 1` }),
      })
      .where(and(eq(chatConversations.businessId, businessId), eq(chatConversations.id, id)));
  },

  /** `side` has read up to `seq`: its read mark moves forward and its unread count is what is left after it. */
  async markRead(db: Executor, businessId: string, id: string, side: ChatSide, seq: number): Promise<void> {
    const other: ChatSide = side === 'staff' ? 'customer' : 'staff';
    const unreadAfter = (readSeq: unknown) =>
      sql`(select count(*)::int from ${chatMessages} where ${chatMessages.businessId} = ${businessId} and ${chatMessages.conversationId} = ${id} and ${chatMessages.side} = ${other} and ${chatMessages.seq} > ${readSeq})`;
    const read = sql`greatest(${side === 'staff' ? chatConversations.staffReadSeq : chatConversations.customerReadSeq}, ${seq})`;
    await db
      .update(chatConversations)
      .set(side === 'staff' ? { staffReadSeq: read, unreadByStaff: unreadAfter(read) } : { customerReadSeq: read, unreadByCustomer: unreadAfter(read) })
      .where(and(eq(chatConversations.businessId, businessId), eq(chatConversations.id, id)));
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<Pick<ConversationRow, 'status' | 'assigneeUserId' | 'mailedSeq'>>): Promise<void> {
    await db
      .update(chatConversations)
      .set(patch)
      .where(and(eq(chatConversations.businessId, businessId), eq(chatConversations.id, id)));
  },

  /** The conversation's messages after `after` (oldest first), at most `limit`: the newest ones when more are there. */
  async messages(db: Executor, businessId: string, conversationId: string, after: number, limit: number): Promise<MessageWithAuthor[]> {
    const rows = await db
      .select({ message: chatMessages, authorName: users.name })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.staffUserId))
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, after)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
    return rows.map(withAuthor).reverse();
  },

  async findMessage(db: Executor, businessId: string, conversationId: string, id: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, id)));
    return row;
  },

  async lastStaffSeq(db: Executor, businessId: string, conversationId: string): Promise<number> {
    const [row] = await db
      .select({ seq: sql<string | number | null>`max(${chatMessages.seq})` })
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, businessId), eq(chatMessages.conversationId, conversationId), eq(chatMessages.side, 'staff')));
    return int(row?.seq ?? 0);
  },

  /**
   * Conversations whose customer has an unread staff message written at or before `before` that no mail told of
   * (the unread-answer mail's sweep; the partial index keeps it to conversations with unread answers).
   */
  async dueUnreadMail(db: Executor, before: Date, limit: number): Promise<{ businessId: string; id: string }[]> {
    return db
      .select({ businessId: chatConversations.businessId, id: chatConversations.id })
      .from(chatConversations)
      .where(
        and(
          gt(chatConversations.unreadByCustomer, 0),
          sql`exists (select 1 from ${chatMessages} where ${chatMessages.businessId} = ${chatConversations.businessId}
            and ${chatMessages.conversationId} = ${chatConversations.id} and ${chatMessages.side} = 'staff'
            and ${chatMessages.seq} > greatest(${chatConversations.customerReadSeq}, ${chatConversations.mailedSeq})
            and ${chatMessages.createdAt} <= ${before.toISOString()}::timestamptz)`,
        ),
      )
      .limit(limit);
  },

  /** Whether the user is an active member of the business with one of the roles. */
  async memberRole(db: Executor, businessId: string, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ role: businessUsers.role })
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), eq(businessUsers.status, 'active')));
    return row?.role;
  },

  /**
   * Tells every app process (on commit, through the change feed's channel) that something of a conversation
   * happened: `c:<business>|<conversation>|<what>`; the chat's sockets read what changed from the database.
   */
  async notify(db: Executor, payload: string): Promise<void> {
    await db.execute(sql`select pg_notify(${SESSION_CACHE_CHANNEL}, ${payload})`);
  },

  async cannedList(db: Executor, businessId: string): Promise<CannedReplyRow[]> {
    return db
      .select()
      .from(chatCannedReplies)
      .where(eq(chatCannedReplies.businessId, businessId))
      .orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
  },

  async cannedInsert(db: Executor, row: typeof chatCannedReplies.$inferInsert): Promise<CannedReplyRow> {
    const [inserted] = await db.insert(chatCannedReplies).values(row).returning();
    return inserted!;
  },

  async cannedUpdate(
    db: Executor,
    businessId: string,
    id: string,
    patch: { title: string; body: string; updatedAt: Date },
  ): Promise<CannedReplyRow | undefined> {
    const [row] = await db
      .update(chatCannedReplies)
      .set(patch)
      .where(and(eq(chatCannedReplies.businessId, businessId), eq(chatCannedReplies.id, id)))
      .returning();
    return row;
  },

  async cannedDelete(db: Executor, businessId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(chatCannedReplies)
      .where(and(eq(chatCannedReplies.businessId, businessId), eq(chatCannedReplies.id, id)))
      .returning({ id: chatCannedReplies.id });
    return rows.length > 0;
  },
};
