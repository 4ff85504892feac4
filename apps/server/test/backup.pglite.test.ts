import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBackupCommand } from '../src/backup-commands';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { appOn } from './app-processes';
import { ledgerProblems, rowCounts } from './backup-checks';
import { createBusiness } from './factories';
import { makePayment } from './factories/payments';
import { restartableDatabase } from './restartable-database';
import { killServers, startServer, stopServer } from './server-process';

/**
 * Backups of the embedded database (docs/operations.md, "Backups"): `npm run backup` while its server runs (the
 * server makes the copy) or while it is stopped, and `npm run restore` into a fresh directory. The commands run in
 * this process (`npm run backup` is the server's program with `backup`); the running server is a real process.
 */
async function command(name: 'backup' | 'restore', file: string | undefined, env: Parameters<typeof testConfig>[0]) {
  const said: string[] = [];
  const errors: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void said.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  try {
    const code = await runBackupCommand(name, file, testConfig(env));
    return { code, stdout: said.join('\n'), stderr: errors.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  killServers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `md-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('npm run backup and npm run restore (the embedded database)', () => {
  // A restartable database, a server process and two databases opened to compare: slow on a loaded machine.
  it(
    'copies the database and its uploads while the server runs, and the copy restores into a fresh directory with every row and a balanced ledger',
    { timeout: 180_000 },
    async () => {
      const store = await restartableDatabase();
      cleanups.push(() => store.dispose());
      const dataDir = store.serverEnv.DATA_DIR!;
      const database = await store.open();
      const t = await appOn(database, fixedClock(new Date()));
      const business = await createBusiness(t, {});
      for (const amount of [12_00, 45_50, 3_05]) await makePayment(t, business.id, { amount, customer: { email: 'buyer@example.com' } });
      await t.close();
      await database.close();
      mkdirSync(join(dataDir, 'uploads', business.id), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', business.id, 'logo.png'), 'the logo bytes');

      const server = await startServer(store.serverEnv);
      const backups = tempDir('backups');
      const file = join(backups, 'running.tar.gz');
      const taken = await command('backup', file, { dataDir, port: Number(new URL(server.base).port), bindHost: '127.0.0.1' });
      expect(taken.stderr).toBe('');
      expect(taken.code).toBe(0);
      expect(taken.stdout).toContain("running server's database");
      expect(statSync(file).size).toBeGreaterThan(0);

      // Without the data directory's token the server gives nothing away, even to this machine.
      expect((await fetch(`${server.base}/_ops/backup`)).status).toBe(403);
      expect((await fetch(`${server.base}/_ops/backup`, { headers: { authorization: 'Bearer guessed' } })).status).toBe(403);
      const token = readFileSync(join(dataDir, 'backup.token'), 'utf8');
      expect((await fetch(`${server.base}/_ops/backup`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' } })).status).toBe(403);
      await stopServer(server);

      const restoredDir = join(tempDir('restored'), 'data');
      const restored = await command('restore', file, { dataDir: restoredDir });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      // A second restore over it is refused: restore beside the old database, never over it.
      const again = await command('restore', file, { dataDir: restoredDir });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('already holds a database');

      const original = await openDatabase({ dataDir });
      cleanups.push(() => original.close());
      const copy = await openDatabase({ dataDir: restoredDir });
      cleanups.push(() => copy.close());
      const counts = await rowCounts(copy);
      expect(counts).toEqual(await rowCounts(original));
      expect(counts.payments).toBe(3);
      expect(counts.ledger_entries).toBeGreaterThan(0);
      expect(await ledgerProblems(copy)).toEqual([]);
      expect(readFileSync(join(restoredDir, 'uploads', business.id, 'logo.png'), 'utf8')).toBe('the logo bytes');
    },
  );

  it('copies a stopped server’s directory itself, and sends PostgreSQL to its own tools', async () => {
    const store = await restartableDatabase();
    cleanups.push(() => store.dispose());
    const database = await store.open();
    await database.close();
    const file = join(tempDir('backups'), 'stopped.tar.gz');
    const taken = await command('backup', file, { dataDir: store.serverEnv.DATA_DIR! });
    expect(taken.code).toBe(0);
    expect(taken.stdout).toContain(`written to ${file}`);

    const onPostgres = await command('backup', file, { databaseUrl: 'postgres://db.invalid/app' });
    expect(onPostgres.code).toBe(2);
    expect(onPostgres.stderr).toContain('pg_dump');
    expect((await command('restore', undefined, {})).code).toBe(2);
  });
});
