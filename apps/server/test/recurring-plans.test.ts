import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { planEndpoints, type PlanBody } from '@merchant/payments';
import { auditLogs } from '../src/db/schema';
import { createBusiness, unique } from './factories';
import { failure, type Agent, type TestContext, createTestContext } from './harness';

/** Recurring plans over HTTP: every field's rule, edit and archive, permissions and tenancy. */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let businessId: string;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
  businessId = business.id;
});
afterAll(() => t.close());

const params = () => ({ business_id: businessId });
const at = (plan: { id: string }) => ({ params: { business_id: businessId, plan_id: plan.id } });
const monthly = (over: Partial<PlanBody> = {}): PlanBody => ({ name: unique('Coffee club'), amount: 29_90, interval: 'monthly', ...over });
const create = (body: PlanBody, agent = owner) => agent.call(planEndpoints.create, { params: params(), body });

describe('creating plans', () => {
  it("stores a monthly plan in the business's currency with its trial and cycles, and audits it", async () => {
    const plan = await owner.ok(planEndpoints.create, { params: params(), body: monthly({ description: 'Beans each month', trial_days: 14, cycles: 12 }) });
    expect(plan).toMatchObject({ amount: 29_90, currency: 'sgd', interval: 'monthly', interval_days: null, trial_days: 14, cycles: 12, status: 'active' });
    expect(await owner.ok(planEndpoints.get, at(plan))).toEqual(plan);
    const [entry] = await t.database.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.objectId, plan.id)));
    expect(entry?.description).toBe(`Created the plan ${plan.name}: SGD 29.90 every month`);
  });

  it('takes every N days, and no day count for the other intervals', async () => {
    const tenDays = await owner.ok(planEndpoints.create, { params: params(), body: monthly({ interval: 'every_n_days', interval_days: 10 }) });
    expect(tenDays).toMatchObject({ interval: 'every_n_days', interval_days: 10, trial_days: 0, cycles: null });
    const weekly = await owner.ok(planEndpoints.create, { params: params(), body: monthly({ interval: 'weekly', interval_days: 10 }) });
    expect(weekly.interval_days).toBeNull();
  });

  it('refuses bad input with the field that is wrong and stores nothing', async () => {
    const before = await owner.ok(planEndpoints.list, { params: params(), query: { limit: 100 } });
    const cases: [PlanBody, string][] = [
      [monthly({ amount: 0 }), 'amount'],
      [monthly({ amount: -5 }), 'amount'],
      [monthly({ amount: 1.5 }), 'amount'],
      [monthly({ name: '  ' }), 'name'],
      [monthly({ interval: 'every_n_days', interval_days: 0 }), 'interval_days'],
      [monthly({ interval: 'every_n_days' }), 'interval_days'],
      [monthly({ interval: 'every_n_days', interval_days: 366 }), 'interval_days'],
      [monthly({ trial_days: -1 }), 'trial_days'],
      [monthly({ cycles: 0 }), 'cycles'],
      [monthly({ currency: 'usd' }), 'currency'],
      [monthly({ amount: 999_999_999_99 }), 'amount'],
    ];
    for (const [body, path] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(
        failure(answer).issues?.map((i) => i.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const unknownInterval = await owner.post(endpointPath(planEndpoints.create, { params: params() }), { ...monthly(), interval: 'fortnightly' });
    expect(unknownInterval.statusCode).toBe(422);
    const after = await owner.ok(planEndpoints.list, { params: params(), query: { limit: 100 } });
    expect(after.data).toHaveLength(before.data.length);
  });
});

describe('the list, edits and archiving', () => {
  it('lists newest first with search, status filter and cursor pages', async () => {
    const tag = unique('Tea');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await owner.ok(planEndpoints.create, { params: params(), body: monthly({ name: `${tag} ${i}` }) }));
    const first = await cashier.ok(planEndpoints.list, { params: params(), query: { search: tag, limit: 2 } });
    expect(first.data.map((p) => p.name)).toEqual([`${tag} 2`, `${tag} 1`]);
    const second = await cashier.ok(planEndpoints.list, { params: params(), query: { search: tag, limit: 2, cursor: first.next_cursor! } });
    expect(second.data.map((p) => p.name)).toEqual([`${tag} 0`]);
    expect(second.next_cursor).toBeNull();
    await owner.ok(planEndpoints.archive, at(made[0]!));
    const archived = await owner.ok(planEndpoints.list, { params: params(), query: { search: tag, status: 'archived' } });
    expect(archived.data.map((p) => p.id)).toEqual([made[0]!.id]);
  });

  it('edits an active plan; an archived one cannot be edited or archived again', async () => {
    const plan = await owner.ok(planEndpoints.create, { params: params(), body: monthly() });
    const edited = await owner.ok(planEndpoints.update, { ...at(plan), body: monthly({ name: plan.name, amount: 35_00, interval: 'yearly' }) });
    expect(edited).toMatchObject({ amount: 35_00, interval: 'yearly', status: 'active' });
    const archived = await owner.ok(planEndpoints.archive, at(plan));
    expect(archived.status).toBe('archived');
    const edit = await owner.call(planEndpoints.update, { ...at(plan), body: monthly() });
    expect([edit.status, failure(edit).code]).toEqual([409, 'PLAN_ARCHIVED']);
    const again = await owner.call(planEndpoints.archive, at(plan));
    expect([again.status, failure(again).code]).toEqual([409, 'PLAN_ARCHIVED']);
    expect((await owner.ok(planEndpoints.get, at(plan))).amount).toBe(35_00);
  });

  it("lets anyone who takes payments make plans (as products), and never shows another business's plan", async () => {
    const plan = await owner.ok(planEndpoints.create, { params: params(), body: monthly() });
    expect((await create(monthly(), cashier)).status).toBe(201);
    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.call(planEndpoints.get, { params: { business_id: other.id, plan_id: plan.id } });
    expect([theirs.status, failure(theirs).code]).toEqual([404, 'PLAN_NOT_FOUND']);
  });
});
