import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createBusiness, createProduct, openStore, shopHostOf, Shopper, unique, type FactoryBusiness } from './factories';
import type { TestContext } from './harness';
import { twoInstances } from './postgres-instances';

/**
 * Two app instances on one PostgreSQL database, each with its own change feed, store cache and rendered pages: a
 * change of the store settings made in SQL behind both (no purge at all) reaches both instances' pages as soon as the
 * database has announced it (migration 0074). PostgreSQL only: the embedded database belongs to one process.
 */
let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
let dbUrl: string;
let a: TestContext;
let b: TestContext;
let business: FactoryBusiness<'owner'>;

beforeAll(async () => {
  instances = await twoInstances({ prefix: 'md_test', config: testConfig({ webDist: '/nonexistent' }) });
  ({ a, b, url: dbUrl } = instances);
  business = await createBusiness(a);
  await openStore(business.people.owner.agent, business.id);
  await createProduct(business.people.owner.agent, business.id, { name: 'Kopi' });
}, 120_000);

afterAll(() => instances?.close());

describe('store settings changed in SQL behind two instances', () => {
  it('reach both instances cached pages once the database announced them', async () => {
    const host = await shopHostOf(a, business.people.owner.agent, business.id);
    const shoppers = [new Shopper(a, host), new Shopper(b, host)];
    const client = new pg.Client({ connectionString: dbUrl });
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
