import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '@/db/change-feed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The change feed's count of this process's commits when the request came in (the write barrier's mark). */
    changeMark: number;
  }
}

/**
 * A request that committed changes the processes' caches keep (a sign-out, a role change, a business edit)
 * answers only once every app process on the database has heard of them (ChangeFeed.settle), so the person's
 * very next request sees the change whichever process it reaches. A request that changed nothing cached
 * answers at once. Installed only for a feed of several processes (ChangeFeed.crossProcess: PostgreSQL).
 */
export function installWriteBarrier(app: FastifyInstance, changes: ChangeFeed): void {
  // Behind a pooler in transaction mode this process cannot count its own commits: every request that may write
  // (any method but GET, HEAD and OPTIONS) settles before it answers.
  if (!changes.countsOwnCommits) {
    app.addHook('onSend', (req, _reply, payload, done) => {
      if (SAFE_METHODS.has(req.method)) {
        done(null, payload);
        return;
      }
      changes.barrier().then(
        () => done(null, payload),
        () => done(null, payload),
      );
    });
    return;
  }
  // A property of the request (declared, so every request has the same shape), not a WeakMap entry per request.
  app.decorateRequest('changeMark', -1);
  app.addHook('onRequest', (req, _reply, done) => {
    req.changeMark = changes.mark();
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    const mark = req.changeMark === -1 ? changes.mark() : req.changeMark;
    if (changes.mark() === mark) {
      done(null, payload);
      return;
    }
    changes.settle(mark).then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });
}
