import {
  CHAT_INBOX_LIMIT,
  CHAT_MESSAGES_LIMIT,
  MAX_CHAT_MESSAGE_LENGTH,
  type CannedReply,
  type CannedReplyBody,
  type ChatConversation,
  type ChatMessage,
  type ChatSide,
  type ChatStatus,
  type Inbox,
  type InboxQuery,
  type PublicChat,
  type StartChatBody,
} from '@merchant/business';
import { AppError, RetryLaterError, SCREEN_PATHS, can, fieldError, screenLink, type Role } from '@merchant/core';
import { CHAT_EVENT_PREFIX, type ChangeFeed } from '@/db/change-feed';
import type { Executor } from '@/db/client';
import type { BusinessContext, RequestMeta } from '@/http/context';
import { appSecret } from '@/lib/app-secrets';
import type { FileStore } from '@/lib/file-store';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { checkAttachment, cleanFileName } from './attachment-type';
import { checkChatToken, signChatToken } from './chat-token';
import { attachmentOf, presentCanned, presentConversation, presentMessage, presentSent, summaryOf, type CheckedAttachment } from './chat-presenter';
import { supportChatRepository as repo, type ConversationWithAssignee } from './support-chat.repository';

/** The schedule (pg-boss) that mails customers the answers they have left unread for `UNREAD_MAIL_DELAY_MS`. */
export const UNREAD_MAIL_JOB = 'support-chat.unread-mail';
export const UNREAD_MAIL_DELAY_MS = 10 * 60_000;
/** Conversations one run of the sweep mails at most (the next minute's run takes the rest). */
const UNREAD_MAIL_BATCH = 200;

/**
 * Rate limits (docs/decisions.md, "Support chat"): starting conversations per address, messages per conversation and
 * per address; a staff member's answers (files included) and files, across the business's conversations. Over one,
 * 429 with `Retry-After`.
 */
export const CHAT_LIMITS = {
  startPerIp: { max: 5, windowMs: 60 * 60_000 },
  perConversation: { max: 20, windowMs: 60_000 },
  perIp: { max: 60, windowMs: 60_000 },
  staffAnswers: { max: 60, windowMs: 60_000 },
  staffFiles: { max: 10, windowMs: 60_000 },
} as const;

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** The change feed's payload of a conversation's event: `c:<business>|<conversation>|<what>`. */
export const chatPayload = (businessId: string, conversationId: string, what: 'm' | 'c' | `r:${ChatSide}` | `t:${ChatSide}`) =>
  `${CHAT_EVENT_PREFIX}${businessId}|${conversationId}|${what}`;

/** An upload as the route read it: the name the browser sent, the bytes, and the optional text sent with it. */
export interface ChatUpload {
  fileName: string;
  bytes: Buffer;
  body: string;
}

