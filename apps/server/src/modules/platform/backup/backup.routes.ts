import type { FastifyInstance } from 'fastify';
import { AppError } from '@merchant/core';
import { tokenMatches } from '@/db/backup';
import { onlyFromThisMachine } from '@/lib/loopback';

/** What the server that owns an embedded database offers `npm run backup`: its dump, and the token it asks for. */
export interface BackupSource {
  dump(): Promise<Blob>;
  /** The secret in DATA_DIR/backup.token: only who may read the data directory may take a backup. */
  token: string;
}

/**
 * `GET /_ops/backup` (docs/operations.md, "Backups"): a consistent copy of the embedded database while the server
 * runs, for `npm run backup`. From this machine only, never forwarded by a proxy, and with the data directory's
 * backup token; not in the API description.
 */
export function backupRoutes(app: FastifyInstance, source: BackupSource): void {
  const fromThisMachine = onlyFromThisMachine('backup endpoint');
  app.get('/_ops/backup', { schema: { hide: true } }, async (req, reply) => {
    await fromThisMachine(req);
    const header = req.headers.authorization ?? '';
    if (!tokenMatches(header.startsWith('Bearer ') ? header.slice(7) : undefined, source.token)) {
      throw new AppError('FORBIDDEN', 'The backup endpoint needs the token in the data directory.');
    }
    const backup = Buffer.from(await (await source.dump()).arrayBuffer());
    return reply.type('application/gzip').header('cache-control', 'no-store').send(backup);
  });
}
