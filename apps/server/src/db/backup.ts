import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { LOCK_FILE } from './data-dir-lock';

/**
 * Backups of the embedded database (docs/operations.md, "Backups"). A backup is one gzipped tar of the data
 * directory: the database's files, a checkpoint taken first, copied while no statement runs (PGlite's dump holds its
 * query lock), so it is what a crash at that moment would leave and PostgreSQL's recovery makes consistent on the
 * first start; the uploaded files (`uploads/`) are in it too. PostgreSQL servers are backed up the PostgreSQL way.
 */

/** The file, inside DATA_DIR, holding the secret that the running server's backup endpoint asks for. */
export const BACKUP_TOKEN_FILE = 'backup.token';

/**
 * Written by the server that owns the data directory when it starts: whoever may read the directory may take a
 * backup through the server (the only process that may read the database while it runs), nobody else.
 */
export function writeBackupToken(dataDir: string): string {
  const token = randomBytes(32).toString('hex');
  const file = join(dataDir, BACKUP_TOKEN_FILE);
  writeFileSync(file, token, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

export function readBackupToken(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, BACKUP_TOKEN_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

export function tokenMatches(given: string | undefined, token: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The backup of an open embedded database. */
export async function dumpEmbedded(client: PGlite): Promise<Blob> {
  // Fewer WAL records to replay when the copy first starts.
  await client.exec('checkpoint');
  return client.dumpDataDir('gzip');
}

/** Writes a backup to `file` whole or not at all (a `.partial` file renamed once complete). */
export async function writeBackupFile(file: string, backup: Blob): Promise<void> {
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await backup.arrayBuffer()));
  renameSync(partial, file);
}

export class RestoreRefusedError extends Error {}

/**
 * Restores a backup into `dataDir`, which must hold no database (restore beside the old one, then swap them), and
 * checks that the restored database opens. The lock and token files of the server that made the backup are dropped.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefusedError(`No backup file at ${file}.`);
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new RestoreRefusedError(`${dataDir} already holds a database: restore into an empty directory, then point DATA_DIR at it.`);
  }
  const client = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
  for (const stale of [LOCK_FILE, BACKUP_TOKEN_FILE]) rmSync(join(dataDir, stale), { force: true });
}
