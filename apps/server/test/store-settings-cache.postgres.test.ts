import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { composeApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { createBusiness, createProduct, openStore, shopHostOf, Shopper, unique, type FactoryBusiness } from './factories';
import type { TestContext } from './harness';

/**
 * Two app instances on one PostgreSQL database, each with its own change feed, store cache and rendered pages: a
 * change of the store settings made in SQL behind both (no purge at all) reaches both instances' pages as soon as the
 * database has announced it (migration 0074). PostgreSQL only: the embedded database belongs to one process.
 */
let admin: pg.Client;
let dbName: string;
let a: TestContext;
let b: TestContext;
let business: FactoryBusiness<'owner'>;

async function instance(url: string): Promise<TestContext> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const clock = fixedClock(new Date());
  const config = testConfig({ webDist: '/nonexistent' });
  const { app, services } = await composeApp({
    config,
    db: database.db,
    changes: database.changes,
    clock,
    logger: pino({ level: 'silent' }),
    jobsConnection: database.jobs,
    jobsMode: 'manual',
  });
  return { app, database, clock, config, services, close: async () => (await app.close(), await database.close()) };
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.TEST_PG_URL! });
  await admin.connect();
  dbName = `md_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
  const url = new URL(process.env.TEST_PG_URL!);
  url.pathname = `/${dbName}`;
  [a, b] = [await instance(url.toString()), await instance(url.toString())];
  business = await createBusiness(a);
  await openStore(business.people.owner.agent, business.id);
  await createProduct(business.people.owner.agent, business.id, { name: 'Kopi' });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('store settings changed in SQL behind two instances', () => {
  it('reach both instances cached pages once the database announced them', async () => {
    const host = await shopHostOf(a, business.people.owner.agent, business.id);
    const shoppers = [new Shopper(a, host), new Shopper(b, host)];
    const client = new pg.Client({
      connectionString: (() => {
        const url = new URL(process.env.TEST_PG_URL!);
        url.pathname = `/${dbName}`;
        return url.toString();
      })(),
    });
    await client.connect();
    try {
      for (let round = 0; round < 3; round++) {
        const name = unique('Corner shop');
        for (const shopper of shoppers) {
          expect((await shopper.get('/')).body).toContain('Kopi');
          expect((await shopper.get('/')).body).not.toContain(name); // from the instance's cache now
        }
        await client.query(
          'insert into store_settings (business_id, store_name) values ($1, $2) on conflict (business_id) do update set store_name = excluded.store_name',
          [business.id, name],
        );
        await a.database.changes.barrier();
        await b.database.changes.barrier();
        for (const shopper of shoppers) expect((await shopper.get('/')).body).toContain(name);
      }
      await client.query('update store_settings set is_open = false where business_id = $1', [business.id]);
      await b.database.changes.barrier();
      expect((await shoppers[1]!.get('/checkout')).statusCode).toBe(503);
    } finally {
      await client.end();
    }
  });
});
