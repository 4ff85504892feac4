import { keptReads } from '@/db/kept-reads';
import type { ChangeFeed } from '@/db/change-feed';
import type { KeyWithIntegration } from './api-keys.repository';

const MAX_KEYS = 10_000;

/**
 * The keys public API requests authenticate with, kept in this process (db/kept-reads.ts): the database's triggers
 * (migration 0072) announce every committed change to a key ('k:<lookup>': a revocation, a rotation's grace period, a
 * deletion) and to a plugin integration's state ('i:<integration id>': disabled, deleted, its callback URL), and the
 * change drops what it touches before the changing request answers, in every process (the write barrier). Noting a
 * key's last use announces nothing. Unknown keys are not kept (nothing announces a new one).
 *
 * Kept rows are frozen; a key's expiry is compared with the clock at each request, so a rotated key's grace period
 * ends on time without any change announced.
 */
export function createApiKeyCache(changes: ChangeFeed | undefined) {
  /** lookup -> the key's row with its integration's state. */
  const keys = keptReads<string, KeyWithIntegration>(
    changes,
    (payload, kept) => {
      const prefix = payload.slice(0, 2);
      if (prefix !== 'k:' && prefix !== 'i:') return;
      kept.changed();
      const id = payload.slice(2);
      if (prefix === 'k:') kept.drop(id);
      else kept.dropWhere((_, row) => row.integrationId === id);
    },
    { max: MAX_KEYS },
  );

  return {
    /** A mark to pass back when keeping what was read after it. */
    mark: keys.mark,

    get: keys.get,

    /** Keeps what was read after `mark` (unless a change to a key came meanwhile); answers it frozen either way. */
    keep(mark: number, read: KeyWithIntegration): KeyWithIntegration {
      const row = Object.freeze({ ...read, integration: read.integration ? Object.freeze({ ...read.integration }) : null });
      keys.keep(mark, row.lookup, row);
      return row;
    },
  };
}

export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
