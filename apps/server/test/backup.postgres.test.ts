import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { appOn } from './app-processes';
import { ledgerProblems, rowCounts } from './backup-checks';
import { createBusiness } from './factories';
import { makePayment } from './factories/payments';
import { newPostgresDatabase } from './postgres-instances';
import { restartableDatabase } from './restartable-database';

/**
 * PostgreSQL is backed up with its own tools (docs/operations.md, "Backups"): the documented pg_dump and pg_restore
 * commands, run on a database the app wrote, give a database with every row and a balanced ledger.
 */
function pgTool(name: string): string {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error(`${name} not found: install Debian's postgresql-client`);
  return join(base, version, 'bin', name);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('backing up PostgreSQL (pg_dump and pg_restore)', () => {
  it('restores a dump into a new database with every row and a balanced ledger', async () => {
    const store = await restartableDatabase();
    cleanups.push(() => store.dispose());
    const sourceUrl = store.serverEnv.DATABASE_URL!;
    const database = await store.open();
    cleanups.push(() => database.close());
    const t = await appOn(database, fixedClock(new Date()));
    const business = await createBusiness(t, {});
    for (const amount of [12_00, 45_50, 3_05]) await makePayment(t, business.id, { amount, customer: { email: 'buyer@example.com' } });
    await t.close();

    const dir = mkdtempSync(join(tmpdir(), 'md-pgdump-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'app.dump');
    execFileSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, sourceUrl]);

    const target = await newPostgresDatabase('md_restore', { empty: true });
    cleanups.push(() => target.drop());
    execFileSync(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, file]);

    const copy = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    cleanups.push(() => copy.close());
    const counts = await rowCounts(copy);
    expect(counts).toEqual(await rowCounts(database));
    expect(counts.payments).toBe(3);
    expect(counts.ledger_entries).toBeGreaterThan(0);
    expect(await ledgerProblems(copy)).toEqual([]);
  });
});
