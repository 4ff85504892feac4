import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the database's triggers notify when something the session cache keeps changes (migration 0006). */
export const SESSION_CACHE_CHANNEL = 'md_session_cache';
/** How the listening connection names itself in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'md-change-feed';

export interface ChangeHandlers {
  /** One changed thing, as the trigger names it ('s:<session id>', 'u:<user id>', ...). */
  onChange(payload: string): void;
  /**
   * The feed went live (true) or down (false). Changes may have been missed in between, so a listener
   * forgets everything it learned before either.
   */
  onState(live: boolean): void;
}

/** What committed changes the database announces, as they commit. */
export interface ChangeFeed {
  subscribe(handlers: ChangeHandlers): void;
  close(): Promise<void>;
}

/**
 * The embedded database is one connection in this process: PGlite hands a commit's notifications to
 * its listeners (in a microtask queued while the commit runs) before the committing call returns.
 */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const subscribers: ChangeHandlers[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  return {
    subscribe(handlers) {
      subscribers.push(handlers);
      if (subscribers.length > 1) {
        handlers.onState(unlisten !== null);
        return;
      }
      void client
        .listen(SESSION_CACHE_CHANNEL, (payload) => {
          for (const s of subscribers) s.onChange(payload);
        })
        .then((stop) => {
          unlisten = stop;
          for (const s of subscribers) s.onState(true);
        });
    },
    async close() {
      for (const s of subscribers) s.onState(false);
      if (unlisten && !client.closed) await unlisten();
    },
  };
}

/**
 * PostgreSQL: a dedicated connection LISTENs for the changes other processes commit; when it drops, the
 * feed is down until it has reconnected and LISTENs again (then subscribers start from nothing, since
 * notifications sent meanwhile are lost). Every pooled connection LISTENs too, so a change this process
 * commits reaches it before the commit returns: PostgreSQL sends a session its own notifications
 * before it says it is ready for the next query.
 *
 * Each notification is handled once, by one path: a pooled connection hands on only its own (the commit it
 * just made), the dedicated connection only those of backends outside this process's pool. Otherwise a
 * change this process made would arrive again later through the dedicated or an idle pooled connection,
 * and evict what the cache learned after the commit.
 */
export function postgresChangeFeed(
  url: string,
  onError: (error: unknown) => void = () => undefined,
): ChangeFeed & {
  /** The pool's onConnect hook: a pooled connection is handed out only once it LISTENs. */
  prepareConnection(client: pg.ClientBase): Promise<void>;
} {
  const subscribers: ChangeHandlers[] = [];
  let live = false;
  let closed = false;
  let listener: pg.Client | null = null;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | null = null;

  /** The backend process ids of this process's pooled connections. */
  const ownBackends = new Set<number>();
  const emit = (message: pg.Notification) => {
    if (message.channel !== SESSION_CACHE_CHANNEL || message.payload === undefined) return;
    for (const s of subscribers) s.onChange(message.payload);
  };
  const fromElsewhere = (message: pg.Notification) => {
    if (!ownBackends.has(message.processId)) emit(message);
  };
  const setLive = (value: boolean) => {
    live = value;
    for (const s of subscribers) s.onState(value);
  };

  async function connect(): Promise<void> {
    retryTimer = null;
    if (closed) return;
    const client = new pg.Client({ connectionString: url, application_name: CHANGE_FEED_APPLICATION });
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (error) onError(error);
      if (listener === client) listener = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (closed) return;
      setLive(false);
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, 5_000);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', fromElsewhere);
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CACHE_CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    retryMs = 100;
    setLive(true);
  }

  return {
    async prepareConnection(client) {
      // pg sets the backend's id on connect (its types leave it out).
      const backend = (client as pg.ClientBase & { processID: number }).processID;
      ownBackends.add(backend);
      client.on('end', () => ownBackends.delete(backend));
      client.on('notification', (message: pg.Notification) => {
        if (message.processId === backend) emit(message);
      });
      await client.query(`LISTEN ${SESSION_CACHE_CHANNEL}`);
    },
    subscribe(handlers) {
      subscribers.push(handlers);
      if (subscribers.length === 1) void connect();
      else handlers.onState(live);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      setLive(false);
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
    },
  };
}
