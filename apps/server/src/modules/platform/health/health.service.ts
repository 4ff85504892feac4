import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR, type Executor } from '@/db/client';
import { healthRepository } from './health.repository';

/** Whether this process is stopping: set on SIGTERM, from when /readyz answers 503. */
export interface Readiness {
  stopping: boolean;
}

export type ReadinessAnswer = { ok: true } | { ok: false; reason: 'stopping' | 'database unreachable' | 'migrations pending' };

/** The journal time of the newest migration this build carries (drizzle applies those newer than the database's newest). */
export function newestBundledMigrationAt(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Whether the process may be sent traffic: its database answers and has this build's migrations, and it is not stopping. */
export function createHealthService(deps: { db: Executor; readiness: Readiness; migrationsDir?: string }) {
  const bundled = newestBundledMigrationAt(deps.migrationsDir);
  return {
    async ready(): Promise<ReadinessAnswer> {
      if (deps.readiness.stopping) return { ok: false, reason: 'stopping' };
      let applied: number | null;
      try {
        applied = await healthRepository.newestMigrationAt(deps.db);
      } catch {
        return { ok: false, reason: 'database unreachable' };
      }
      if (applied === null || applied < bundled) return { ok: false, reason: 'migrations pending' };
      return { ok: true };
    },
  };
}