/** Live support chat: the customer's public side (a signed token), the staff's inbox, and the unread-answer mail. */
export function createSupportChatService(deps: {
  db: Executor;
  clock: Clock;
  limiter: RateLimiter;
  mailer: Mailer;
  audit: AuditService;
  publicUrl: string;
  /** The database's change feed: the chat's sockets hear every process's conversations through it. */
  changes: ChangeFeed | undefined;
  /** Where attachments are kept (the product's file store: `<business>/<message id>`). */
  files: FileStore;
  /** A staff member's answers a minute (`CHAT_LIMITS.staffAnswers` unless set: the chat benchmark answers faster). */
  staffAnswersPerMinute?: number | undefined;
}) {
  const { db, clock, limiter, audit } = deps;
  let key: Promise<string> | null = null;
  const signingKey = () => (key ??= appSecret(db, 'support_chat_key', clock.now()));
  const staffAnswersMax = deps.staffAnswersPerMinute ?? CHAT_LIMITS.staffAnswers.max;

  /** Counts a hit on every limit in one round trip; over any, 429 with `Retry-After` until the last of them ends. */
  async function limit(limits: readonly Limit[], message: string): Promise<void> {
    const counted = await limiter.hitWindows(limits.map(({ key, windowMs }) => ({ key, windowMs })));
    const over = counted.filter((c, i) => c.hits > limits[i]!.max);
    if (over.length > 0) throw new RetryLaterError('RATE_LIMITED', message, Math.max(...over.map((c) => c.retryAfterMs)));
  }
  const notFound = () => new AppError('CHAT_CONVERSATION_NOT_FOUND', 'Conversation not found.');

  /** The conversation a token names, in the business of the path; anything else is one answer (404). */
  async function byToken(businessId: string, token: string): Promise<ConversationWithAssignee> {
    const conversationId = checkChatToken(await signingKey(), businessId, token);
    const row = conversationId ? await repo.find(db, businessId, conversationId) : undefined;
    if (!row) throw new AppError('CHAT_TOKEN_INVALID', 'This conversation link is not valid.');
    return row;
  }

  async function loadForStaff(ctx: BusinessContext, id: string): Promise<ConversationWithAssignee> {
    const row = await repo.find(db, ctx.business.row.id, id);
    if (!row) throw notFound();
    return row;
  }

  /** Writes a message, moves the conversation and tells every process, in one transaction. */
  async function write(
    tx: Executor,
    businessId: string,
    conversationId: string,
    side: ChatSide,
    body: string,
    staffUserId: string | null,
    file?: { id: string; attachment: CheckedAttachment },
  ) {
    const at = clock.now();
    const id = file?.id ?? newId();
    const attachment = file ? { attachmentName: file.attachment.name, attachmentType: file.attachment.type, attachmentSize: file.attachment.bytes.length } : {};
    const seq = await repo.insertMessage(tx, { businessId, id, conversationId, side, staffUserId, body, createdAt: at, ...attachment });
    await repo.afterMessage(tx, businessId, conversationId, { side, body: summaryOf(body, file?.attachment.name ?? null), at });
    // The writer has read everything up to its own message.
    await repo.markRead(tx, businessId, conversationId, side, seq);
    await repo.notify(tx, chatPayload(businessId, conversationId, 'm'));
    return { id, seq, at };
  }

  async function publicChat(businessId: string, row: ConversationWithAssignee, after: number): Promise<PublicChat> {
    const messages = await repo.messages(db, businessId, row.id, after, CHAT_MESSAGES_LIMIT);
    return {
      business: { id: businessId, name: (await repo.businessName(db, businessId)) ?? '' },
      conversation: {
        id: row.id,
        customer_name: row.customerName,
        customer_email: row.customerEmail,
        status: row.status,
        staff_read_seq: row.staffReadSeq,
      },
      messages: messages.map((m) => presentMessage(m, 'customer')),
    };
  }

  /** Checks an upload (its bytes, its name, its text); the file's problems are field errors on `file`. */
  async function checked(upload: ChatUpload): Promise<{ body: string; attachment: CheckedAttachment }> {
    const name = cleanFileName(upload.fileName);
    if (!name) throw fieldError('CHAT_ATTACHMENT_INVALID', 'file', 'The file needs a name ending in .png, .jpg, .jpeg, .webp or .pdf.');
    const type = await checkAttachment(name, upload.bytes);
    const body = upload.body.trim();
    if (body.length > MAX_CHAT_MESSAGE_LENGTH) throw fieldError('VALIDATION_FAILED', 'body', `Use at most ${MAX_CHAT_MESSAGE_LENGTH} characters`);
    return { body, attachment: { name, type, bytes: upload.bytes } };
  }

  /** Stores the file under the message's id, then writes the message; the file goes again when the write fails. */
  async function writeWithFile(
    businessId: string,
    conversationId: string,
    side: ChatSide,
    staffUserId: string | null,
    upload: { body: string; attachment: CheckedAttachment },
    before?: (tx: Executor) => Promise<void>,
  ) {
    const id = newId();
    await deps.files.save(businessId, id, upload.attachment.bytes);
    try {
      return await db.transaction(async (tx) => {
        await before?.(tx);
        return write(tx, businessId, conversationId, side, upload.body, staffUserId, { id, attachment: upload.attachment });
      });
    } catch (error) {
      await deps.files.remove(businessId, id);
      throw error;
    }
  }

  async function limitCustomer(conversationId: string, where: RequestMeta) {
    await limit(
      [
        { key: `chat:conversation:${conversationId}`, ...CHAT_LIMITS.perConversation },
        { key: `chat:ip:${where.ip}`, ...CHAT_LIMITS.perIp },
      ],
      'Too many messages. Wait a minute and try again.',
    );
  }

  /** A staff member's answers in the business (a file is an answer too, and counts on the files' limit). */
  async function limitStaff(ctx: BusinessContext, withFile: boolean) {
    const member = `${ctx.business.row.id}:${ctx.user.id}`;
    const answers = { key: `chat-staff:answers:${member}`, max: staffAnswersMax, windowMs: CHAT_LIMITS.staffAnswers.windowMs };
    const files = { key: `chat-staff:files:${member}`, ...CHAT_LIMITS.staffFiles };
    await limit(
      withFile ? [answers, files] : [answers],
      withFile ? 'Too many files sent. Wait a minute and try again.' : 'Too many answers. Wait a minute and try again.',
    );
  }

  /** A message's file in a conversation of the business; anything else is one answer (404). */
  async function openFile(businessId: string, conversationId: string, messageId: string) {
    const row = await repo.findMessage(db, businessId, conversationId, messageId);
    const attachment = row ? attachmentOf(row) : null;
    const file = row && attachment ? await deps.files.open(businessId, row.id) : null;
    if (!attachment || !file) throw new AppError('CHAT_ATTACHMENT_NOT_FOUND', 'Attachment not found.');
    return { name: attachment.name, contentType: attachment.content_type, stream: file.stream, size: file.size };
  }

  /** One conversation's unread-answer mail, under its lock: a second process finds it mailed already. */
  async function mailOne(businessId: string, conversationId: string): Promise<boolean> {
    const token = signChatToken(await signingKey(), businessId, conversationId);
    return db.transaction(async (tx) => {
      const row = await repo.lock(tx, businessId, conversationId);
      if (!row) return false;
      const seen = Math.max(Number(row.customerReadSeq), Number(row.mailedSeq));
      const unread = (await repo.messages(tx, businessId, conversationId, seen, CHAT_MESSAGES_LIMIT)).filter((m) => m.side === 'staff');
      if (unread.length === 0) return false;
      const name = (await repo.businessName(tx, businessId)) ?? 'The business';
      const link = screenLink(deps.publicUrl, SCREEN_PATHS.supportChat, { business_id: businessId }, { t: token });
      await deps.mailer.send(tx, {
        to: row.customerEmail,
        subject: `${name} answered your message`,
        text: [
          `Hello ${row.customerName},`,
          '',
          `${name} answered you:`,
          '',
          ...unread.map((m) => summaryOf(m.body, m.attachmentName)),
          '',
          `Continue the conversation: ${link}`,
        ].join('\n'),
      });
      await repo.update(tx, businessId, conversationId, { mailedSeq: unread.at(-1)!.seq });
      return true;
    });
  }

  const service = {
    changes: deps.changes,
    /** The public page's start: a conversation, its first message and its token. */
    async start(businessId: string, body: Required<StartChatBody>, where: RequestMeta): Promise<PublicChat & { token: string }> {
      await limit([{ key: `chat-start:ip:${where.ip}`, ...CHAT_LIMITS.startPerIp }], 'Too many conversations started from here. Wait a while and try again.');
      if ((await repo.businessName(db, businessId)) === undefined) throw new AppError('CHAT_BUSINESS_NOT_FOUND', 'Business not found.');
      const id = newId();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.insertConversation(tx, { businessId, id, customerName: body.name, customerEmail: body.email, lastMessageAt: now, createdAt: now });
        await write(tx, businessId, id, 'customer', body.message, null);
      });
      const row = (await repo.find(db, businessId, id))!;
      return { ...(await publicChat(businessId, row, 0)), token: signChatToken(await signingKey(), businessId, id) };
    },

    /** The customer's read: messages after `after`; the staff's messages shown are read. */
    async readPublic(businessId: string, token: string, after = 0): Promise<PublicChat> {
      const row = await byToken(businessId, token);
      const chat = await publicChat(businessId, row, after);
      const last = chat.messages.at(-1);
      if (last && last.seq > row.customerReadSeq) await service.markRead(businessId, row.id, 'customer', last.seq);
      return chat;
    },

    async postPublic(businessId: string, token: string, body: string, where: RequestMeta): Promise<ChatMessage> {
      const row = await byToken(businessId, token);
      await limitCustomer(row.id, where);
      const written = await db.transaction((tx) => write(tx, businessId, row.id, 'customer', body, null));
      return presentSent(written, { conversationId: row.id, side: 'customer', authorName: null, body });
    },

    /** The customer sends a file (and optional text): limited as a message, checked by its bytes. */
    async postAttachment(businessId: string, token: string, read: () => Promise<ChatUpload>, where: RequestMeta): Promise<ChatMessage> {
      const row = await byToken(businessId, token);
      await limitCustomer(row.id, where);
      const upload = await checked(await read());
      const written = await writeWithFile(businessId, row.id, 'customer', null, upload);
      return presentSent(written, { conversationId: row.id, side: 'customer', authorName: null, ...upload });
    },

    /** A file of the token's conversation. */
    async readAttachment(businessId: string, token: string, messageId: string) {
      const row = await byToken(businessId, token);
      return openFile(businessId, row.id, messageId);
    },

    /** The business's name (the launcher's button), or undefined when there is no such business. */
    async businessName(businessId: string): Promise<string | undefined> {
      return repo.businessName(db, businessId);
    },

    /** Whether the token opens a conversation of the business: its id (the customer's socket). */
    async conversationOfToken(businessId: string, token: string): Promise<string> {
      return (await byToken(businessId, token)).id;
    },

    async inbox(ctx: BusinessContext, query: InboxQuery): Promise<Inbox> {
      const businessId = ctx.business.row.id;
      const assignee = query.assigned === 'mine' ? ctx.user.id : query.assigned === 'unassigned' ? null : undefined;
      const rows = await repo.inbox(db, businessId, { status: query.status, assignee }, CHAT_INBOX_LIMIT);
      return { conversations: rows.map(presentConversation), unread_total: await repo.unreadTotal(db, businessId) };
    },

    /** A conversation for the staff; opening it reads the customer's messages (super admins read without marking). */
    async thread(ctx: BusinessContext, id: string) {
      let row = await loadForStaff(ctx, id);
      const messages = await repo.messages(db, row.businessId, id, 0, CHAT_MESSAGES_LIMIT);
      const last = messages.at(-1);
      if (last && last.seq > row.staffReadSeq && ctx.business.role) {
        await service.markRead(row.businessId, id, 'staff', last.seq);
        row = await loadForStaff(ctx, id);
      }
      return { conversation: presentConversation(row), messages: messages.map((m) => presentMessage(m, 'staff')) };
    },

    async answer(ctx: BusinessContext, id: string, body: string): Promise<ChatMessage> {
      const businessId = ctx.business.row.id;
      await limitStaff(ctx, false);
      const written = await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, businessId, id))) throw notFound();
        return write(tx, businessId, id, 'staff', body, ctx.user.id);
      });
      return presentSent(written, { conversationId: id, side: 'staff', authorName: ctx.user.name, body });
    },

    /** A staff answer with a file (and optional text). */
    async answerAttachment(ctx: BusinessContext, id: string, read: () => Promise<ChatUpload>): Promise<ChatMessage> {
      const businessId = ctx.business.row.id;
      await loadForStaff(ctx, id);
      await limitStaff(ctx, true);
      const upload = await checked(await read());
      const written = await writeWithFile(businessId, id, 'staff', ctx.user.id, upload, async (tx) => {
        if (!(await repo.lock(tx, businessId, id))) throw notFound();
      });
      return presentSent(written, { conversationId: id, side: 'staff', authorName: ctx.user.name, ...upload });
    },

    /** A file of a conversation of the business (staff). */
    async staffAttachment(ctx: BusinessContext, id: string, messageId: string) {
      await loadForStaff(ctx, id);
      return openFile(ctx.business.row.id, id, messageId);
    },

    async assign(ctx: BusinessContext, id: string, userId: string | null): Promise<ChatConversation> {
      const businessId = ctx.business.row.id;
      if (userId) {
        const role = await repo.memberRole(db, businessId, userId);
        if (!role || !can({ isSuperAdmin: false, role: role as Role }, 'chat:reply'))
          throw new AppError('CHAT_ASSIGNEE_NOT_ALLOWED', 'Assign the conversation to a member who answers chats.', [
            { path: 'user_id', message: 'This person cannot answer chats' },
          ]);
      }
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, businessId, id);
        if (!row) throw notFound();
        await repo.update(tx, businessId, id, { assigneeUserId: userId });
        await audit.record(tx, ctx, {
          action: 'support_chat.assigned',
          description: userId ? 'Assigned a support conversation' : 'Unassigned a support conversation',
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'chat_conversation',
          objectId: id,
          meta: { from: row.assigneeUserId, to: userId },
        });
        await repo.notify(tx, chatPayload(businessId, id, 'c'));
      });
      return presentConversation(await loadForStaff(ctx, id));
    },

    async setStatus(ctx: BusinessContext, id: string, status: ChatStatus): Promise<ChatConversation> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, businessId, id);
        if (!row) throw notFound();
        if (row.status === status) return;
        await repo.update(tx, businessId, id, { status });
        await audit.record(tx, ctx, {
          action: status === 'closed' ? 'support_chat.closed' : 'support_chat.reopened',
          description: status === 'closed' ? 'Closed a support conversation' : 'Reopened a support conversation',
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'chat_conversation',
          objectId: id,
        });
        await repo.notify(tx, chatPayload(businessId, id, 'c'));
      });
      return presentConversation(await loadForStaff(ctx, id));
    },

    /** `side` has read up to `seq` (a read over HTTP, or a socket's read frame). */
    async markRead(businessId: string, conversationId: string, side: ChatSide, seq: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.markRead(tx, businessId, conversationId, side, seq);
        await repo.notify(tx, chatPayload(businessId, conversationId, `r:${side}`));
      });
    },

    /** Typing: nothing is stored, every process hears it. */
    async typing(businessId: string, conversationId: string, side: ChatSide): Promise<void> {
      await repo.notify(db, chatPayload(businessId, conversationId, `t:${side}`));
    },

    async conversation(businessId: string, id: string) {
      return repo.find(db, businessId, id);
    },

    /** Messages after `after` (a socket's replay). */
    async messagesAfter(businessId: string, conversationId: string, after: number) {
      return repo.messages(db, businessId, conversationId, after, CHAT_MESSAGES_LIMIT);
    },

    async cannedList(ctx: BusinessContext): Promise<CannedReply[]> {
      return (await repo.cannedList(db, ctx.business.row.id)).map(presentCanned);
    },

    async cannedCreate(ctx: BusinessContext, body: Required<CannedReplyBody>): Promise<CannedReply> {
      const now = clock.now();
      const row = await repo.cannedInsert(db, {
        businessId: ctx.business.row.id,
        id: newId(),
        title: body.title,
        body: body.body,
        createdAt: now,
        updatedAt: now,
      });
      return presentCanned(row);
    },

    async cannedUpdate(ctx: BusinessContext, id: string, body: Required<CannedReplyBody>): Promise<CannedReply> {
      const row = await repo.cannedUpdate(db, ctx.business.row.id, id, { title: body.title, body: body.body, updatedAt: clock.now() });
      if (!row) throw new AppError('CHAT_CANNED_REPLY_NOT_FOUND', 'Canned reply not found.');
      return presentCanned(row);
    },

    async cannedDelete(ctx: BusinessContext, id: string): Promise<{ deleted: true }> {
      if (!(await repo.cannedDelete(db, ctx.business.row.id, id))) throw new AppError('CHAT_CANNED_REPLY_NOT_FOUND', 'Canned reply not found.');
      return { deleted: true };
    },

    /**
     * The sweep (every minute): each conversation whose customer has left an answer unread for 10 minutes, and was
     * not mailed about it, gets one mail with the unread answers and a link that continues the conversation.
     */
    async mailUnread(now: Date = clock.now()): Promise<number> {
      const due = await repo.dueUnreadMail(db, new Date(now.getTime() - UNREAD_MAIL_DELAY_MS), UNREAD_MAIL_BATCH);
      let mailed = 0;
      for (const { businessId, id } of due) if (await mailOne(businessId, id)) mailed++;
      return mailed;
    },
  };
  return service;
}

export type SupportChatService = ReturnType<typeof createSupportChatService>;
