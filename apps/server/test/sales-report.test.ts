import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { salesReportEndpoints, type SalesFigures, type SalesReport, type SalesReportQueryInput } from '@merchant/payments';
import { parseCsv } from '../src/lib/csv';
import type { PaymentRow } from '../src/modules/payments/charges/charges.types';
import type { ChargesService } from '../src/modules/payments/charges/charges.service';
import { createBusiness, type FactoryBusiness } from './factories/businesses';
import { actorOf, card } from './factories/charges';
import { signInAgain } from './factories/people';
import { createTestContext, type TestContext } from './harness';

/** The sales report: totals, days in a time zone, refunds on their own day, splits, the CSV, access; both databases. */
let t: TestContext;
let charges: ChargesService;
let shop: FactoryBusiness<'owner' | 'cashier'>;
let other: FactoryBusiness<'owner'>;
const made: Record<string, PaymentRow> = {};

/** A payment through the lifecycle service at a given instant: a good card, or a declined one. */
async function pay(businessId: string, at: string, amount: number, options: { currency?: string; source?: 'pos' | 'static_qr'; declined?: boolean } = {}) {
  t.clock.set(new Date(at));
  const started = await charges.start({
    businessId,
    source: { type: options.source ?? 'pos', id: null },
    amount,
    currency: options.currency ?? 'sgd',
    customer: { name: 'Casey Customer', email: null },
  });
  const { payment } = await charges.confirm(started.publicId, card(options.declined ? '4000000000000002' : '4242424242424242'));
  return payment;
}

async function refund(payment: PaymentRow, at: string, amount: number) {
  t.clock.set(new Date(at));
  await charges.refund(await actorOf(t.database.db, shop.id, shop.people.owner.email, 'owner'), payment.id, { amount, reason: 'requested_by_customer' });
}

const report = (query: SalesReportQueryInput, business: FactoryBusiness<'owner'> = shop) =>
  business.people.owner.agent.ok(salesReportEndpoints.get, { params: { business_id: business.id }, query });

const sum = (rows: SalesFigures[]) =>
  rows.reduce(
    (a, r) => ({
      gross: a.gross + r.gross,
      refunds: a.refunds + r.refunds,
      fees: a.fees + r.fees,
      net: a.net + r.net,
      count: a.count + r.count,
      refund_count: a.refund_count + r.refund_count,
    }),
    { gross: 0, refunds: 0, fees: 0, net: 0, count: 0, refund_count: 0 },
  );
const figures = ({ gross, refunds, fees, net, count, refund_count }: SalesFigures) => ({ gross, refunds, fees, net, count, refund_count });

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
  t.clock.set(new Date('2026-09-30T12:00:00Z'));
  shop = await createBusiness(t, { staff: ['cashier'] });
  other = await createBusiness(t);
  // Singapore is UTC+8: 2026-10-01T17:00Z is already 2 October there.
  made.a = await pay(shop.id, '2026-10-01T02:00:00Z', 100_00);
  made.b = await pay(shop.id, '2026-10-01T17:00:00Z', 50_00, { source: 'static_qr' });
  await pay(shop.id, '2026-10-02T03:00:00Z', 30_00, { declined: true });
  made.usd = await pay(shop.id, '2026-10-03T03:00:00Z', 10_00, { currency: 'usd', source: 'static_qr' });
  await pay(other.id, '2026-10-02T03:00:00Z', 999_00);
  // The refunds count on the day they are made, not on their payment's day.
  await refund(made.a, '2026-10-03T01:00:00Z', 40_00);
  await refund(made.b, '2026-10-05T20:00:00Z', 5_00);
  t.clock.set(new Date('2026-10-06T12:00:00Z'));
  shop.people.owner.agent = await signInAgain(t, shop.people.owner);
  shop.people.cashier.agent = await signInAgain(t, shop.people.cashier);
  other.people.owner.agent = await signInAgain(t, other.people.owner);
});
afterAll(() => t.close());

