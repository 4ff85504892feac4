import type { Role } from '@merchant/core';
import { touchesNoPeopleOrBusinesses, type ChangeFeed } from '@/db/change-feed';
import type { BusinessRow, SessionRow, UserRow } from '@/http/context';

/** What GET /v1/user shows besides the user row: active memberships and when pending invitations expire. */
export interface UserHome {
  memberships: { business: BusinessRow; role: Role }[];
  invitationExpiries: Date[];
}

const MAX_SESSIONS = 50_000;
const MAX_USERS = 20_000;
const MAX_UNKNOWN = 20_000;

/** Inserts into a Map used as a queue: past the limit the oldest entry goes. */
function putBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

/**
 * Sessions, their users and what GET /v1/user shows of them, kept in this process. It stays exact by
 * hearing of every committed change from the database (the triggers of migration 0006, through the
 * change feed): a change drops what it touches before the changing request answers. While the feed is
 * down nothing is kept, and when it comes back everything learned before is dropped.
 *
 * Whatever is read from the database is kept only when no change arrived while it was read (`epoch`).
 */
export function createSessionCache(changes: ChangeFeed | undefined) {
  const sessions = new Map<string, SessionRow>();
  const users = new Map<string, UserRow>();
  const homes = new Map<string, { email: string; home: UserHome }>();
  /** Session ids that are not in the database. Ids are hashes of fresh random values, so none comes back. */
  const unknown = new Set<string>();
  let live = false;
  let epoch = 0;
  /** Lookups of a session answered from the cache (`hit`, `unknown`) or sent to the database (`miss`), for /metrics. */
  const lookups = { hit: 0, unknown: 0, miss: 0 };

  function clear() {
    epoch++;
    sessions.clear();
    users.clear();
    homes.clear();
    unknown.clear();
  }

  function onChange(payload: string) {
    if (touchesNoPeopleOrBusinesses(payload)) return;
    epoch++;
    const key = payload.slice(2);
    switch (payload.slice(0, 2)) {
      case 's:':
        sessions.delete(key);
        break;
      case 'u:':
        users.delete(key);
        homes.delete(key);
        break;
      case 'b:':
        for (const [userId, entry] of homes) if (entry.home.memberships.some((m) => m.business.id === key)) homes.delete(userId);
        break;
      case 'e:':
        for (const [userId, entry] of homes) if (entry.email === key) homes.delete(userId);
        break;
      default:
        clear();
    }
  }

  function lookup(id: string): { session: SessionRow; user: UserRow | null } | 'unknown' | null {
    if (!live) return null;
    if (unknown.has(id)) return 'unknown';
    const session = sessions.get(id);
    if (!session) return null;
    if (!session.userId) return { session, user: null };
    const user = users.get(session.userId);
    return user ? { session, user } : null;
  }

  changes?.subscribe({
    onChange,
    onState(isLive) {
      clear();
      live = isLive;
    },
  });

  return {
    /** A mark to pass back when keeping what was read after it. */
    mark: () => epoch,

    session(id: string): { session: SessionRow; user: UserRow | null } | 'unknown' | null {
      const found = lookup(id);
      lookups[found === 'unknown' ? 'unknown' : found ? 'hit' : 'miss']++;
      return found;
    },

    keepSession(mark: number, session: SessionRow, user: UserRow | null) {
      if (!live || mark !== epoch) return;
      putBounded(sessions, session.id, session, MAX_SESSIONS);
      if (user) putBounded(users, user.id, user, MAX_USERS);
    },

    /** No mark needed: a session is stored before its cookie value is handed out, so a miss stays a miss. */
    keepUnknown(id: string) {
      if (!live) return;
      unknown.add(id);
      if (unknown.size > MAX_UNKNOWN) unknown.delete(unknown.values().next().value as string);
    },

    home(user: UserRow): UserHome | null {
      if (!live) return null;
      const entry = homes.get(user.id);
      return entry && entry.email === user.email.toLowerCase() ? entry.home : null;
    },

    keepHome(mark: number, user: UserRow, home: UserHome) {
      if (!live || mark !== epoch) return;
      putBounded(homes, user.id, { email: user.email.toLowerCase(), home }, MAX_USERS);
    },

    /** How many session lookups it answered and missed since the process started (/metrics). */
    lookups: (): Readonly<typeof lookups> => ({ ...lookups }),

    /** For tests and the benchmark: whether the cache is in use. */
    get live() {
      return live;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
