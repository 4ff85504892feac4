import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

/**
 * A database that can be closed and opened again with its data, as a server restart does. `serverEnv`: how a
 * server process (src/server.ts) opens it (once it is closed here: the embedded one has one owner at a time).
 */
export async function restartableDatabase(): Promise<{ open(): Promise<Database>; dispose(): Promise<void>; serverEnv: Record<string, string> }> {
  if ((process.env.TEST_DB_KIND ?? 'pglite') === 'postgres') {
    const adminUrl = process.env.TEST_PG_URL!;
    const name = `md_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      serverEnv: { DATABASE_URL: url.toString() },
      open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
      dispose: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // A copy of the migrated template's data directory (global-setup.ts): each opening opens what the last one left.
  const dir = mkdtempSync(join(tmpdir(), 'md-jobs-'));
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  return {
    serverEnv: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