describe('the report', () => {
  it('gives every day of the range with sales on their day and refunds on theirs, totals the sum of the rows', async () => {
    const body: SalesReport = await report({ from: '2026-10-01', to: '2026-10-05' });
    expect(body.range).toEqual({ from: '2026-10-01', to: '2026-10-05', tz: 'UTC', days: 5 });
    expect(body.currencies.map((c) => c.currency)).toEqual(['sgd', 'usd']);
    const sgd = body.currencies[0]!;
    const fees = made.a!.fee + made.b!.fee;
    expect(fees).toBeGreaterThan(0);
    expect(sgd.by_day.map((d) => [d.date, d.gross, d.refunds, d.count, d.refund_count])).toEqual([
      ['2026-10-01', 150_00, 0, 2, 0],
      ['2026-10-02', 0, 0, 0, 0],
      ['2026-10-03', 0, 40_00, 0, 1],
      ['2026-10-04', 0, 0, 0, 0],
      ['2026-10-05', 0, 5_00, 0, 1],
    ]);
    expect(sgd.totals).toEqual({ gross: 150_00, refunds: 45_00, fees, net: 150_00 - 45_00 - fees, count: 2, refund_count: 2 });
    for (const block of body.currencies) {
      expect(sum(block.by_day)).toEqual(block.totals);
      expect(sum(block.by_method)).toEqual(block.totals);
      expect(sum(block.by_source)).toEqual(block.totals);
      for (const row of block.by_day) expect(row.net).toBe(row.gross - row.refunds - row.fees);
    }
    // A day's net is negative when only money went out.
    expect(sgd.by_day[2]!.net).toBe(-40_00);
    expect(sgd.by_method).toEqual([{ method: 'card', ...sgd.totals }]);
    expect(sgd.by_source.map((s) => [s.source, s.gross, s.refunds])).toEqual([
      ['pos', 100_00, 40_00],
      ['static_qr', 50_00, 5_00],
    ]);
    expect(figures(body.currencies[1]!.totals)).toEqual({
      gross: 10_00,
      refunds: 0,
      fees: made.usd!.fee,
      net: 10_00 - made.usd!.fee,
      count: 1,
      refund_count: 0,
    });
  });

  it('cuts days in the time zone asked for', async () => {
    const sgd = (await report({ from: '2026-10-01', to: '2026-10-06', tz: 'Asia/Singapore', currency: 'sgd' })).currencies[0]!;
    expect(sgd.by_day.map((d) => [d.date, d.gross, d.refunds])).toEqual([
      ['2026-10-01', 100_00, 0],
      ['2026-10-02', 50_00, 0],
      ['2026-10-03', 0, 40_00],
      ['2026-10-04', 0, 0],
      ['2026-10-05', 0, 0],
      ['2026-10-06', 0, 5_00],
    ]);
    // One Singapore day: from 1 October 16:00 UTC to 2 October 16:00 UTC.
    const oneDay = await report({ from: '2026-10-02', to: '2026-10-02', tz: 'Asia/Singapore' });
    expect(oneDay.currencies.map((c) => [c.currency, c.totals.gross, c.totals.count])).toEqual([['sgd', 50_00, 1]]);
  });

  it('narrows to one currency, and answers no blocks for a range without sales', async () => {
    const usd = await report({ from: '2026-10-01', to: '2026-10-05', currency: 'USD' });
    expect(usd.currencies.map((c) => c.currency)).toEqual(['usd']);
    expect((await report({ from: '2026-09-01', to: '2026-09-30' })).currencies).toEqual([]);
  });

  it("never shows another business's payments, and lets every role that sees payments read it", async () => {
    const theirs = await report({ from: '2026-10-01', to: '2026-10-05' }, other);
    expect(theirs.currencies.map((c) => [c.currency, c.totals.gross])).toEqual([['sgd', 999_00]]);
    const byCashier = await shop.people.cashier.agent.ok(salesReportEndpoints.get, {
      params: { business_id: shop.id },
      query: { from: '2026-10-01', to: '2026-10-05' },
    });
    expect(byCashier.currencies[0]!.totals.gross).toBe(150_00);
  });
});

