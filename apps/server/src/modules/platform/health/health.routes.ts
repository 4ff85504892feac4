import type { FastifyInstance } from 'fastify';
import type { Executor } from '@/db/client';
import { createHealthService, type Readiness } from './health.service';

export type { Readiness } from './health.service';

/**
 * `/healthz`: the process is alive (it answers). `/readyz`: it may be sent traffic (health.service.ts), else 503 with
 * the reason. Neither is in the API description; a load balancer or orchestrator reads them, and they say nothing a
 * stranger could use.
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Executor; readiness: Readiness; migrationsDir?: string }): void {
  const health = createHealthService(deps);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const answer = await health.ready();
    return answer.ok ? answer : reply.code(503).send(answer);
  });
}
