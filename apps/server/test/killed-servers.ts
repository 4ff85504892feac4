import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { appOn } from './app-processes';
import { createBusiness, type FactoryBusiness } from './factories';
import type { TestContext } from './harness';
import { restartableDatabase } from './restartable-database';
import { killServers } from './server-process';

/**
 * The set-up of the tests that kill a real server process (kill -9) and start it again on the same database
 * (`idempotency-crash`, `outbox-crash`): a database that outlives its servers, an uploads folder, and a verified
 * business with what `make` adds to it, made by an app in this process that is closed before the servers start.
 * `serverEnv(extra)` is a server's environment on them; `dispose` kills what is left and removes them.
 */
export async function killableServers<T>(name: string, make: (t: TestContext, business: FactoryBusiness, database: Database) => Promise<T>) {
  const uploads = mkdtempSync(join(tmpdir(), `md-${name}-`));
  const store = await restartableDatabase();
  const database = await store.open();
  const t = await appOn(database, fixedClock(new Date()));
  try {
    const business = await createBusiness(t, {});
    const made = await make(t, business, database);
    return {
      store,
      businessId: business.id,
      ownerEmail: business.people.owner.email,
      made,
      serverEnv: (extra: Record<string, string> = {}) => ({ DATA_DIR: uploads, ...store.serverEnv, ...extra }),
      async dispose() {
        killServers();
        await store.dispose();
        rmSync(uploads, { recursive: true, force: true });
      },
    };
  } finally {
    await t.close();
    await database.close();
  }
}
