import type { CannedReply, ChatAttachmentType, ChatConversation, ChatMessage, ChatSide } from '@merchant/business';
import type { CannedReplyRow, ConversationWithAssignee, MessageRow, MessageWithAuthor } from './support-chat.repository';

/** Support chat's answers: the rows of conversations, messages and canned replies as the API shows them. */

/** A checked file, on its way to being a message's attachment. */
export interface CheckedAttachment {
  name: string;
  type: ChatAttachmentType;
  bytes: Buffer;
}

const firstName = (name: string | null) => (name ? (name.trim().split(/\s+/)[0] ?? name) : null);

/** A message row's file as the API shows it, or null: the one reading of its attachment columns. */
export function attachmentOf(row: Pick<MessageRow, 'attachmentName' | 'attachmentType' | 'attachmentSize'>): ChatMessage['attachment'] {
  return row.attachmentType && row.attachmentName !== null
    ? { name: row.attachmentName, content_type: row.attachmentType, size_bytes: row.attachmentSize ?? 0 }
    : null;
}

export function presentMessage(row: MessageWithAuthor, forSide: ChatSide): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    conversation_id: row.conversationId,
    side: row.side,
    // The customer sees a staff member's first name only.
    author_name: forSide === 'customer' ? firstName(row.authorName) : row.authorName,
    body: row.body,
    attachment: attachmentOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** What a message reads as in one line (the inbox's last message, the unread mail). */
export const summaryOf = (body: string, attachmentName: string | null) =>
  attachmentName === null ? body : body ? `${body} (attachment: ${attachmentName})` : `Attachment: ${attachmentName}`;

export function presentConversation(row: ConversationWithAssignee): ChatConversation {
  return {
    id: row.id,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    status: row.status,
    assignee: row.assigneeUserId && row.assigneeName ? { user_id: row.assigneeUserId, name: row.assigneeName } : null,
    unread_by_staff: row.unreadByStaff,
    unread_by_customer: row.unreadByCustomer,
    staff_read_seq: row.staffReadSeq,
    customer_read_seq: row.customerReadSeq,
    last_message: row.lastSide && row.lastBody !== null ? { side: row.lastSide, body: row.lastBody, created_at: row.lastMessageAt.toISOString() } : null,
    created_at: row.createdAt.toISOString(),
  };
}

export const presentCanned = (row: CannedReplyRow): CannedReply => ({ id: row.id, title: row.title, body: row.body });

/** The answer to a message just written (its writer's view: a staff member's whole name). */
export function presentSent(
  written: { id: string; seq: number; at: Date },
  message: { conversationId: string; side: ChatSide; authorName: string | null; body: string; attachment?: CheckedAttachment },
): ChatMessage {
  const file = message.attachment;
  return {
    id: written.id,
    seq: written.seq,
    conversation_id: message.conversationId,
    side: message.side,
    author_name: message.authorName,
    body: message.body,
    attachment: file ? { name: file.name, content_type: file.type, size_bytes: file.bytes.length } : null,
    created_at: written.at.toISOString(),
  };
}
