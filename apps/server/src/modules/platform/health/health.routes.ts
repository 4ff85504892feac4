import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR, type Executor } from '@/db/client';
import { healthRepository } from './health.repository';

/** Whether this process is stopping: set on SIGTERM, from when /readyz answers 503. */
export interface Readiness {
  stopping: boolean;
}

/** The journal time of the newest migration this build carries (drizzle applies those newer than the database's newest). */
export function newestBundledMigrationAt(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * `/healthz`: the process is alive (it answers). `/readyz`: it may be sent traffic: its database answers and has
 * every migration this build carries, and it is not stopping. Neither is in the API description. A load balancer
 * or orchestrator reads them; they say nothing a stranger could use.
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Executor; readiness: Readiness; migrationsDir?: string }): void {
  const bundled = newestBundledMigrationAt(deps.migrationsDir);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (deps.readiness.stopping) return reply.code(503).send({ ok: false, reason: 'stopping' });
    let applied: number | null;
    try {
      applied = await healthRepository.newestMigrationAt(deps.db);
    } catch {
      return reply.code(503).send({ ok: false, reason: 'database unreachable' });
    }
    if (applied === null || applied < bundled) return reply.code(503).send({ ok: false, reason: 'migrations pending' });
    return { ok: true };
  });
}
