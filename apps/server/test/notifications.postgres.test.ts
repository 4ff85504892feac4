import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsEndpoints as bell } from '@merchant/business';
import { fixedClock } from '../src/lib/clock';
import { createBusiness, type FactoryBusiness } from './factories';
import { Agent, type TestContext } from './harness';
import { openBell, payByCard } from './notifications-setup';
import { twoInstances } from './postgres-instances';

/**
 * The bell across two app instances on one PostgreSQL database (each with its own pool and change feed): a payment
 * made through one reaches a socket open on the other, and a read on the other comes back (PostgreSQL only).
 */
let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
let a: TestContext;
let b: TestContext;
let business: FactoryBusiness<'owner'>;

beforeAll(async () => {
  instances = await twoInstances({ prefix: 'md_bell', clock: fixedClock(new Date('2026-11-01T09:00:00Z')), poolSize: 3 });
  ({ a, b } = instances);
  business = await createBusiness(a);
});
afterAll(() => instances?.close());

describe('the bell across two app instances', () => {
  it('tells a socket on one of a payment made through the other, and of a read made there', async () => {
    const owner = business.people.owner.agent;
    const { socket, next } = await openBell(b.app, owner, business.id);

    await payByCard(a.services.charges, business.id, 25_00);
    expect(await next((f) => f.type === 'changed')).toEqual({ type: 'changed' });
    const onB = new Agent(b.app);
    onB.cookies = new Map(owner.cookies);
    const page = await onB.ok(bell.list, { params: { business_id: business.id } });
    expect(page.unread_count).toBe(1);
    expect(page.data[0]).toMatchObject({ kind: 'payment_received', title: 'Payment received: SGD 25.00' });

    await owner.ok(bell.markAllRead, { params: { business_id: business.id } });
    expect(await next((f) => f.type === 'changed')).toEqual({ type: 'changed' });
    expect((await onB.ok(bell.list, { params: { business_id: business.id } })).unread_count).toBe(0);
    socket.terminate();
  });
});
