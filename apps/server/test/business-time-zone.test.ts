import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNTRY_TIME_ZONES, endpointPath, hostOfKind } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { balanceEndpoints, checkoutEndpoints, overviewEndpoints, salesReportEndpoints, transactionEndpoints } from '@merchant/payments';
import { parseCsv } from '../src/lib/csv';
import type { ChargesService } from '../src/modules/payments/charges/charges.service';
import { Agent, answerOf, createTestContext, type TestContext } from './harness';
import { card } from './factories/charges';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/**
 * A business's days are the days of its time zone (docs/payments.md, "Time zone"): the zone comes from the
 * country, the owner changes it in business details, and one payment is on the same local day in the
 * Overview, the sales report, the Transactions filter and export and the statement; both databases.
 */
let t: TestContext;
let charges: ChargesService;
/** UTC+8 and UTC-5 (New York in January). */
let singapore: FactoryBusiness<'owner' | 'cashier'>;
let newYork: FactoryBusiness<'owner'>;

/** 11:00 on 15 January in Singapore, 22:00 on 14 January in New York. */
const PAID_AT = '2026-01-15T03:00:00Z';
const LOCAL_DAY = { singapore: '2026-01-15', newYork: '2026-01-14' } as const;

async function pay(businessId: string, amount: number) {
  t.clock.set(new Date(PAID_AT));
  const started = await charges.start({
    businessId,
    source: { type: 'static_qr', id: null },
    amount,
    currency: 'sgd',
    customer: { name: 'Casey Customer', email: null },
  });
  const { payment } = await charges.confirm(started.publicId, card('4242424242424242'));
  expect(payment.status).toBe('succeeded');
  return payment;
}

const details = (b: FactoryBusiness<'owner'>) => b.people.owner.agent.ok(businessEndpoints.get, { params: { business_id: b.id } });
const setZone = (b: FactoryBusiness<'owner'>, zone: string) =>
  b.people.owner.agent.call(businessEndpoints.update, { params: { business_id: b.id }, body: { time_zone: zone } });

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
  t.clock.set(new Date('2026-01-10T12:00:00Z'));
  singapore = await createBusiness(t, { country: 'sg', timeZone: 'country', staff: ['cashier'] });
  newYork = await createBusiness(t, { country: 'us', currency: 'usd', timeZone: 'country' });
});
afterAll(() => t.close());