describe('the CSV export', () => {
  // The answer is CSV, not JSON: read raw.
  const exportUrl = (query: string) => `${endpointPath(salesReportEndpoints.export, { params: { business_id: shop.id } })}?${query}`;

  it('sends one table per grouping: every day by default, in major units', async () => {
    const res = await shop.people.owner.agent.get(exportUrl('from=2026-10-01&to=2026-10-05'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sales-report-[a-z0-9-]+-2026-10-01-to-2026-10-05-by-day\.csv"$/);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Date (UTC)', 'Currency', 'Gross', 'Refunds', 'Fees', 'Net', 'Payments', 'Refunds made']);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.slice(0, 4)).toEqual(['2026-10-01', 'SGD', '150.00', '0.00']);
    expect(rows[2]!).toEqual(['2026-10-03', 'SGD', '0.00', '40.00', '0.00', '-40.00', '0', '1']);
  });

  it('sends the split by method or by source when asked, with the same totals as the report', async () => {
    const bySource = parseCsv(
      (await shop.people.owner.agent.get(exportUrl('from=2026-10-01&to=2026-10-05&group=source&currency=sgd'))).body.replace(/^\uFEFF/, ''),
    );
    expect(bySource.map((r) => r.slice(0, 4))).toEqual([
      ['Source', 'Currency', 'Gross', 'Refunds'],
      ['Point of sale', 'SGD', '100.00', '40.00'],
      ['Static QR', 'SGD', '50.00', '5.00'],
    ]);
    const byMethod = parseCsv((await shop.people.owner.agent.get(exportUrl('from=2026-10-01&to=2026-10-05&group=method'))).body.replace(/^\uFEFF/, ''));
    expect(byMethod.map((r) => r.slice(0, 3))).toEqual([
      ['Method', 'Currency', 'Gross'],
      ['Card', 'SGD', '150.00'],
      ['Card', 'USD', '10.00'],
    ]);
  });
});

describe('hostile input and access', () => {
  it('refuses bad ranges, time zones, currencies and groupings with 422 and field issues', async () => {
    // Hostile query strings: sent raw, to the declared paths of the report and its export.
    const at = { params: { business_id: shop.id } };
    const report = endpointPath(salesReportEndpoints.get, at);
    const csv = endpointPath(salesReportEndpoints.export, at);
    for (const [url, path] of [
      [report, 'from'],
      [`${report}?from=2026-10-05&to=2026-10-01`, 'to'],
      [`${report}?from=2025-01-01&to=2026-10-01`, 'to'],
      [`${report}?from=2026-02-30&to=2026-03-01`, 'from'],
      [`${report}?from=2026-10-01&to=2026-10-05&tz=Mars/Base`, 'tz'],
      [`${report}?from=2026-10-01&to=2026-10-05&currency=xyz`, 'currency'],
      [`${csv}?from=2026-10-01&to=2026-10-05&group=week`, 'group'],
      [`${csv}?from=2026-10-05&to=2026-10-01`, 'to'],
    ] as const) {
      const res = await shop.people.owner.agent.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(
        res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path),
        `${url} ${res.body}`,
      ).toContain(`querystring.${path}`);
    }
  });

  it("needs a session, and hides another business's report from its non-members", async () => {
    const input = { params: { business_id: shop.id }, query: { from: '2026-10-01', to: '2026-10-05' } };
    const url = endpointPath(salesReportEndpoints.get, input);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // Every role holds payments:view (the permission map), so the refusal a person can meet is a non-member's.
    expect((await other.people.owner.agent.call(salesReportEndpoints.get, input)).status).toBe(404);
    expect((await other.people.owner.agent.get(endpointPath(salesReportEndpoints.export, input))).statusCode).toBe(404);
  });
});
