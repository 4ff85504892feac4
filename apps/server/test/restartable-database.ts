import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  const dir = mkdtempSync(join(tmpdir(), 'md-jobs-'));
  // The first opening starts from the migrated template; later ones from the directory it wrote.
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  let first = true;
  return {
    serverEnv: { DATA_DIR: dir },
    open: async () => {
      if (!first) return openDatabase({ dataDir: dir });
      first = false;
      const seeded = await openDatabase({ loadDataDir: template });
      const dump = await seeded.dumpDataDir!();
      await seeded.close();
      const { PGlite } = await import('@electric-sql/pglite');
      const client = await PGlite.create({ dataDir: dir, loadDataDir: dump });
      await client.close();
      return openDatabase({ dataDir: dir });
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