describe("the business's time zone", () => {
  it("starts as its country's zone", async () => {
    expect((await details(singapore)).time_zone).toBe('Asia/Singapore');
    expect((await details(newYork)).time_zone).toBe('America/New_York');
  });

  it('is changed in business details by the owner, and refused with a field issue when the platform does not know it', async () => {
    const other = await createBusiness(t, { country: 'gb', timeZone: 'country', staff: ['cashier'] });
    expect((await details(other)).time_zone).toBe('Europe/London');
    const saved = await setZone(other, 'Australia/Sydney');
    expect(saved).toMatchObject({ status: 200, body: { time_zone: 'Australia/Sydney' } });
    expect((await details(other)).time_zone).toBe('Australia/Sydney');

    for (const bad of ['+08:00', 'Mars/Olympus', 'Asia/Singapore; drop table', '', 'x'.repeat(80)]) {
      const refused = await setZone(other, bad);
      expect(refused.status, bad).toBe(422);
      expect(refused.body).toMatchObject({ issues: [{ path: 'time_zone' }] });
    }
    const wrongType = answerOf(
      await other.people.owner.agent.patch(endpointPath(businessEndpoints.update, { params: { business_id: other.id } }), { time_zone: 8 }),
    );
    expect(wrongType.status).toBe(422);
    expect(await other.people.cashier.agent.call(businessEndpoints.update, { params: { business_id: other.id }, body: { time_zone: 'UTC' } })).toMatchObject({
      status: 403,
    });
    expect((await details(other)).time_zone).toBe('Australia/Sydney');
  });

  it('gives every country a default zone the database knows too', async () => {
    const zones = [...new Set(COUNTRY_TIME_ZONES.values())];
    const result = await t.database.db.execute(
      sql`select name from pg_timezone_names where name in (${sql.join(
        zones.map((z) => sql`${z}`),
        sql`, `,
      )})`,
    );
    const known = new Set(((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { name: string }[]).map((r) => r.name));
    expect(zones.filter((z) => !known.has(z))).toEqual([]);
  });

  it("follows a change of country while it is still the old country's default, and stays once chosen", async () => {
    const moving = await createBusiness(t, { country: 'sg', timeZone: 'country', onboarding: 'questionnaire' });
    const moved = await moving.people.owner.agent.ok(businessEndpoints.update, { params: { business_id: moving.id }, body: { country: 'jp' } });
    expect(moved.time_zone).toBe('Asia/Tokyo');
    await moving.people.owner.agent.ok(businessEndpoints.update, { params: { business_id: moving.id }, body: { time_zone: 'Asia/Singapore' } });
    const again = await moving.people.owner.agent.ok(businessEndpoints.update, { params: { business_id: moving.id }, body: { country: 'my' } });
    expect(again.time_zone).toBe('Asia/Singapore');
  });
});

describe('one payment at 03:00 UTC, in Singapore (UTC+8) and New York (UTC-5)', () => {
  beforeAll(async () => {
    await pay(singapore.id, 25_00);
    await pay(newYork.id, 25_00);
    // 12:00 on the 15th in Singapore, 23:00 on the 14th in New York.
    t.clock.set(new Date('2026-01-15T04:00:00Z'));
    singapore.people.owner.agent = await signInAgain(t, singapore.people.owner);
    newYork.people.owner.agent = await signInAgain(t, newYork.people.owner);
  });

  const cases = () => [
    { business: singapore, day: LOCAL_DAY.singapore, otherDay: LOCAL_DAY.newYork, zone: 'Asia/Singapore' },
    { business: newYork, day: LOCAL_DAY.newYork, otherDay: LOCAL_DAY.singapore, zone: 'America/New_York' },
  ];

  it("is in the Overview's today and on its local day of the daily series", async () => {
    for (const { business, day, otherDay } of cases()) {
      const params = { business_id: business.id };
      const today = await business.people.owner.agent.ok(overviewEndpoints.get, { params, query: { period: 'today' } });
      expect(today.period).toMatchObject({ from: day, to: day });
      expect(today.currencies[0]?.current).toMatchObject({ succeeded: 1, gross: 25_00 });
      const onDay = await business.people.owner.agent.ok(overviewEndpoints.get, {
        params,
        query: { period: 'custom', from: otherDay < day ? otherDay : day, to: otherDay < day ? day : otherDay },
      });
      expect(onDay.currencies[0]?.daily.filter((d) => d.count > 0)).toEqual([{ date: day, gross: 25_00, net: expect.any(Number), count: 1 }]);
      const notThere = await business.people.owner.agent.ok(overviewEndpoints.get, { params, query: { period: 'custom', from: otherDay, to: otherDay } });
      expect(notThere.currencies[0]?.current.succeeded ?? 0).toBe(0);
    }
  });

  it('is on its local day in the sales report and its CSV, which name the zone', async () => {
    for (const { business, day, zone } of cases()) {
      const params = { business_id: business.id };
      const report = await business.people.owner.agent.ok(salesReportEndpoints.get, { params, query: { from: '2026-01-14', to: '2026-01-15' } });
      expect(report.range.tz).toBe(zone);
      expect(report.currencies[0]?.by_day.filter((d) => d.count > 0).map((d) => d.date)).toEqual([day]);
      const csv = await business.people.owner.agent.get(endpointPath(salesReportEndpoints.export, { params, query: { from: '2026-01-14', to: '2026-01-15' } }));
      const table = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      expect(table[0]?.[0]).toBe(`Date (${zone})`);
      expect(table.slice(1).filter((row) => row[0] === day)).toHaveLength(1);
      expect(table.find((row) => row[0] === day)?.[2]).toBe('25.00');
    }
  });

  it('is found by the Transactions filter and export on its local day only', async () => {
    for (const { business, day, otherDay } of cases()) {
      const params = { business_id: business.id };
      const onDay = await business.people.owner.agent.ok(transactionEndpoints.list, { params, query: { from: day, to: day } });
      expect(onDay.data.map((p) => p.created_at)).toEqual([new Date(PAID_AT).toISOString()]);
      const other = await business.people.owner.agent.ok(transactionEndpoints.list, { params, query: { from: otherDay, to: otherDay } });
      expect(other.data).toEqual([]);
      const csvOnDay = parseCsv(
        (await business.people.owner.agent.get(endpointPath(transactionEndpoints.export, { params, query: { from: day, to: day } }))).body.replace(
          /^\uFEFF/,
          '',
        ),
      );
      expect(csvOnDay).toHaveLength(2);
      const csvOther = parseCsv(
        (await business.people.owner.agent.get(endpointPath(transactionEndpoints.export, { params, query: { from: otherDay, to: otherDay } }))).body.replace(
          /^\uFEFF/,
          '',
        ),
      );
      expect(csvOther).toHaveLength(1);
    }
  });

  it("is in the statement's window of its local day only", async () => {
    for (const { business, day, otherDay } of cases()) {
      const params = { business_id: business.id, balance: 'wallet' as const };
      const onDay = await business.people.owner.agent.ok(balanceEndpoints.statement, {
        params,
        query: { account: 'pending', currency: 'sgd', from: day, to: day },
      });
      expect(onDay.data.length).toBeGreaterThan(0);
      for (const row of onDay.data) expect(row.created_at).toBe(new Date(PAID_AT).toISOString());
      const other = await business.people.owner.agent.ok(balanceEndpoints.statement, {
        params,
        query: { account: 'pending', currency: 'sgd', from: otherDay, to: otherDay },
      });
      expect(other.data).toEqual([]);
    }
  });

  it("moves to the new zone's day in the Overview when the zone changes", async () => {
    const params = { business_id: newYork.id };
    expect(await setZone(newYork, 'Asia/Singapore')).toMatchObject({ status: 200 });
    const moved = await newYork.people.owner.agent.ok(overviewEndpoints.get, { params, query: { period: 'custom', from: '2026-01-14', to: '2026-01-15' } });
    expect(moved.currencies[0]?.daily.filter((d) => d.count > 0).map((d) => d.date)).toEqual([LOCAL_DAY.singapore]);
    expect(await setZone(newYork, 'America/New_York')).toMatchObject({ status: 200 });
    const back = await newYork.people.owner.agent.ok(overviewEndpoints.get, { params, query: { period: 'custom', from: '2026-01-14', to: '2026-01-15' } });
    expect(back.currencies[0]?.daily.filter((d) => d.count > 0).map((d) => d.date)).toEqual([LOCAL_DAY.newYork]);
  });
});

describe('the public receipt', () => {
  it("carries the business's zone, so the customer reads the time the dashboard shows", async () => {
    for (const [country, currency, zone] of [
      ['sg', 'sgd', 'Asia/Singapore'],
      ['us', 'usd', 'America/New_York'],
    ] as const) {
      const business = await createBusiness(t, { country, currency, timeZone: 'country' });
      const payment = await pay(business.id, 7_00);
      const receipt = await new Agent(t.app).ok(
        checkoutEndpoints.receipt,
        { params: { public_id: payment.publicId } },
        { host: hostOfKind('checkout', t.config.baseDomain) },
      );
      expect(receipt.business.time_zone).toBe(zone);
    }
  });
});
