import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { installJobsSchema } from '../src/modules/platform/jobs/jobs.service';
// eslint-disable-next-line no-restricted-imports -- the test servers' starters are the root scripts' (scripts/postgres.mjs, shared with npm test), outside any app
import { startPgBouncer } from '../../../scripts/postgres.mjs';

/**
 * Migrates a template database once per run; each test file clones it.
 * - embedded: a PGlite dump file, loaded by every file, and the same unpacked into a data directory
 * - postgres (TEST_PG_URL set): a template database, copied with CREATE DATABASE ... TEMPLATE
 * - through PgBouncer (TEST_PG_POOLER=pgbouncer, the `api-pgbouncer` project): the same, and PgBouncer in transaction
 *   pooling mode in front of the server, which each file's app reaches its database through
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? process.env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_PG_URL;
    if (!adminUrl) throw new Error('TEST_PG_URL is required for the PostgreSQL API suite (npm test starts a server)');
    const template = `md_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await installJobsSchema(database.jobs);
    await database.close();
    project.provide('pgTemplate', template);
    const pooler = (project.config.env?.TEST_PG_POOLER ?? process.env.TEST_PG_POOLER) === 'pgbouncer' ? await startPgBouncer({ port: Number(url.port) }) : null;
    project.provide('pgBouncerPort', pooler?.port ?? 0);
    return async () => {
      pooler?.stop();
      // The databases the workers kept for their next files (test/harness.ts) are named after the template.
      const kept = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${template}\\_%`]);
      for (const { datname } of kept.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'md-pglite-template-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  await installJobsSchema(database.jobs);
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  // The same template unpacked into a data directory: a test's database that outlives its app (restartable-database.ts)
  // is a copy of it. Unpacking a dump costs about 2 CPU-s each time; copying the directory a few milliseconds.
  const templateDir = join(dir, 'data');
  const unpacked = await PGlite.create({ dataDir: templateDir, loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
  await unpacked.close();
  project.provide('pgliteTemplateDir', templateDir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteTemplateDir: string;
    pgTemplate: string;
    /** The port of PgBouncer in front of TEST_PG_URL's server (0: none). */
    pgBouncerPort: number;
  }
}
