import type { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel the database's triggers notify when something the session cache keeps changes (migration 0006). */
export const SESSION_CACHE_CHANNEL = 'md_session_cache';
/** How the listening connection names itself in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'md-change-feed';
/**
 * The support chat's events on the channel (`c:<business>|<conversation>|<what>`): the chat's sockets hear them, no
 * cache keeps anything of them, so a request that made one needs no write barrier (its reader reads the database).
 */
export const CHAT_EVENT_PREFIX = 'c:';
/**
 * The bell's events (`n:<business>|<user>`, migration 0074): the notification sockets hear them and read the database,
 * no cache keeps anything of them, so like the chat's they need no write barrier.
 */
export const NOTIFICATION_EVENT_PREFIX = 'n:';
/**
 * A payment request's status check changed (`r:<link id>`, migration 0082): the status-check cache drops it. The check
 * is a read that may lag (modules/payments/payment-links/status-check-cache.ts), so no write waits for other processes
 * to hear it.
 */
export const PAYMENT_REQUEST_EVENT_PREFIX = 'r:';
/**
 * Whether a payload needs no write barrier: sockets' events (no cache to keep exact) and status checks (a read that may
 * lag). A request whose commits announced only these answers at once.
 */
export const needsNoBarrier = (payload: string) =>
  payload.startsWith(CHAT_EVENT_PREFIX) || payload.startsWith(NOTIFICATION_EVENT_PREFIX) || payload.startsWith(PAYMENT_REQUEST_EVENT_PREFIX);

/** The API key cache's announcements: a key (`k:<lookup>`) and a plugin integration (`i:<id>`), migration 0072. */
const API_KEY_PREFIXES = ['k:', 'i:'];
/**
 * Whether a payload touches nothing the people and business caches keep (sessions, users, standings, stores): the
 * chat's, the bell's, the API key cache's and the status checks' events. Those caches forget everything on a payload
 * they do not know, so one list here, not one per cache, names what they pass over.
 */
export const touchesNoPeopleOrBusinesses = (payload: string) => needsNoBarrier(payload) || API_KEY_PREFIXES.some((prefix) => payload.startsWith(prefix));

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
  /**
   * Whether other app processes may share the database (PostgreSQL): only then can a change this process
   * commits reach another process after its committing request has answered, and is a write barrier needed.
   */
  readonly crossProcess: boolean;
  /**
   * Whether `mark` counts this process's own commits. Behind a pooler in transaction mode (DATABASE_POOLER) the app's
   * connections cannot LISTEN, so it does not: a request that may have written then settles with `barrier`.
   */
  readonly countsOwnCommits: boolean;
  /** Resolves once every app process has heard of every change committed so far, whichever process committed it. */
  barrier(): Promise<void>;
  subscribe(handlers: ChangeHandlers): void;
  /** How many changes this process has committed so far: a request takes it when it starts. */
  mark(): number;
  /**
   * Resolves once every app process on the database has heard of every change this process committed after
   * `mark` (at once when it committed none): a request that changed something waits for it before it answers,
   * so the very next request, to any process, sees the change (the write barrier).
   */
  settle(mark: number): Promise<void>;
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
    crossProcess: false,
    countsOwnCommits: true,
    barrier: async () => undefined,
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
    // One process, and its listeners hear a commit before the committing call returns: nothing to wait for.
    mark: () => 0,
    settle: async () => undefined,
    async close() {
      for (const s of subscribers) s.onState(false);
      if (unlisten && !client.closed) await unlisten();
    },
  };
}

