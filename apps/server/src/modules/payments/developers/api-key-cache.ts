import type { ChangeFeed } from '@/db/change-feed';
import type { KeyWithIntegration } from './api-keys.repository';

const MAX_KEYS = 10_000;

/**
 * The keys public API requests authenticate with, kept in this process the way the session cache keeps sessions
 * (modules/identity/session/session-cache.ts): the database's triggers (migration 0072) announce every committed
 * change to a key ('k:<lookup>': a revocation, a rotation's grace period, a deletion) and to a plugin integration's
 * state ('i:<integration id>': disabled, deleted, its callback URL), and the change drops what it touches before the
 * changing request answers, in every process (the write barrier). Noting a key's last use announces nothing. While
 * the feed is down nothing is kept; when it comes back everything learned before is dropped. A read is kept only
 * when no change to a key arrived while it was read (`mark`). Unknown keys are not kept (nothing announces a new one).
 *
 * Kept rows are frozen; a key's expiry is compared with the clock at each request, so a rotated key's grace period
 * ends on time without any change announced.
 */
export function createApiKeyCache(changes: ChangeFeed | undefined) {
  /** lookup -> the key's row with its integration's state, oldest first. */
  const keys = new Map<string, KeyWithIntegration>();
  let live = false;
  let epoch = 0;

  changes?.subscribe({
    onChange(payload) {
      const prefix = payload.slice(0, 2);
      if (prefix !== 'k:' && prefix !== 'i:') return;
      epoch++;
      const id = payload.slice(2);
      if (prefix === 'k:') keys.delete(id);
      else for (const [lookup, row] of keys) if (row.integrationId === id) keys.delete(lookup);
    },
    onState(isLive) {
      epoch++;
      keys.clear();
      live = isLive;
    },
  });

  return {
    /** A mark to pass back when keeping what was read after it. */
    mark: () => epoch,

    get(lookup: string): KeyWithIntegration | undefined {
      return live ? keys.get(lookup) : undefined;
    },

    /** Keeps what was read after `mark` (unless a change to a key came meanwhile); answers it frozen either way. */
    keep(mark: number, read: KeyWithIntegration): KeyWithIntegration {
      const row = Object.freeze({ ...read, integration: read.integration ? Object.freeze({ ...read.integration }) : null });
      if (!live || mark !== epoch) return row;
      keys.delete(row.lookup);
      keys.set(row.lookup, row);
      if (keys.size > MAX_KEYS) keys.delete(keys.keys().next().value as string);
      return row;
    },
  };
}

export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
