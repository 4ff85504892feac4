import type { ChatServerFrame, ChatSide } from '@merchant/business';
import type { ChangeFeed } from '@/db/change-feed';
import { presentMessage } from './chat-presenter';
import type { SupportChatService } from './support-chat.service';

/** One open chat socket of this process. */
export interface ChatClient {
  side: ChatSide;
  businessId: string;
  /** The conversation it follows (a customer's own; the one a staff member has open), and the last seq it was sent. */
  conversationId: string | null;
  lastSeq: number;
  send(frame: ChatServerFrame): void;
}

/**
 * The chat's fan-out in one app process. Every change of a conversation is announced on the database's change
 * feed (`c:<business>|<conversation>|<what>`, the channel the session cache listens on), so a message written
 * through any process reaches the sockets of every process; the sockets read what they missed from the database
 * (after the last seq each was sent), so a notification lost while the feed was down costs nothing: when the feed
 * comes back every followed conversation is read again.
 */
export function createChatHub(deps: { changes: ChangeFeed | undefined; chat: SupportChatService; onError: (error: unknown) => void }) {
  const followers = new Map<string, Set<ChatClient>>();
  const staffOf = new Map<string, Set<ChatClient>>();
  /** One delivery at a time per conversation, so frames go out in seq order. */
  const queues = new Map<string, Promise<void>>();

  const add = <K>(map: Map<K, Set<ChatClient>>, key: K, client: ChatClient) => {
    const set = map.get(key) ?? new Set();
    set.add(client);
    map.set(key, set);
  };
  const remove = <K>(map: Map<K, Set<ChatClient>>, key: K, client: ChatClient) => {
    const set = map.get(key);
    set?.delete(client);
    if (set && set.size === 0) map.delete(key);
  };

  function queue(conversationId: string, work: () => Promise<void>): Promise<void> {
    const next = (queues.get(conversationId) ?? Promise.resolve()).then(work).catch(deps.onError);
    queues.set(conversationId, next);
    void next.finally(() => {
      if (queues.get(conversationId) === next) queues.delete(conversationId);
    });
    return next;
  }

  /** Sends each follower of the conversation the messages after the last one it was sent. */
  function deliver(businessId: string, conversationId: string): Promise<void> {
    return queue(conversationId, async () => {
      const clients = [...(followers.get(conversationId) ?? [])].filter((c) => c.businessId === businessId);
      if (clients.length === 0) return;
      const after = Math.min(...clients.map((c) => c.lastSeq));
      const messages = await deps.chat.messagesAfter(businessId, conversationId, after);
      for (const client of clients) {
        for (const m of messages) {
          if (m.seq <= client.lastSeq) continue;
          client.send({ type: 'message', message: presentMessage(m, client.side) });
          client.lastSeq = m.seq;
        }
      }
    });
  }

  function toStaff(businessId: string, conversationId: string) {
    for (const client of staffOf.get(businessId) ?? []) client.send({ type: 'conversation', conversation_id: conversationId });
  }

  async function readMark(businessId: string, conversationId: string, side: ChatSide) {
    const row = await deps.chat.conversation(businessId, conversationId);
    if (!row) return;
    const seq = side === 'staff' ? row.staffReadSeq : row.customerReadSeq;
    for (const client of followers.get(conversationId) ?? [])
      if (client.side !== side) client.send({ type: 'read', conversation_id: conversationId, side, seq });
  }

  function onChange(payload: string) {
    if (!payload.startsWith('c:')) return;
    const [businessId = '', conversationId = '', what = ''] = payload.slice(2).split('|');
    if (what === 'm') {
      void deliver(businessId, conversationId);
      toStaff(businessId, conversationId);
    } else if (what === 'c') {
      toStaff(businessId, conversationId);
    } else if (what.startsWith('r:')) {
      const side = what.slice(2) as ChatSide;
      void queue(conversationId, () => readMark(businessId, conversationId, side));
      if (side === 'staff') toStaff(businessId, conversationId);
    } else if (what.startsWith('t:')) {
      const side = what.slice(2) as ChatSide;
      for (const client of followers.get(conversationId) ?? [])
        if (client.side !== side && client.businessId === businessId) client.send({ type: 'typing', conversation_id: conversationId, side });
    }
  }

  deps.changes?.subscribe({
    onChange,
    onState(live) {
      // Back after a gap: whatever was missed is read again from the database.
      if (!live) return;
      for (const [conversationId, clients] of followers) {
        const first = clients.values().next().value;
        if (first) void deliver(first.businessId, conversationId);
      }
    },
  });

  return {
    open(client: ChatClient) {
      if (client.side === 'staff') add(staffOf, client.businessId, client);
      if (client.conversationId) add(followers, client.conversationId, client);
    },
    /** The client follows a conversation from `after` on: what it missed is replayed at once. */
    follow(client: ChatClient, conversationId: string, after: number): Promise<void> {
      if (client.conversationId) remove(followers, client.conversationId, client);
      client.conversationId = conversationId;
      client.lastSeq = after;
      add(followers, conversationId, client);
      return deliver(client.businessId, conversationId);
    },
    close(client: ChatClient) {
      if (client.side === 'staff') remove(staffOf, client.businessId, client);
      if (client.conversationId) remove(followers, client.conversationId, client);
    },
    /** Open sockets of this process (tests, metrics). */
    size: () => [...followers.values()].reduce((n, s) => n + s.size, 0),
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
