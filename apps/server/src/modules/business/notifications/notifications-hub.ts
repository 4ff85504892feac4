import type { NotificationServerFrame } from '@merchant/business';
import { NOTIFICATION_EVENT_PREFIX, type ChangeFeed } from '@/db/change-feed';

/** One open notifications socket of this process: a person in a business. */
export interface NotificationClient {
  businessId: string;
  userId: string;
  send(frame: NotificationServerFrame): void;
}

/**
 * The bell's fan-out in one app process. The database announces every insert or read of a person's notifications
 * (`n:<business>|<user>`, a trigger) on the change feed, so a notification written through any process reaches the
 * sockets of every process; a socket is only told that something changed and its page reads the list again, so a
 * notice lost while the feed was down costs nothing: when the feed comes back every socket is told to read again.
 */
export function createNotificationsHub(changes: ChangeFeed | undefined) {
  const clients = new Map<string, Set<NotificationClient>>();
  const keyOf = (businessId: string, userId: string) => `${businessId}|${userId}`;

  changes?.subscribe({
    onChange(payload) {
      if (!payload.startsWith(NOTIFICATION_EVENT_PREFIX)) return;
      for (const client of clients.get(payload.slice(NOTIFICATION_EVENT_PREFIX.length)) ?? []) client.send({ type: 'changed' });
    },
    onState(live) {
      if (!live) return;
      for (const set of clients.values()) for (const client of set) client.send({ type: 'changed' });
    },
  });

  return {
    open(client: NotificationClient) {
      const key = keyOf(client.businessId, client.userId);
      const set = clients.get(key) ?? new Set();
      set.add(client);
      clients.set(key, set);
    },
    close(client: NotificationClient) {
      const key = keyOf(client.businessId, client.userId);
      const set = clients.get(key);
      set?.delete(client);
      if (set && set.size === 0) clients.delete(key);
    },
    /** Open sockets of this process (tests). */
    size: () => [...clients.values()].reduce((n, s) => n + s.size, 0),
  };
}
