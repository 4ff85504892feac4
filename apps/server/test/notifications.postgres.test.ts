import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOTIFICATIONS_SOCKET_PATH, notificationsEndpoints as bell, type NotificationServerFrame } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { openDatabase, type Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { appOn } from './app-processes';
import { card } from './factories/charges';
import { createBusiness, type FactoryBusiness } from './factories';
import { Agent, type TestContext } from './harness';

/**
 * The bell across two app instances on one PostgreSQL database (each with its own pool and change feed): a payment
 * made through one reaches a socket open on the other, and a read on the other comes back (PostgreSQL only).
 */
let admin: pg.Client;
let name: string;
const databases: Database[] = [];
let a: TestContext;
let b: TestContext;
let business: FactoryBusiness<'owner'>;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.TEST_PG_URL! });
  await admin.connect();
  name = `md_bell_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const url = new URL(process.env.TEST_PG_URL!);
  url.pathname = `/${name}`;
  const clock = fixedClock(new Date('2026-11-01T09:00:00Z'));
  for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 3 }));
  a = await appOn(databases[0]!, clock);
  b = await appOn(databases[1]!, clock);
  business = await createBusiness(a);
  await a.app.ready();
  await b.app.ready();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  for (const d of databases) await d.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

function framesOf(socket: { on(event: 'message', listener: (data: Buffer) => void): unknown }) {
  const frames: NotificationServerFrame[] = [];
  const waiting: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as NotificationServerFrame);
    for (const wake of waiting.splice(0)) wake();
  });
  return async function next(match: (f: NotificationServerFrame) => boolean): Promise<NotificationServerFrame> {
    for (;;) {
      const index = frames.findIndex(match);
      if (index >= 0) return frames.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
}

describe('the bell across two app instances', () => {
  it('tells a socket on one of a payment made through the other, and of a read made there', async () => {
    const owner = business.people.owner.agent;
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let next: ReturnType<typeof framesOf> | undefined;
    const socket = await b.app.injectWS(
      fillPath(NOTIFICATIONS_SOCKET_PATH, { business_id: business.id }),
      { headers: { cookie } },
      {
        onInit: (ws) => void (next = framesOf(ws)),
      },
    );
    await next!((f) => f.type === 'ready');

    const started = await a.services.charges.start({ businessId: business.id, source: { type: 'static_qr', id: null }, amount: 25_00, currency: 'sgd' });
    await a.services.charges.confirm(started.publicId, card());
    expect(await next!((f) => f.type === 'changed')).toEqual({ type: 'changed' });
    const onB = new Agent(b.app);
    onB.cookies = new Map(owner.cookies);
    const page = await onB.ok(bell.list, { params: { business_id: business.id } });
    expect(page.unread_count).toBe(1);
    expect(page.data[0]).toMatchObject({ kind: 'payment_received', title: 'Payment received: SGD 25.00' });

    await owner.ok(bell.markAllRead, { params: { business_id: business.id } });
    expect(await next!((f) => f.type === 'changed')).toEqual({ type: 'changed' });
    expect((await onB.ok(bell.list, { params: { business_id: business.id } })).unread_count).toBe(0);
    socket.terminate();
  });
});
