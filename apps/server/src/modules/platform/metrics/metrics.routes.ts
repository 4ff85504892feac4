import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@merchant/core';
import { onlyFromThisMachine } from '@/lib/loopback';
import type { Metrics } from './metrics.service';

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` for the operator's scraper (docs/operations.md): with METRICS_TOKEN, any address that sends it as a
 * bearer token; without one, this machine only, and never through a trusted proxy (every stranger's request would
 * arrive from it). Every answered request is counted by its route's pattern.
 */
export function metricsRoutes(app: FastifyInstance, deps: { metrics: Metrics; token: string | undefined; trustProxy: boolean }): void {
  const { metrics } = deps;
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observe(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const fromThisMachine = onlyFromThisMachine('metrics endpoint');
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (deps.token && bearerMatches(req, deps.token)) {
      // the token is enough
    } else if (deps.trustProxy) {
      throw new AppError('FORBIDDEN', 'The metrics endpoint needs its token (METRICS_TOKEN) behind a proxy.');
    } else {
      await fromThisMachine(req);
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}
