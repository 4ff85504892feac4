import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPerShape, preparedStatement } from '@/db/prepared';
import { businesses, businessUsers } from '@/db/schema';
import { businessRepository } from '@/modules/business/business/business.repository';
import { createBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * Statements built once (src/db/prepared.ts, docs/architecture.md "Prepared statements"): the same rows as
 * the statement built per run, on the root database and inside a transaction, whose connection they must use.
 * Both databases.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nameOf = preparedStatement('test_business_name', (db, name) =>
  db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('id')))
    .prepare(name),
);

describe('prepared statements', () => {
  it('answer what the statement built per run answers, run after run with other values', async () => {
    const a = await createBusiness(t, { name: 'Alpha Roasters' });
    const b = await createBusiness(t, { name: 'Beta Bakery' });
    for (let i = 0; i < 3; i++) {
      expect(await nameOf(t.database.db, { id: a.id })).toEqual([{ name: 'Alpha Roasters' }]);
      expect(await nameOf(t.database.db, { id: b.id })).toEqual([{ name: 'Beta Bakery' }]);
    }
    const built = await t.database.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, a.id));
    expect(await nameOf(t.database.db, { id: a.id })).toEqual(built);
    expect(await nameOf(t.database.db, { id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('runs inside a transaction on its connection: it sees the transaction uncommitted change, and nothing is left after a rollback', async () => {
    const { id } = await createBusiness(t, { name: 'Gamma Goods' });
    // Warm the root database's statement first, so the transaction cannot borrow it by mistake.
    expect(await nameOf(t.database.db, { id })).toEqual([{ name: 'Gamma Goods' }]);
    const rollback = new Error('rollback');
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(businesses).set({ name: 'Renamed in the transaction' }).where(eq(businesses.id, id));
        expect(await nameOf(tx, { id })).toEqual([{ name: 'Renamed in the transaction' }]);
        // The access check's read, prepared the same way, sees it too.
        expect((await businessRepository.findWithActiveRole(tx, id, '00000000-0000-4000-8000-000000000000'))?.business.name).toBe('Renamed in the transaction');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await nameOf(t.database.db, { id })).toEqual([{ name: 'Gamma Goods' }]);
  });

  it('refuses a second statement of the same name (PostgreSQL keeps one text per name on a connection)', () => {
    expect(() => preparedStatement('test_business_name', (db, name) => db.select().from(businesses).prepare(name))).toThrow(/already named/);
  });
});

describe('prepared statements per shape', () => {
  // The shape: whether the read also asks for the name's match.
  const built: boolean[] = [];
  const byShape = preparedPerShape(
    'test_business_shape',
    (shape: { named: boolean }) => (shape.named ? 'named' : 'any'),
    (shape, db, name) => {
      built.push(shape.named);
      return db
        .select({ name: businesses.name })
        .from(businesses)
        .where(
          shape.named ? and(eq(businesses.id, sql.placeholder('id')), eq(businesses.name, sql.placeholder('name'))) : eq(businesses.id, sql.placeholder('id')),
        )
        .prepare(name);
    },
  );

  it('builds one statement per shape key, named after it, and runs each shape with its own conditions', async () => {
    const { id } = await createBusiness(t, { name: 'Delta Deli' });
    // Another object of the same shape gets the same statement.
    expect(byShape({ named: true })).toBe(byShape({ named: true }));
    expect(byShape({ named: true })).not.toBe(byShape({ named: false }));
    for (let i = 0; i < 2; i++) {
      expect(await byShape({ named: false })(t.database.db, { id })).toEqual([{ name: 'Delta Deli' }]);
      expect(await byShape({ named: true })(t.database.db, { id, name: 'Delta Deli' })).toEqual([{ name: 'Delta Deli' }]);
      expect(await byShape({ named: true })(t.database.db, { id, name: 'Other' })).toEqual([]);
    }
    // Built once per shape for this database, whatever the number of runs.
    expect(built.filter((named) => named)).toHaveLength(1);
    expect(built.filter((named) => !named)).toHaveLength(1);
    // Each shape's statement holds its name, `<prefix>_<key>`.
    for (const key of ['named', 'any']) {
      expect(() => preparedStatement(`test_business_shape_${key}`, (db, name) => db.select().from(businesses).prepare(name))).toThrow(/already named/);
    }
  });
});

describe('the rows of a prepared statement', () => {
  // A left-joined table's columns as an object, a column and an expression at the top, a nested object of the main table.
  const withMembers = preparedStatement('test_business_members', (db, name) =>
    db
      .select({
        business: { id: businesses.id, name: businesses.name, createdAt: businesses.createdAt },
        member: businessUsers,
        upper: sql<string>`upper(${businesses.name})`,
      })
      .from(businesses)
      .leftJoin(businessUsers, and(eq(businessUsers.businessId, businesses.id), eq(businessUsers.role, sql.placeholder('role'))))
      .where(eq(businesses.id, sql.placeholder('id')))
      .orderBy(asc(businessUsers.userId))
      .prepare(name),
  );

  it("are drizzle's own rows: a left-joined table with no row is null, one with a row an object of decoded values", async () => {
    const b = await createBusiness(t, { name: 'Epsilon Eats' });
    const built = (role: 'owner' | 'cashier') =>
      t.database.db
        .select({
          business: { id: businesses.id, name: businesses.name, createdAt: businesses.createdAt },
          member: businessUsers,
          upper: sql<string>`upper(${businesses.name})`,
        })
        .from(businesses)
        .leftJoin(businessUsers, and(eq(businessUsers.businessId, businesses.id), eq(businessUsers.role, role)))
        .where(eq(businesses.id, b.id))
        .orderBy(asc(businessUsers.userId));
    const owned = await withMembers(t.database.db, { id: b.id, role: 'owner' });
    expect(owned).toEqual(await built('owner'));
    expect(owned).toMatchObject([{ business: { id: b.id, name: 'Epsilon Eats' }, member: { businessId: b.id, role: 'owner' }, upper: 'EPSILON EATS' }]);
    expect(owned[0]!.business.createdAt).toBeInstanceOf(Date);
    const none = await withMembers(t.database.db, { id: b.id, role: 'cashier' });
    expect(none).toEqual(await built('cashier'));
    expect(none).toEqual([{ business: { id: b.id, name: 'Epsilon Eats', createdAt: owned[0]!.business.createdAt }, member: null, upper: 'EPSILON EATS' }]);
  });
});
