import { resolve } from 'node:path';
import type { AppConfig } from './config';
import { readBackupToken, restoreEmbedded, RestoreRefusedError, writeBackupFile } from './db/backup';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { listenHosts } from './lib/loopback';

/** Why a command was refused: said to the operator, exit code 2 (nothing was written). */
class Refused extends Error {}

const POSTGRES_WAY =
  'DATABASE_URL is set: back up and restore PostgreSQL with its own tools (pg_dump and pg_restore, or a base backup), as docs/operations.md says.';

/** Where this machine reaches the server of this configuration. */
function serverAddress(config: AppConfig): string {
  const host = listenHosts(config.bindHost)[0]!;
  const local = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${config.port}`;
}

/**
 * `npm run backup -- <file>`: the embedded database (and its uploads) into one file. When its server runs, the
 * server makes the copy (only it may read the database); else this process opens the directory itself.
 */
async function backup(config: AppConfig, file: string): Promise<string> {
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const token = readBackupToken(config.dataDir);
    if (!token) throw new Refused(`The server using ${config.dataDir} left no backup token there: is it a version without backups?`);
    const answer = await fetch(`${serverAddress(config)}/_ops/backup`, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok) throw new Error(`The running server refused the backup (${answer.status}): ${await answer.text()}`);
    await writeBackupFile(file, await answer.blob());
    return `backup of the running server's database written to ${file}`;
  }
  try {
    await writeBackupFile(file, await database.backup!());
  } finally {
    await database.close();
  }
  return `backup of ${config.dataDir} written to ${file}`;
}

/** `npm run backup -- <file>` and `npm run restore -- <file>`; answers the process's exit code. */
export async function runBackupCommand(command: 'backup' | 'restore', fileArgument: string | undefined, config: AppConfig): Promise<number> {
  try {
    if (!fileArgument) throw new Refused(`Name the backup file: npm run ${command} -- <file>`);
    if (config.databaseUrl) throw new Refused(POSTGRES_WAY);
    // npm runs scripts from the project's folder; a relative name means where the operator typed the command.
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), fileArgument);
    if (command === 'backup') {
      console.log(await backup(config, file));
    } else {
      await restoreEmbedded(file, config.dataDir);
      console.log(`${file} restored into ${config.dataDir}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof Refused || error instanceof RestoreRefusedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}
