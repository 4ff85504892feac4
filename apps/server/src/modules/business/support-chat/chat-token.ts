import { hmacSha256, safeEqual } from '@/lib/crypto';

/**
 * A conversation's token: `<conversation id>.<signature>`, the signature an HMAC-SHA256 with the server's
 * `support_chat_key` over the business and the conversation. The business is the path's own, so a token moved
 * under another business fails its signature. It does not expire: a mailed link continues the conversation.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signed = (businessId: string, conversationId: string) => `chat.v1|${businessId.toLowerCase()}|${conversationId}`;

export function signChatToken(key: string, businessId: string, conversationId: string): string {
  return `${conversationId}.${hmacSha256(key, signed(businessId, conversationId))}`;
}

/** The conversation the token names when it is this business's and untouched; otherwise null. */
export function checkChatToken(key: string, businessId: string, token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [conversationId, signature] = parts as [string, string];
  if (!UUID.test(conversationId)) return null;
  return safeEqual(signature, hmacSha256(key, signed(businessId, conversationId))) ? conversationId : null;
}
