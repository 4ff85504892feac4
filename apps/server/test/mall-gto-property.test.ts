import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drawerEndpoints, posOrderEndpoints } from '@merchant/catalogue';
import { addDays, startOfLocalDay } from '@merchant/core';
import { mallGtoEndpoints as e } from '@merchant/pos';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, createLocation, openDrawer, sell, type FactoryBusiness } from './factories';
import { startSftpServer, type TestSftpServer } from './sftp-server';

/**
 * Property: for random days of register orders (sales with discounts, tips and change, whole refunds, many of them
 * within two minutes of the business's midnights, over a daylight-saving change), the day's mall file states exactly
 * the totals of the orders and refunds whose local date is that day. The expected day is computed with `Intl`,
 * independently of the app's day helpers.
 */
const ZONE = 'America/New_York';
let t: TestContext;
let sftp: TestSftpServer;
let owner: Agent;
let business: FactoryBusiness;
let runs = 0;

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 365 });
  sftp = await startSftpServer();
  t.clock.set(new Date('2026-10-28T12:00:00Z'));
  business = await createBusiness(t, { timeZone: ZONE });
  owner = business.people.owner.agent;
});
afterAll(async () => {
  await sftp.close();
  await t.close();
});

const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

const whenArb = fc.oneof(
  fc.record({ anchor: fc.constant('start' as const), seconds: fc.integer({ min: -120, max: 120 }) }),
  fc.record({ anchor: fc.constant('end' as const), seconds: fc.integer({ min: -120, max: 120 }) }),
  fc.record({ anchor: fc.constant('any' as const), seconds: fc.integer({ min: 0, max: 28 * 3600 }) }),
);
const saleArb = fc.record({
  when: whenArb,
  amount: fc.integer({ min: 1, max: 50_000 }),
  discountPercent: fc.integer({ min: 0, max: 50 }),
  tip: fc.integer({ min: 0, max: 2_000 }),
  change: fc.integer({ min: 0, max: 5_000 }),
  /** Refunded whole this many seconds after the sale, or never. */
  refundAfter: fc.option(fc.integer({ min: 1, max: 4 * 3600 }), { nil: null }),
});

interface Event {
  at: Date;
  run: () => Promise<void>;
}

it('states the totals of exactly the day’s orders and refunds, around midnight and across a DST change', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(saleArb, { minLength: 0, maxLength: 7 }), async (sales) => {
      const run = runs++;
      // Days two apart, so each run's window (the day with two hours either side, refunds up to 4 hours later) is
      // its own, and the clock only moves forward. The second is 2026-11-01, a 25-hour day in New York.
      const day = addDays('2026-10-30', 2 * run);
      const start = startOfLocalDay(day, ZONE);
      const end = startOfLocalDay(day, ZONE, 1);
      const windowStart = new Date(start.getTime() - 2 * 3600_000);
      t.clock.set(windowStart);
      const location = await createLocation(owner, business.id, { name: `Shop ${run}` });
      mkdirSync(join(sftp.root, `p${run}`));
      const integration = await owner.ok(e.create, {
        params: { business_id: business.id },
        body: {
          name: `Mall ${run}`,
          format: 'generic_csv',
          location_id: location.id,
          tenant_id: `T${run}`,
          machine_id: 'M1',
          sftp_host: sftp.host,
          sftp_port: sftp.port,
          sftp_username: sftp.username,
          auth_kind: 'password',
          password: sftp.password,
          remote_directory: `p${run}`,
        },
      });
      const drawer = await openDrawer(owner, business.id, location.id, 10_000_00);

      const inDay = (at: Date) => localDay.format(at) === day;
      const expected = { orders: 0, gross: 0, discounts: 0, tips: 0, total: 0, refunds: 0, refundCount: 0, cash: 0 };
      const events: Event[] = [];
      for (const sale of sales) {
        const base = sale.when.anchor === 'start' ? start : sale.when.anchor === 'end' ? end : windowStart;
        const at = new Date(base.getTime() + sale.when.seconds * 1000);
        const discount = Math.floor((sale.amount * sale.discountPercent) / 100);
        const total = sale.amount - discount + sale.tip;
        let orderId = '';
        events.push({
          at,
          run: async () => {
            const order = await sell(owner, business.id, location.id, {
              quick_sale: { amount: sale.amount, description: 'Sale' },
              ...(discount > 0 ? { order_discount: { type: 'fixed' as const, amount: discount } } : {}),
              tip: sale.tip,
              tenders: [{ kind: 'cash', amount: total, tendered: total + sale.change }],
            });
            expect(order.total.amount).toBe(total);
            orderId = order.id;
          },
        });
        if (inDay(at)) {
          expected.orders += 1;
          expected.gross += sale.amount;
          expected.discounts += discount;
          expected.tips += sale.tip;
          expected.total += total;
          expected.cash += total;
        }
        if (sale.refundAfter !== null) {
          const refundAt = new Date(at.getTime() + sale.refundAfter * 1000);
          events.push({
            at: refundAt,
            run: async () => {
              await owner.ok(posOrderEndpoints.refund, { params: { business_id: business.id, order_id: orderId }, body: { whole: true, reason: 'Returned' } });
            },
          });
          if (inDay(refundAt)) {
            expected.refunds += total;
            expected.refundCount += 1;
          }
        }
      }
      // In time order (a refund after its sale: a stable sort keeps a sale before its refund of the same second).
      events.sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const event of events) {
        t.clock.set(event.at);
        await event.run();
      }
      t.clock.set(new Date(end.getTime() + 8 * 3600_000));
      await owner.ok(drawerEndpoints.close, { params: { business_id: business.id, drawer_id: drawer.id }, body: { counted_cash: 0 } });

      const sent = await owner.ok(e.sendDay, { params: { business_id: business.id, integration_id: integration.id }, body: { business_date: day } });
      expect(sent.status).toBe('succeeded');
      expect(sent.totals).toMatchObject({
        order_count: expected.orders,
        gross_sales: { amount: expected.gross },
        discounts: { amount: expected.discounts },
        tax: { amount: 0 },
        tips: { amount: expected.tips },
        total: { amount: expected.total },
        refund_count: expected.refundCount,
        refunds: { amount: expected.refunds },
        net: { amount: expected.total - expected.refunds },
        cash: { amount: expected.cash },
        card: { amount: 0 },
      });
      const file = sftp.files(`p${run}`)[`T${run}_M1_${day.replaceAll('-', '')}.csv`]!;
      const row = file.split('\r\n')[1]!.split(',');
      const major = (n: number) => (n / 100).toFixed(2);
      expect(row).toEqual([
        day,
        `T${run}`,
        'M1',
        'SGD',
        String(expected.orders),
        major(expected.gross),
        major(expected.discounts),
        '0.00',
        major(expected.tips),
        major(expected.total),
        String(expected.refundCount),
        major(expected.refunds),
        major(expected.total - expected.refunds),
        major(expected.cash),
        '0.00',
      ]);
    }),
    { seed: 20261101, numRuns: 10, endOnFailure: true },
  );
}, 600_000);
