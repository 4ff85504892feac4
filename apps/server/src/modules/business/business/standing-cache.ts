import type { Role } from '@merchant/core';
import { touchesNoPeopleOrBusinesses, type ChangeFeed } from '@/db/change-feed';
import type { BusinessRow } from '@/http/context';

/** A business and the caller's role in it: null when they are not an active member (a super admin's look). */
export interface Standing {
  business: BusinessRow;
  role: Role | null;
}

const MAX_STANDINGS = 20_000;

/**
 * What every business request's access check reads (the business, and the caller's active role in it), kept
 * in this process the way the session cache keeps sessions (modules/identity/session/session-cache.ts): the
 * database's triggers (migration 0006) announce every committed change to a business ('b:<id>') and to a
 * person's memberships ('u:<user id>'), and the change drops what it touches before the changing request
 * answers, in every process. While the feed is down nothing is kept; when it comes back everything learned
 * before is dropped. A read is kept only when no change arrived while it was read (`mark`). A business that
 * does not exist is not kept (nothing announces its creation).
 *
 * Kept rows are frozen: every request of the business shares them.
 */
export function createStandingCache(changes: ChangeFeed | undefined) {
  /** `<business id>|<user id>` -> standing, oldest first. */
  const standings = new Map<string, Standing>();
  let live = false;
  let epoch = 0;
  const keyOf = (businessId: string, userId: string) => `${businessId}|${userId}`;

  function dropWhere(matches: (key: string) => boolean) {
    for (const key of standings.keys()) if (matches(key)) standings.delete(key);
  }

  changes?.subscribe({
    onChange(payload) {
      if (touchesNoPeopleOrBusinesses(payload)) return;
      epoch++;
      const id = payload.slice(2);
      switch (payload.slice(0, 2)) {
        case 'b:':
          dropWhere((key) => key.startsWith(`${id}|`));
          break;
        case 'u:':
          dropWhere((key) => key.endsWith(`|${id}`));
          break;
        case 's:':
        case 'e:':
          break; // sessions and invitations: nothing kept here depends on them
        default:
          standings.clear();
      }
    },
    onState(isLive) {
      epoch++;
      standings.clear();
      live = isLive;
    },
  });

  return {
    /** A mark to pass back when keeping what was read after it. */
    mark: () => epoch,

    get(businessId: string, userId: string): Standing | undefined {
      return live ? standings.get(keyOf(businessId, userId)) : undefined;
    },

    /** Keeps what was read after `mark` (unless a change came meanwhile); answers it frozen either way. */
    keep(mark: number, userId: string, read: Standing): Standing {
      const standing = Object.freeze({ business: Object.freeze({ ...read.business }), role: read.role });
      if (!live || mark !== epoch) return standing;
      const key = keyOf(standing.business.id, userId);
      standings.delete(key);
      standings.set(key, standing);
      if (standings.size > MAX_STANDINGS) standings.delete(standings.keys().next().value as string);
      return standing;
    },
  };
}

export type StandingCache = ReturnType<typeof createStandingCache>;
