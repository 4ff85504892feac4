import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { randomToken, sha256 } from '@/lib/crypto';
import type { RequestMeta, SessionRow, UserRow } from '@/http/context';
import type { SessionCache, UserHome } from './session-cache';

export type { UserHome } from './session-cache';
import { sessionRepository as repo } from './session.repository';

/** The public id of a session (shown in the sessions list) is a prefix of its stored hash. */
export const publicSessionId = (row: Pick<SessionRow, 'id'>): string => row.id.slice(0, 24);

/** Touch at most once a minute: the idle timeout does not need more precision than that. */
const TOUCH_EVERY_MS = 60_000;

export function createSessionService(deps: {
  db: Executor;
  clock: Clock;
  idleMinutes: number;
  cache: SessionCache;
  /** Reads what GET /v1/user shows besides the user (used when the cache does not hold it). */
  loadHome: (db: Executor, user: UserRow, now: Date) => Promise<UserHome>;
}) {
  const { db, clock, cache } = deps;
  const idleMs = deps.idleMinutes * 60_000;

  async function start(
    meta: RequestMeta,
    state: { userId?: string | null; pendingUserId?: string | null; csrfToken?: string },
    executor: Executor = db,
  ): Promise<{ token: string; row: SessionRow }> {
    const token = randomToken(32);
    const now = clock.now();
    const row = await repo.insert(executor, {
      id: sha256(token),
      userId: state.userId ?? null,
      pendingUserId: state.pendingUserId ?? null,
      csrfToken: state.csrfToken ?? meta.csrfToken ?? randomToken(32),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
      lastActivityAt: now,
    });
    return { token, row };
  }

  return {
    start,

    /** The session cache's lookups since the process started (/metrics). */
    cacheLookups: () => cache.lookups(),

    /**
     * The live session behind a cookie value with its user, or null (unknown or idle past the timeout).
     * Answered from the cache while its last activity is under a minute old; after that the database
     * says (another process may have seen later activity) and the activity is written, at most once a
     * minute per session and process.
     */
    async resolve(token: string | undefined): Promise<{ session: SessionRow; user: UserRow | null } | null> {
      if (!token || token.length > 200) return null;
      const id = sha256(token);
      const now = clock.now();
      const cached = cache.session(id);
      if (cached === 'unknown') return null;
      if (cached && now.getTime() - cached.session.lastActivityAt.getTime() <= TOUCH_EVERY_MS) return cached;
      const mark = cache.mark();
      const found = await repo.findWithUser(db, id);
      if (!found) {
        cache.keepUnknown(id);
        return null;
      }
      let { session } = found;
      const { user } = found;
      if (now.getTime() - session.lastActivityAt.getTime() > idleMs) {
        await repo.delete(db, session.id);
        return null;
      }
      if (now.getTime() - session.lastActivityAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touch(db, session.id, now);
        session = { ...session, lastActivityAt: now };
      }
      cache.keepSession(mark, session, user);
      return { session, user };
    },

    /** What GET /v1/user shows besides the user row, from the cache when it holds it. */
    async home(user: UserRow): Promise<UserHome> {
      const cached = cache.home(user);
      if (cached) return cached;
      const mark = cache.mark();
      const home = await deps.loadHome(db, user, clock.now());
      cache.keepHome(mark, user, home);
      return home;
    },

    /** New id for a new privilege level (login, two-factor step); the anti-forgery token stays. */
    async rotate(current: SessionRow | null, meta: RequestMeta, state: { userId: string | null; pendingUserId: string | null }, executor: Executor = db) {
      if (current) await repo.delete(executor, current.id);
      return start(meta, { ...state, ...(current ? { csrfToken: current.csrfToken } : {}) }, executor);
    },

    destroy: (row: SessionRow) => repo.delete(db, row.id),
    /** Live sessions only: one idle past the timeout is dead even before resolve() or purgeIdle() drops it. */
    listForUser: (userId: string) => repo.listForUser(db, userId, new Date(clock.now().getTime() - idleMs)),
    destroyAllForUser: (userId: string, exceptId?: string, executor: Executor = db) => repo.deleteForUser(executor, userId, exceptId),

    async destroyByPublicId(userId: string, publicId: string): Promise<boolean> {
      const rows = await repo.listForUser(db, userId, new Date(clock.now().getTime() - idleMs));
      const match = rows.find((r) => publicSessionId(r) === publicId);
      if (!match) return false;
      return (await repo.deleteOneForUser(db, userId, match.id)) > 0;
    },

    /** Housekeeping: drop sessions idle past the timeout. */
    purgeIdle: () => repo.deleteIdleBefore(db, new Date(clock.now().getTime() - idleMs)),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
