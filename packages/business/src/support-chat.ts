import { z } from 'zod';
import { defineEndpoint, fileAnswer, text } from '@merchant/core';
import { BusinessParamsSchema } from './business';

/**
 * Live support chat (docs/decisions.md, "Support chat"): a customer writes to a business from its public page
 * (`/public/{business_id}/support-chat`, no sign-in) and keeps the conversation by a signed conversation token;
 * the business answers from its dashboard's Support inbox. Messages are plain text: never rendered as HTML.
 */

/** The longest message, in characters (Shopify Inbox keeps a message to a few thousand characters too). */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;
/** How many conversations the inbox lists at once (newest activity first). */
export const CHAT_INBOX_LIMIT = 200;
/** How many messages a read answers at once (the newest ones; older ones by `before`). */
export const CHAT_MESSAGES_LIMIT = 200;

export const CHAT_STATUSES = ['open', 'closed'] as const;
export const ChatStatusSchema = z.enum(CHAT_STATUSES);
export type ChatStatus = z.infer<typeof ChatStatusSchema>;

export const CHAT_SIDES = ['customer', 'staff'] as const;
export const ChatSideSchema = z.enum(CHAT_SIDES);
export type ChatSide = z.infer<typeof ChatSideSchema>;

export const ChatMessageBodySchema = text().trim().min(1, 'Write a message').max(MAX_CHAT_MESSAGE_LENGTH, `Use at most ${MAX_CHAT_MESSAGE_LENGTH} characters`);

/** A conversation's token: `<conversation id>.<signature>`; anything else is refused as malformed (422). */
export const ChatTokenSchema = text()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9._-]+$/, 'Not a conversation token');

/**
 * Attachments (docs/decisions.md, "Support chat"): one image (PNG, JPEG, WebP) or PDF per message, at most 5 MB,
 * known by its bytes (magic numbers), never by its name or the type the browser declared.
 */
export const MAX_CHAT_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_CHAT_ATTACHMENT_SIZE_LABEL = '5 MB';
export const CHAT_ATTACHMENT_TYPES = {
  'image/png': { label: 'PNG', extensions: ['png'] },
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  'image/webp': { label: 'WebP', extensions: ['webp'] },
  'application/pdf': { label: 'PDF', extensions: ['pdf'] },
} as const;
export type ChatAttachmentType = keyof typeof CHAT_ATTACHMENT_TYPES;
export const CHAT_ATTACHMENT_CONTENT_TYPES = Object.keys(CHAT_ATTACHMENT_TYPES) as [ChatAttachmentType, ...ChatAttachmentType[]];
/** What a file picker offers (the server checks the bytes whatever the picker let through). */
export const CHAT_ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf';

export const ChatAttachmentSchema = z.object({
  /** The file's name as sent (shown, and the download's name). */
  name: z.string(),
  content_type: z.enum(CHAT_ATTACHMENT_CONTENT_TYPES),
  size_bytes: z.number().int(),
});
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>;