/** How long a write barrier waits for a process that does not answer (one that hangs or just went away). */
const BARRIER_TIMEOUT_MS = 2_000;
const SYNC = 'sync:';
const ACK = 'ack:';

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
 *
 * Another process hears a change a moment after the commit, and a person's next request may reach it before
 * that. So a request that committed changes (the chat's events excepted) settles before it answers (the write barrier): the process notifies
 * `sync:<nonce>` after its changes, every process's dedicated connection answers `ack:<nonce>:<its backend>`
 * once it has handed on everything before it (PostgreSQL delivers a channel's notifications in commit order,
 * and each connection hands them on in order), and the barrier ends when every dedicated connection that
 * pg_stat_activity lists has answered, or after BARRIER_TIMEOUT_MS for one that never does.
 */
export function postgresChangeFeed(
  url: string,
  onError: (error: unknown) => void = () => undefined,
  /**
   * Behind a pooler in transaction mode: `url` is a direct connection for the dedicated LISTEN, the pooled connections
   * LISTEN not (`prepareConnection` is not used), so the dedicated connection hands on this process's changes too.
   */
  { pooled = false }: { pooled?: boolean } = {},
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
  /** Changes this process has committed (heard on its pooled connections), and how many a barrier has settled. */
  let committed = 0;
  let settled = 0;
  /** The barrier under way. */
  let barrier: { done: Promise<void> } | null = null;
  /** Barriers waiting for answers: nonce -> the dedicated connections still to answer, and the way to end it. */
  const waiting = new Map<string, { backends: Set<number>; end: () => void }>();

  const emit = (message: pg.Notification) => {
    if (message.channel !== SESSION_CACHE_CHANNEL || message.payload === undefined) return;
    for (const s of subscribers) s.onChange(message.payload);
  };
  /** The dedicated connection's messages: a barrier's sync and answers, or another process's change. */
  const onListened = (client: pg.Client) => (message: pg.Notification) => {
    const payload = message.payload ?? '';
    if (message.channel === SESSION_CACHE_CHANNEL && payload.startsWith(SYNC)) {
      // Everything before the sync has been handed on: answer it.
      const backend = (client as pg.Client & { processID: number }).processID;
      client.query('SELECT pg_notify($1, $2)', [SESSION_CACHE_CHANNEL, `${ACK}${payload.slice(SYNC.length)}:${backend}`]).catch(onError);
      return;
    }
    if (message.channel === SESSION_CACHE_CHANNEL && payload.startsWith(ACK)) {
      const [nonce = '', backend = ''] = payload.slice(ACK.length).split(':');
      const wait = waiting.get(nonce);
      wait?.backends.delete(Number(backend));
      if (wait && wait.backends.size === 0) wait.end();
      return;
    }
    if (!ownBackends.has(message.processId)) emit(message);
  };

  /** One barrier: every dedicated connection on the database hears a sync after this process's changes so far. */
  async function runBarrier(client: pg.Client): Promise<void> {
    const nonce = randomUUID();
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
      CHANGE_FEED_APPLICATION,
    ]);
    const backends = new Set(rows.map((r) => r.pid));
    if (backends.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(end, BARRIER_TIMEOUT_MS);
      function end() {
        clearTimeout(timer);
        waiting.delete(nonce);
        resolve();
      }
      waiting.set(nonce, { backends, end });
      client.query('SELECT pg_notify($1, $2)', [SESSION_CACHE_CHANNEL, `${SYNC}${nonce}`]).catch((error: unknown) => {
        onError(error);
        end();
      });
    });
  }

  /** Settles everything committed so far: a barrier under way settles what was committed when it started. */
  async function settleAll(): Promise<void> {
    const target = committed;
    while (settled < target) {
      // One barrier at a time: wait for the one under way (it may cover these changes too), then look again.
      if (barrier) {
        await barrier.done;
        continue;
      }
      const client = listener;
      // Without its dedicated connection this process keeps nothing, and cannot reach the others: go on.
      if (!client || !live) return;
      const covers = committed;
      const done = runBarrier(client)
        .catch(onError)
        .finally(() => {
          settled = Math.max(settled, covers);
          barrier = null;
        });
      barrier = { done };
      await done;
    }
  }
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
    client.on('notification', onListened(client));
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
        if (message.processId !== backend) return;
        if (!needsNoBarrier(message.payload ?? '')) committed++;
        emit(message);
      });
      await client.query(`LISTEN ${SESSION_CACHE_CHANNEL}`);
    },
    crossProcess: true,
    countsOwnCommits: !pooled,
    barrier() {
      // Whatever this process committed is before the sync a barrier sends now (commit order): settle all of it.
      committed++;
      return settleAll();
    },
    subscribe(handlers) {
      subscribers.push(handlers);
      if (subscribers.length === 1) void connect();
      else handlers.onState(live);
    },
    mark: () => committed,
    settle: (mark) => (committed > mark ? settleAll() : Promise.resolve()),
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
