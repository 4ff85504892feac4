import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, customers } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { createCustomersService } from '../src/modules/payments/customers/customers.service';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { makePayment } from './factories/payments';
import { endpointPath, type EndpointBody, type EndpointQuery } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { customerEndpoints } from '@merchant/payments';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, signUp, type FactoryBusiness, type Person } from './factories';

/** Customers: create, edit, search, pages, CSV, their payments, the checkout's find-or-create, tenancy and roles. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let owner: Agent;
/** The owner of another business, and that business. */
let partner: Person;
let partnerBusinessId: string;

type CustomerBody = EndpointBody<typeof customerEndpoints.create>;
const base = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (customerId: string, businessId = business.id) => ({ params: { business_id: businessId, customer_id: customerId } });

const create = (agent: Agent, body: CustomerBody, businessId = business.id) => agent.ok(customerEndpoints.create, { ...base(businessId), body });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  owner = business.people.owner.agent;
  ({ person: partner, businessId: partnerBusinessId } = await signUp(t));
});
afterAll(() => t.close());

describe('creating and editing customers', () => {
  it('creates a customer, blank optional fields stored as null, and records who did it', async () => {
    const created = await create(owner, { name: '  Ada Lovelace ', email: 'Ada@Example.test', phone: '', notes: '' });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email: 'Ada@Example.test',
      phone: null,
      notes: null,
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.created'), eq(auditLogs.objectId, created.id)));
    expect(entry).toMatchObject({ businessId: business.id, description: 'Added the customer Ada Lovelace', objectType: 'customer' });
    expect(await owner.ok(customerEndpoints.get, one(created.id))).toEqual(created);
  });

  it('refuses invalid fields with 422 and an issue on each field', async () => {
    const res = await owner.call(customerEndpoints.create, {
      ...base(),
      body: { name: ' ', email: 'not-an-email', phone: 'call me', notes: 'x'.repeat(2001) },
    });
    expect(res.status).toBe(422);
    const body = failure(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues!.map((i) => i.path).sort()).toEqual(['email', 'name', 'notes', 'phone']);
    expect(body.issues!.find((i) => i.path === 'email')!.message).toBe('Enter a valid email address');
    // A hostile string: sent raw.
    expect((await owner.post(endpointPath(customerEndpoints.create, base()), { name: 'No NUL\u0000 here' })).statusCode).toBe(422);
  });

  it('refuses a second customer with the same email in one business, whatever its case', async () => {
    await create(owner, { name: 'Grace', email: 'grace@example.test' });
    const res = await owner.call(customerEndpoints.create, { ...base(), body: { name: 'Another Grace', email: '  GRACE@example.TEST ' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'CUSTOMER_EMAIL_TAKEN',
      issues: [{ path: 'email', message: 'Another customer of this business already has this email' }],
    });
    // Customers without an email are many.
    await create(owner, { name: 'Walk-in one' });
    await create(owner, { name: 'Walk-in two' });
  });

  it('edits a customer; taking another customer’s email is refused, keeping one’s own is not', async () => {
    const linus = await create(owner, { name: 'Linus', email: 'linus@example.test' });
    const res = await owner.call(customerEndpoints.update, {
      ...one(linus.id),
      body: { name: 'Linus T', email: 'Grace@example.test', phone: '+65 6123 4567' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'CUSTOMER_EMAIL_TAKEN', issues: [{ path: 'email' }] });

    t.clock.set(new Date('2026-11-01T10:00:00Z'));
    const saved = await owner.ok(customerEndpoints.update, {
      ...one(linus.id),
      body: { name: 'Linus T', email: 'LINUS@example.test', phone: '+65 6123 4567', notes: 'VIP' },
    });
    expect(saved).toMatchObject({
      name: 'Linus T',
      email: 'LINUS@example.test',
      phone: '+65 6123 4567',
      notes: 'VIP',
      updated_at: '2026-11-01T10:00:00.000Z',
    });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.updated'), eq(auditLogs.objectId, linus.id)));
    expect(entries).toHaveLength(1);
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });

  it('creates exactly one customer when the same email is sent many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => owner.call(customerEndpoints.create, { ...base(), body: { name: `Racer ${i}`, email: 'race@example.test' } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, 'race@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a customer that does not exist', async () => {
    const res = await owner.call(customerEndpoints.update, { ...one('00000000-0000-4000-8000-000000000000'), body: { name: 'Nobody' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
  });
});

describe('the customer list', () => {
  let searchBusiness: string;
  let agent: Agent;

  beforeAll(async () => {
    // A business of its own, so the list holds exactly what this block adds.
    agent = owner;
    searchBusiness = (await agent.ok(businessEndpoints.create, { body: { name: 'Customer List Co', country: 'sg', currency: 'sgd' } })).id;
    for (const [i, c] of [
      { name: 'Alice Tan', email: 'alice@shop.test', phone: '+65 8000 0001' },
      { name: 'Bob Lim', email: 'bob@corp.test', phone: '+65 8000 0002' },
      { name: 'Carol Ng', email: 'carol@shop.test', phone: '+60 12 345 6789' },
      { name: '=HYPERLINK("http://evil.test")', email: 'evil@x.test', notes: 'a, "b"\nc' },
      { name: 'Dan 100%_off', email: null },
    ].entries()) {
      t.clock.set(new Date(Date.UTC(2026, 9, 1 + i)));
      await create(agent, c, searchBusiness);
    }
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });

  const list = (query: EndpointQuery<typeof customerEndpoints.list> = {}) => agent.ok(customerEndpoints.list, { ...base(searchBusiness), query });

  it('lists newest first in cursor pages', async () => {
    const first = await list({ limit: 2 });
    expect(first.data.map((c) => c.name)).toEqual(['Dan 100%_off', '=HYPERLINK("http://evil.test")']);
    const second = await list({ limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((c) => c.name)).toEqual(['Carol Ng', 'Bob Lim']);
    const third = await list({ limit: 2, cursor: second.next_cursor! });
    expect(third.data.map((c) => c.name)).toEqual(['Alice Tan']);
    expect(third.next_cursor).toBeNull();
  });

  it('searches the starts of the words of name, email and phone, case-insensitively (every word but the last whole)', async () => {
    const names = async (q: string) => (await list({ q })).data.map((c) => c.name);
    expect(await names('ALICE')).toEqual(['Alice Tan']);
    expect(await names('ali')).toEqual(['Alice Tan']);
    expect(await names('lice')).toEqual([]);
    expect(await names('shop.test')).toEqual(['Carol Ng', 'Alice Tan']);
    expect(await names('alice@shop')).toEqual(['Alice Tan']);
    expect(await names('+60 12')).toEqual(['Carol Ng']);
    expect(await names('8000')).toEqual(['Bob Lim', 'Alice Tan']);
    expect(await names('100%_off')).toEqual(['Dan 100%_off']);
    expect(await names('%_')).toEqual([]);
    expect(await names("nobody'\\")).toEqual([]);
  });

  it('refuses a bad query with 422', async () => {
    const res = await agent.call(customerEndpoints.list, { ...base(searchBusiness), query: { limit: 0, q: 'x'.repeat(101) } });
    expect(res.status).toBe(422);
    expect(
      failure(res)
        .issues!.map((i) => i.path)
        .sort(),
    ).toEqual(['querystring.limit', 'querystring.q']);
  });

  it('exports exactly the searched customers as CSV, formulas defused', async () => {
    // The answer is CSV, not JSON: read raw.
    const res = await agent.get(endpointPath(customerEndpoints.export, { ...base(searchBusiness), query: { q: 'test' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers-customer-list-co-2026-11-01.csv"');
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows).toEqual([
      ['Name', 'Email', 'Phone', 'Notes', 'Created (UTC)'],
      [`'=HYPERLINK("http://evil.test")`, 'evil@x.test', '', 'a, "b"\nc', '2026-10-04T00:00:00.000Z'],
      ['Carol Ng', 'carol@shop.test', "'+60 12 345 6789", '', '2026-10-03T00:00:00.000Z'],
      ['Bob Lim', 'bob@corp.test', "'+65 8000 0002", '', '2026-10-02T00:00:00.000Z'],
      ['Alice Tan', 'alice@shop.test', "'+65 8000 0001", '', '2026-10-01T00:00:00.000Z'],
    ]);
  });
});

describe("a customer's payments", () => {
  it('lists the payments of this customer only, newest first, in pages, as PaymentSchema', async () => {
    const ada = await create(owner, { name: 'Payer', email: 'payer@example.test' });
    const other = await create(owner, { name: 'Other payer' });
    // Card payments through the charges service, each on its day of the test clock (then the clock is put back).
    const now = t.clock.now();
    const paidOn = async (iso: string, customerId: string, amount: number) => {
      t.clock.set(new Date(iso));
      return (await makePayment(t, business.id, { amount, customer: { id: customerId } })).id;
    };
    const ids: string[] = [];
    for (let day = 1; day <= 3; day++) ids.push(await paidOn(`2026-10-0${day}T00:00:00Z`, ada.id, day * 1000));
    await paidOn('2026-10-05T00:00:00Z', other.id, 999);
    t.clock.set(now);

    const page = await owner.ok(customerEndpoints.payments, { ...one(ada.id), query: { limit: 2 } });
    expect(page.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page.data[0]).toMatchObject({
      status: 'succeeded',
      amount: { amount: 3000, currency: 'sgd' },
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      customer: { id: ada.id },
      source: { type: 'pos', id: null },
      failure: null,
      created_at: '2026-10-03T00:00:00.000Z',
    });
    const rest = await owner.ok(customerEndpoints.payments, { ...one(ada.id), query: { limit: 2, cursor: page.next_cursor! } });
    expect(rest.data.map((p) => p.id)).toEqual([ids[0]]);
    expect(rest.next_cursor).toBeNull();
    expect((await owner.ok(customerEndpoints.payments, one(other.id))).data.map((p) => p.amount.amount)).toEqual([999]);
  });

  it('answers an empty page for a customer who has not paid, and 404 for an unknown one', async () => {
    const quiet = await create(owner, { name: 'Quiet' });
    expect(await owner.ok(customerEndpoints.payments, one(quiet.id))).toEqual({ data: [], next_cursor: null });
    const res = await owner.call(customerEndpoints.payments, one('00000000-0000-4000-8000-000000000000'));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
  });
});

describe('tenancy and roles', () => {
  it("hides another business's customers: 404 by id, absent from lists and search", async () => {
    const theirs = await create(partner.agent, { name: 'Partner Customer', email: 'shared@example.test' }, partnerBusinessId);
    // The same email is free in another business.
    await create(owner, { name: 'Demo Customer', email: 'shared@example.test' });

    for (const res of [
      await owner.call(customerEndpoints.get, one(theirs.id)),
      await owner.call(customerEndpoints.payments, one(theirs.id)),
      await owner.call(customerEndpoints.update, { ...one(theirs.id), body: { name: 'Hijacked' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
    }
    expect((await owner.ok(customerEndpoints.list, { ...base(), query: { q: 'Partner Customer' } })).data).toEqual([]);
    // The partner is no member of this business.
    expect((await partner.agent.call(customerEndpoints.list, base())).status).toBe(404);
    expect((await partner.agent.call(customerEndpoints.create, { ...base(), body: { name: 'Intruder' } })).status).toBe(404);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, theirs.id));
    expect(row!.name).toBe('Partner Customer');
  });

  it('lets every role see and add customers, and a super admin only read them', async () => {
    for (const role of ['admin', 'manager', 'cashier'] as const) {
      const { agent } = business.people[role];
      expect((await agent.call(customerEndpoints.list, base())).status, role).toBe(200);
      await create(agent, { name: `Added by the ${role}` });
    }
    const superAdmin = (await createSuperAdmin(t)).agent;
    const someone = (await superAdmin.ok(customerEndpoints.list, base())).data[0]!;
    expect((await superAdmin.call(customerEndpoints.get, one(someone.id))).status).toBe(200);
    expect((await superAdmin.call(customerEndpoints.create, { ...base(), body: { name: 'By super admin' } })).status).toBe(403);
    expect((await superAdmin.call(customerEndpoints.update, { ...one(someone.id), body: { name: 'Changed' } })).status).toBe(403);
  });
});

describe('findOrCreateByEmail (for the checkout)', () => {
  const where = { ip: '198.51.100.9', userAgent: 'Checkout test' };
  const service = () => createCustomersService({ db: t.database.db, clock: t.clock, audit: createAuditService({ clock: t.clock }) });

  it('matches an existing customer by email whatever its case, and fills only what is missing', async () => {
    const known = await create(owner, { name: 'Known', email: 'Known@Example.test', notes: 'Keep me' });
    const found = await t.database.db.transaction((tx) =>
      service().findOrCreateByEmail(tx, business.id, { name: 'Other Name', email: ' known@example.TEST ', phone: '+65 9000 0000' }, where),
    );
    expect(found).toMatchObject({ id: known.id, name: 'Known', email: 'Known@Example.test', phone: '+65 9000 0000', notes: 'Keep me' });
  });

  it('creates a customer for a new email, once, even when many checkouts ask at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.database.db.transaction((tx) => service().findOrCreateByEmail(tx, business.id, { name: null, email: 'new-payer@example.test', phone: null }, where)),
      ),
    );
    expect(new Set(answers.map((c) => c.id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ name: null, email: 'new-payer@example.test' });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.created'), eq(auditLogs.objectId, answers[0]!.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: null, ip: '198.51.100.9', description: 'The checkout added the customer new-payer@example.test' });
  });
});