export const ChatMessageSchema = z.object({
  id: z.uuid(),
  /** Increases with every message of the business: a socket that reconnects asks for the messages after the last one it saw. */
  seq: z.number().int(),
  conversation_id: z.uuid(),
  side: ChatSideSchema,
  /** The staff member who wrote it (staff messages); the customer sees only the first name. */
  author_name: z.string().nullable(),
  /** Plain text, exactly as written (empty when the message is an attachment alone). */
  body: z.string(),
  /** The message's file: read it from the attachment endpoint of the side (the token's or the inbox's). */
  attachment: ChatAttachmentSchema.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatConversationSchema = z.object({
  id: z.uuid(),
  customer_name: z.string(),
  customer_email: z.string(),
  status: ChatStatusSchema,
  assignee: z.object({ user_id: z.uuid(), name: z.string() }).nullable(),
  /** Customer messages the staff have not read. */
  unread_by_staff: z.number().int(),
  /** Staff messages the customer has not read. */
  unread_by_customer: z.number().int(),
  /** The last message the other side has read, by seq (read indicators). */
  staff_read_seq: z.number().int(),
  customer_read_seq: z.number().int(),
  /** The last message's text (a file alone shows as "Attachment: <name>"). */
  last_message: z.object({ side: ChatSideSchema, body: z.string(), created_at: z.string() }).nullable(),
  created_at: z.string(),
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

export const ChatThreadSchema = z.object({ conversation: ChatConversationSchema, messages: z.array(ChatMessageSchema) });
export type ChatThread = z.infer<typeof ChatThreadSchema>;

/** What the customer sees of the business and its conversation. */
export const PublicChatSchema = z.object({
  business: z.object({ id: z.uuid(), name: z.string() }),
  conversation: ChatConversationSchema.pick({ id: true, customer_name: true, customer_email: true, status: true, staff_read_seq: true }),
  messages: z.array(ChatMessageSchema),
});
export type PublicChat = z.infer<typeof PublicChatSchema>;

export const StartChatBodySchema = z.object({
  name: text().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: text().trim().toLowerCase().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid email address')),
  message: ChatMessageBodySchema,
});
export type StartChatBody = z.input<typeof StartChatBodySchema>;

export const ChatPostBodySchema = z.object({ body: ChatMessageBodySchema });

export const InboxQuerySchema = z.object({
  status: ChatStatusSchema.optional(),
  /** `mine`: assigned to the caller; `unassigned`: to nobody. */
  assigned: z.enum(['mine', 'unassigned']).optional(),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

export const InboxSchema = z.object({ conversations: z.array(ChatConversationSchema), unread_total: z.number().int() });
export type Inbox = z.infer<typeof InboxSchema>;

export const CannedReplyBodySchema = z.object({
  title: text().trim().min(1, 'Enter a title').max(80, 'Use at most 80 characters'),
  body: ChatMessageBodySchema,
});
export type CannedReplyBody = z.input<typeof CannedReplyBodySchema>;
export const CannedReplySchema = z.object({ id: z.uuid(), title: z.string(), body: z.string() });
export type CannedReply = z.infer<typeof CannedReplySchema>;

const PublicParamsSchema = z.object({ business_id: z.uuid('Not a business id') });
const TokenParamsSchema = PublicParamsSchema.extend({ token: ChatTokenSchema });
const ConversationParamsSchema = BusinessParamsSchema.extend({ id: z.uuid('Not a conversation id') });
const ReplyParamsSchema = BusinessParamsSchema.extend({ id: z.uuid('Not a canned reply id') });
const PublicAttachmentParamsSchema = TokenParamsSchema.extend({ message_id: z.uuid('Not a message id') });
const AttachmentParamsSchema = ConversationParamsSchema.extend({ message_id: z.uuid('Not a message id') });
const attachmentFile = fileAnswer(CHAT_ATTACHMENT_CONTENT_TYPES, 'The file (images inline, PDFs as an attachment)');
const ATTACHMENT_ERRORS = ['CHAT_ATTACHMENT_INVALID', 'CHAT_ATTACHMENT_TOO_LARGE', 'CHAT_ATTACHMENT_TYPE', 'CHAT_ATTACHMENT_MISMATCH'] as const;
const ReadQuerySchema = z.object({ after: z.coerce.number().int().min(0).optional() });

export const supportChatEndpoints = {
  start: defineEndpoint({
    id: 'supportChat.start',
    method: 'POST',
    path: '/v1/public/support-chat/:business_id',
    summary: "Start a conversation with the business (no sign-in): the customer's name, email and first message; answers its token",
    access: { kind: 'public' },
    params: PublicParamsSchema,
    body: StartChatBodySchema,
    response: PublicChatSchema.extend({ token: z.string() }),
    status: 201,
    errors: ['CHAT_BUSINESS_NOT_FOUND', 'RATE_LIMITED'],
  }),
  read: defineEndpoint({
    id: 'supportChat.read',
    method: 'GET',
    path: '/v1/public/support-chat/:business_id/:token',
    summary: "The conversation of a token (the customer's side): its messages (after a seq when given); marks the staff's messages read",
    access: { kind: 'public' },
    params: TokenParamsSchema,
    query: ReadQuerySchema,
    response: PublicChatSchema,
    errors: ['CHAT_TOKEN_INVALID'],
  }),
  post: defineEndpoint({
    id: 'supportChat.post',
    method: 'POST',
    path: '/v1/public/support-chat/:business_id/:token/messages',
    summary: "The customer writes in the token's conversation (a closed one opens again); a few per minute per conversation and per address",
    access: { kind: 'public' },
    params: TokenParamsSchema,
    body: ChatPostBodySchema,
    response: ChatMessageSchema,
    status: 201,
    errors: ['CHAT_TOKEN_INVALID', 'RATE_LIMITED'],
  }),
  postAttachment: defineEndpoint({
    id: 'supportChat.postAttachment',
    method: 'POST',
    path: '/v1/public/support-chat/:business_id/:token/attachments',
    summary:
      'The customer sends a file (multipart/form-data: one `file` part, an image or PDF up to 5 MB, and an optional `body` text part); limited as messages',
    access: { kind: 'public' },
    params: TokenParamsSchema,
    response: ChatMessageSchema,
    status: 201,
    errors: ['CHAT_TOKEN_INVALID', 'RATE_LIMITED', ...ATTACHMENT_ERRORS],
  }),
  readAttachment: defineEndpoint({
    id: 'supportChat.readAttachment',
    method: 'GET',
    path: '/v1/public/support-chat/:business_id/:token/attachments/:message_id',
    summary: "A message's file, for the customer of the token's conversation",
    access: { kind: 'public' },
    params: PublicAttachmentParamsSchema,
    response: attachmentFile,
    errors: ['CHAT_TOKEN_INVALID', 'CHAT_ATTACHMENT_NOT_FOUND'],
  }),
  inbox: defineEndpoint({
    id: 'supportChat.inbox',
    method: 'GET',
    path: '/v1/business/:business_id/support-chat/conversations',
    summary: 'The support inbox: conversations by latest activity, with unread counts; filtered by status and assignment',
    access: { kind: 'business', permission: 'chat:view', standing: 'any' },
    params: BusinessParamsSchema,
    query: InboxQuerySchema,
    response: InboxSchema,
  }),
  thread: defineEndpoint({
    id: 'supportChat.thread',
    method: 'GET',
    path: '/v1/business/:business_id/support-chat/conversations/:id',
    summary: "A conversation and its messages; marks the customer's messages read",
    access: { kind: 'business', permission: 'chat:view', standing: 'any' },
    params: ConversationParamsSchema,
    response: ChatThreadSchema,
    errors: ['CHAT_CONVERSATION_NOT_FOUND'],
  }),
  answer: defineEndpoint({
    id: 'supportChat.answer',
    method: 'POST',
    path: '/v1/business/:business_id/support-chat/conversations/:id/messages',
    summary:
      'Answer the customer (a closed conversation opens again); mailed to the customer when unread for 10 minutes; a few a minute per staff member (429 with Retry-After)',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: ConversationParamsSchema,
    body: ChatPostBodySchema,
    response: ChatMessageSchema,
    status: 201,
    errors: ['CHAT_CONVERSATION_NOT_FOUND', 'RATE_LIMITED'],
  }),
  answerAttachment: defineEndpoint({
    id: 'supportChat.answerAttachment',
    method: 'POST',
    path: '/v1/business/:business_id/support-chat/conversations/:id/attachments',
    summary: 'Answer with a file (multipart/form-data: one `file` part, an image or PDF up to 5 MB, and an optional `body` text part)',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: ConversationParamsSchema,
    response: ChatMessageSchema,
    status: 201,
    errors: ['CHAT_CONVERSATION_NOT_FOUND', 'RATE_LIMITED', ...ATTACHMENT_ERRORS],
  }),
  staffAttachment: defineEndpoint({
    id: 'supportChat.staffAttachment',
    method: 'GET',
    path: '/v1/business/:business_id/support-chat/conversations/:id/attachments/:message_id',
    summary: "A message's file, for the business's staff who read the inbox",
    access: { kind: 'business', permission: 'chat:view', standing: 'any' },
    params: AttachmentParamsSchema,
    response: attachmentFile,
    errors: ['CHAT_CONVERSATION_NOT_FOUND', 'CHAT_ATTACHMENT_NOT_FOUND'],
  }),
  assign: defineEndpoint({
    id: 'supportChat.assign',
    method: 'PUT',
    path: '/v1/business/:business_id/support-chat/conversations/:id/assignee',
    summary: 'Assign the conversation to a member who may answer chats, or to nobody (null)',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: ConversationParamsSchema,
    body: z.object({ user_id: z.uuid('Not a user id').nullable() }),
    response: ChatConversationSchema,
    errors: ['CHAT_CONVERSATION_NOT_FOUND', 'CHAT_ASSIGNEE_NOT_ALLOWED'],
  }),
  setStatus: defineEndpoint({
    id: 'supportChat.setStatus',
    method: 'PUT',
    path: '/v1/business/:business_id/support-chat/conversations/:id/status',
    summary: 'Close or reopen a conversation',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: ConversationParamsSchema,
    body: z.object({ status: ChatStatusSchema }),
    response: ChatConversationSchema,
    errors: ['CHAT_CONVERSATION_NOT_FOUND'],
  }),
  cannedList: defineEndpoint({
    id: 'supportChat.cannedList',
    method: 'GET',
    path: '/v1/business/:business_id/support-chat/canned-replies',
    summary: "The business's canned replies, by title",
    access: { kind: 'business', permission: 'chat:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: z.array(CannedReplySchema),
  }),
  cannedCreate: defineEndpoint({
    id: 'supportChat.cannedCreate',
    method: 'POST',
    path: '/v1/business/:business_id/support-chat/canned-replies',
    summary: 'Add a canned reply',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: BusinessParamsSchema,
    body: CannedReplyBodySchema,
    response: CannedReplySchema,
    status: 201,
  }),
  cannedUpdate: defineEndpoint({
    id: 'supportChat.cannedUpdate',
    method: 'PUT',
    path: '/v1/business/:business_id/support-chat/canned-replies/:id',
    summary: 'Edit a canned reply',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: ReplyParamsSchema,
    body: CannedReplyBodySchema,
    response: CannedReplySchema,
    errors: ['CHAT_CANNED_REPLY_NOT_FOUND'],
  }),
  cannedDelete: defineEndpoint({
    id: 'supportChat.cannedDelete',
    method: 'DELETE',
    path: '/v1/business/:business_id/support-chat/canned-replies/:id',
    summary: 'Delete a canned reply',
    access: { kind: 'business', permission: 'chat:reply', standing: 'any' },
    params: ReplyParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    errors: ['CHAT_CANNED_REPLY_NOT_FOUND'],
  }),
};

/**
 * The chat's WebSocket paths. Staff: the session cookie, as over HTTP (membership and `chat:view`). Customers: the
 * conversation token in the path. Frames are JSON, `ChatClientFrame` one way and `ChatServerFrame` the other.
 */
export const CHAT_SOCKET_PATHS = {
  staff: '/v1/business/:business_id/support-chat/socket',
  customer: '/v1/public/support-chat/:business_id/:token/socket',
} as const;

/**
 * The embeddable launcher, a script a business pastes on its own site (served by the app, not an API endpoint):
 * `<script src="<app origin>/public/<business id>/support-chat/launcher.js" async></script>`.
 */
export const CHAT_LAUNCHER_PATH = '/public/:business_id/support-chat/launcher.js';
export const chatLauncherSnippet = (origin: string, businessId: string) =>
  `<script src="${origin}${CHAT_LAUNCHER_PATH.replace(':business_id', businessId)}" async></script>`;

export const ChatClientFrameSchema = z.discriminatedUnion('type', [
  /** Follow a conversation (staff; a customer follows its own), replaying the messages after `after`. */
  z.object({ type: z.literal('follow'), conversation_id: z.uuid().optional(), after: z.number().int().min(0) }),
  z.object({ type: z.literal('typing'), conversation_id: z.uuid().optional() }),
  /** The sender has read up to `seq`. */
  z.object({ type: z.literal('read'), conversation_id: z.uuid().optional(), seq: z.number().int().min(0) }),
]);
export type ChatClientFrame = z.infer<typeof ChatClientFrameSchema>;

export type ChatServerFrame =
  | { type: 'ready' }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; conversation_id: string; side: ChatSide }
  | { type: 'read'; conversation_id: string; side: ChatSide; seq: number }
  /** Something of the conversation changed (staff: the inbox refreshes it). */
  | { type: 'conversation'; conversation_id: string };
