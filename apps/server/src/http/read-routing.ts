import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '@/db/client';
import { readRouting, replicaOf, type ReplicaRouting } from '@/db/replica';
import { sha256 } from '@/lib/crypto';

/**
 * The cookie that carries a person's last write position (the primary's WAL position after their write) from the
 * answer of the write to their next requests, whichever app process they reach. Not a secret: forging it only makes
 * that browser's own reads come from the primary (a later position) or possibly lag (an earlier one).
 */
export const WRITTEN_COOKIE = 'md_written';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Callers without cookies (the public API's keys): their last write position, in this process, by credential. */
const MAX_REMEMBERED = 10_000;

/**
 * Read-your-writes for the reads that may lag (db/replica.ts), installed when the database has a replica:
 * - a request that may write (any method but GET, HEAD and OPTIONS) reads only the primary; once answered without an
 *   error, the primary's WAL position is given back in the `md_written` cookie (and kept in this process for a caller
 *   with an Authorization header instead of cookies);
 * - a later request of that person reads the replica only once the replica has replayed past that position (one
 *   question to the replica while it has not, none after); then the cookie is cleared.
 * Other people's reads may lag behind a write by the replica's delay: the lists, reports and overview are allowed to.
 */
export function installReadRouting(app: FastifyInstance, db: Executor, secure: boolean): void {
  const routing = replicaOf(db);
  if (!routing) return;
  const remembered = new Map<string, string>();
  const credentialOf = (req: FastifyRequest): string | undefined => {
    const header = req.headers.authorization;
    return header ? sha256(header) : undefined;
  };

  app.addHook('onRequest', (req, reply, done) => {
    if (!SAFE_METHODS.has(req.method)) {
      readRouting.run({ replica: false }, done);
      return;
    }
    const credential = credentialOf(req);
    const written = req.cookies[WRITTEN_COOKIE] ?? (credential ? remembered.get(credential) : undefined);
    if (!written) {
      readRouting.run({ replica: true }, done);
      return;
    }
    routing.replayed(written).then(
      (replayed) => {
        if (replayed) forget(req, reply, credential);
        readRouting.run({ replica: replayed }, done);
      },
      // The replica does not answer: read the primary.
      () => readRouting.run({ replica: false }, done),
    );
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (SAFE_METHODS.has(req.method) || reply.statusCode >= 400) return payload;
    await remember(routing, req, reply, credentialOf(req));
    return payload;
  });

  async function remember(r: ReplicaRouting, req: FastifyRequest, reply: FastifyReply, credential: string | undefined) {
    let position: string;
    try {
      position = await r.writePosition();
    } catch {
      return;
    }
    if (req.cookies[WRITTEN_COOKIE] !== undefined || !credential) {
      reply.setCookie(WRITTEN_COOKIE, position, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    }
    if (credential) {
      if (remembered.size >= MAX_REMEMBERED && !remembered.has(credential)) remembered.delete(remembered.keys().next().value!);
      remembered.set(credential, position);
    }
  }

  function forget(req: FastifyRequest, reply: FastifyReply, credential: string | undefined) {
    if (req.cookies[WRITTEN_COOKIE] !== undefined) reply.clearCookie(WRITTEN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    if (credential) remembered.delete(credential);
  }
}
