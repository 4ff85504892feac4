import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { appOn } from './app-processes';
import type { TestContext } from './harness';

/**
 * A new database of its own on the tests' PostgreSQL server (`TEST_PG_URL`): a copy of the migrated template, or
 * with `empty` a database with nothing in it. `admin` is a connection to the server (not to the new database) until
 * `drop` drops the database (closing whatever is still connected to it).
 */
export async function newPostgresDatabase(prefix: string, { empty = false }: { empty?: boolean } = {}) {
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL! });
  await admin.connect();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin.query(empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const url = new URL(process.env.TEST_PG_URL!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Two app instances on one new PostgreSQL database (PostgreSQL only: the embedded database belongs to one process),
 * each with its own pool of `poolSize` connections, change feed and caches, on one clock; both ready, so a socket's
 * upgrade is served on either. `close` closes both and drops the database.
 */
export async function twoInstances({
  prefix,
  clock = fixedClock(new Date()),
  poolSize = 4,
  config,
}: {
  prefix: string;
  clock?: ReturnType<typeof fixedClock>;
  poolSize?: number;
  /** The apps' configuration; the schedulers' tests' (`appOn`) unless given. */
  config?: AppConfig;
}) {
  const database = await newPostgresDatabase(prefix);
  const databases: Database[] = [];
  const apps: TestContext[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const opened = await openDatabase({ databaseUrl: database.url, poolSize });
      databases.push(opened);
      apps.push(await appOn(opened, clock, config));
    }
    for (const t of apps) await t.app.ready();
  } catch (error) {
    await closeAll();
    throw error;
  }
  async function closeAll() {
    for (const t of apps) await t.close();
    for (const d of databases) await d.close();
    await database.drop();
  }
  return { a: apps[0]!, b: apps[1]!, url: database.url, name: database.name, close: closeAll };
}
