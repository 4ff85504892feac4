import type { Role } from '@merchant/core';
import { touchesNoPeopleOrBusinesses, type ChangeFeed } from '@/db/change-feed';
import { keptReads } from '@/db/kept-reads';
import type { BusinessRow } from '@/http/context';

/** A business and the caller's role in it: null when they are not an active member (a super admin's look). */
export interface Standing {
  business: BusinessRow;
  role: Role | null;
  /** The locations the caller is limited to (migration 0086 announces their changes as 'u:'); null: every location. */
  locationIds: readonly string[] | null;
}

const MAX_STANDINGS = 20_000;

/**
 * What every business request's access check reads (the business, and the caller's active role and locations in it),
 * kept in this process (db/kept-reads.ts): the database's triggers (migrations 0006 and 0086) announce every committed
 * change to a business ('b:<id>') and to a person's memberships and locations ('u:<user id>'), and the change drops what it touches before the changing
 * request answers, in every process. A business that does not exist is not kept (nothing announces its creation).
 *
 * Kept rows are frozen: every request of the business shares them.
 */
export function createStandingCache(changes: ChangeFeed | undefined) {
  /** `<business id>|<user id>` -> standing. */
  const standings = keptReads<string, Standing>(
    changes,
    (payload, kept) => {
      if (touchesNoPeopleOrBusinesses(payload)) return;
      kept.changed();
      const id = payload.slice(2);
      switch (payload.slice(0, 2)) {
        case 'b:':
          kept.dropWhere((key) => key.startsWith(`${id}|`));
          break;
        case 'u:':
          kept.dropWhere((key) => key.endsWith(`|${id}`));
          break;
        case 's:':
        case 'e:':
          break; // sessions and invitations: nothing kept here depends on them
        default:
          kept.clear();
      }
    },
    { max: MAX_STANDINGS },
  );
  const keyOf = (businessId: string, userId: string) => `${businessId}|${userId}`;

  return {
    /** A mark to pass back when keeping what was read after it. */
    mark: standings.mark,

    get: (businessId: string, userId: string): Standing | undefined => standings.get(keyOf(businessId, userId)),

    /** Keeps what was read after `mark` (unless a change came meanwhile); answers it frozen either way. */
    keep(mark: number, userId: string, read: Standing): Standing {
      const standing = Object.freeze({
        business: Object.freeze({ ...read.business }),
        role: read.role,
        locationIds: read.locationIds && Object.freeze([...read.locationIds]),
      });
      standings.keep(mark, keyOf(standing.business.id, userId), standing);
      return standing;
    },
  };
}

export type StandingCache = ReturnType<typeof createStandingCache>;
