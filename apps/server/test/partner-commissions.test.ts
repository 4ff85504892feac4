import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMMISSION_PLAN, COMMISSION_STATEMENT_COLUMNS, partnerEndpoints, type Commission } from '@merchant/business';
import { endpointPath } from '@merchant/core';
import { parseCsv } from '../src/lib/csv';
import { commissionOf } from '../src/modules/business/partners/partners.service';
import { card } from './factories/charges';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/**
 * Partner commissions (issue 30): accrued per merchant and month from the ledger's fee postings, once however often
 * the job runs, and summing to the plan's share of those fees; both databases.
 */
let t: TestContext;
let partner: FactoryBusiness<'owner'>;
let code: string;

const at = (b: { id: string }) => ({ params: { business_id: b.id } });
const MONTHS = ['2027-01', '2027-02', '2027-03'] as const;

async function commissionsOf(merchantName: string): Promise<Commission[]> {
  const agent = await signInAgain(t, partner.people.owner);
  const { commissions } = await agent.ok(partnerEndpoints.commissions, at(partner));
  return commissions.filter((c) => c.business_name === merchantName);
}

beforeAll(async () => {
  t = await createTestContext();
  partner = await createBusiness(t, { kind: 'partner' });
  code = (await partner.people.owner.agent.ok(partnerEndpoints.referral, at(partner))).code;
});
afterAll(() => t.close());

describe('commissions from the ledger', () => {
  it('accrue once per merchant and month, and sum to the plan applied to the fees posted (random months)', async () => {
    const payment = fc.record({ month: fc.integer({ min: 0, max: 2 }), day: fc.integer({ min: 1, max: 28 }), amount: fc.integer({ min: 1_00, max: 900_00 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 4 }), async (pays) => {
        // Linked on the last day of the month before the first.
        t.clock.set(new Date('2026-12-31T12:00:00Z'));
        const merchant = await createBusiness(t, { referralCode: code });
        const fees = new Map<string, number>();
        for (const p of pays) {
          const month = MONTHS[p.month]!;
          t.clock.set(new Date(`${month}-${String(p.day).padStart(2, '0')}T10:00:00Z`));
          const started = await t.services.charges.start({
            businessId: merchant.id,
            source: { type: 'static_qr', id: null },
            amount: p.amount,
            currency: 'sgd',
            customer: { name: 'C', email: null },
          });
          const { payment: paid } = await t.services.charges.confirm(started.publicId, card());
          fees.set(month, (fees.get(month) ?? 0) + paid.fee);
        }
        t.clock.set(new Date('2027-04-02T00:00:00Z'));
        // Twice for each month, two at once (two processes), and the scheduled run of April on top.
        for (const month of MONTHS) await Promise.all([t.services.partners.accrueMonth(month), t.services.partners.accrueMonth(month)]);
        const first = await commissionsOf(merchant.name);
        for (const month of MONTHS) await t.services.partners.accrueMonth(month);
        await t.services.partners.accrueLastMonth(t.clock.now());
        const again = await commissionsOf(merchant.name);
        expect(again).toEqual(first);
        for (const month of MONTHS) {
          const rows = first.filter((c) => c.month === month);
          const monthFees = fees.get(month) ?? 0;
          if (monthFees === 0) {
            expect(rows, month).toEqual([]);
            continue;
          }
          expect(rows, month).toHaveLength(1);
          expect(rows[0]).toMatchObject({
            currency: 'sgd',
            fees: monthFees,
            share_basis_points: COMMISSION_PLAN.share_basis_points,
            amount: commissionOf(monthFees),
            status: 'accrued',
          });
        }
      }),
      { numRuns: 4 },
    );
  });

  it('leaves out what the merchant paid after the link ended', async () => {
    t.clock.set(new Date('2027-05-01T09:00:00Z'));
    const merchant = await createBusiness(t, { referralCode: code });
    const pay = async (at: string) => {
      t.clock.set(new Date(at));
      const started = await t.services.charges.start({
        businessId: merchant.id,
        source: { type: 'static_qr', id: null },
        amount: 100_00,
        currency: 'sgd',
        customer: { name: 'C', email: null },
      });
      return (await t.services.charges.confirm(started.publicId, card())).payment.fee;
    };
    const before = await pay('2027-05-10T10:00:00Z');
    t.clock.set(new Date('2027-05-15T10:00:00Z'));
    const owner = await signInAgain(t, merchant.people.owner);
    const { partners } = await owner.ok(partnerEndpoints.businessPartners, at(merchant));
    await owner.ok(partnerEndpoints.endLink, { params: { business_id: merchant.id, link_id: partners[0]!.link_id }, body: { confirm: true } });
    await pay('2027-05-20T10:00:00Z');
    await t.services.partners.accrueLastMonth(new Date('2027-06-03T00:00:00Z'));
    const rows = await commissionsOf(merchant.name);
    expect(rows).toEqual([expect.objectContaining({ month: '2027-05', fees: before, amount: commissionOf(before) })]);
  });

  it('is the partner area only', async () => {
    const merchant = await createBusiness(t);
    expect((await merchant.people.owner.agent.call(partnerEndpoints.commissions, at(merchant))).status).toBe(403);
  });
});

describe("the partner's overview", () => {
  it('has this month so far from the ledger, last month and pending from the counted commissions, and the merchants by state', async () => {
    const own = await createBusiness(t, { kind: 'partner' });
    const ownCode = (await own.people.owner.agent.ok(partnerEndpoints.referral, at(own))).code;
    t.clock.set(new Date('2027-07-20T09:00:00Z'));
    const merchant = await createBusiness(t, { referralCode: ownCode });
    const left = await createBusiness(t, { referralCode: ownCode });
    const pay = async (when: string, amount: number) => {
      t.clock.set(new Date(when));
      const started = await t.services.charges.start({
        businessId: merchant.id,
        source: { type: 'static_qr', id: null },
        amount,
        currency: 'sgd',
        customer: { name: 'C', email: null },
      });
      return (await t.services.charges.confirm(started.publicId, card())).payment.fee;
    };
    const august = (await pay('2027-08-10T10:00:00Z', 200_00)) + (await pay('2027-08-12T10:00:00Z', 50_00));
    const september = await pay('2027-09-15T10:00:00Z', 120_00);
    const leftOwner = await signInAgain(t, left.people.owner);
    const { partners } = await leftOwner.ok(partnerEndpoints.businessPartners, at(left));
    await leftOwner.ok(partnerEndpoints.endLink, { params: { business_id: left.id, link_id: partners[0]!.link_id }, body: { confirm: true } });
    await t.services.partners.accrueMonth('2027-08');
    t.clock.set(new Date('2027-09-20T10:00:00Z'));

    const agent = await signInAgain(t, own.people.owner);
    const overview = await agent.ok(partnerEndpoints.overview, at(own));
    expect(overview).toMatchObject({ this_month: '2027-09', last_month: '2027-08' });
    expect(overview.earnings).toEqual({
      this_month_estimate: [{ currency: 'sgd', amount: commissionOf(september) }],
      last_month: [{ currency: 'sgd', amount: commissionOf(august) }],
      pending: [{ currency: 'sgd', amount: commissionOf(august) }],
      paid: [],
    });
    expect(overview.merchants.ended).toBe(1);
    expect(overview.merchants.by_state.reduce((n, s) => n + s.count, 0)).toBe(1);
    expect(overview.months.map((m) => m.month)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
    ]);
    expect(overview.months.filter((m) => m.totals.length > 0)).toEqual([{ month: '2027-08', totals: [{ currency: 'sgd', amount: commissionOf(august) }] }]);

    // August's statement: the merchant's line and the total, in major units; a bad month is refused on its field.
    const statement = await agent.get(endpointPath(partnerEndpoints.statement, { ...at(own), query: { month: '2027-08' } }));
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toMatch(/^text\/csv/);
    expect(statement.headers['content-disposition']).toContain('2027-08.csv');
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(parseCsv(statement.body.replace(/^\uFEFF/, ''))).toEqual([
      [...COMMISSION_STATEMENT_COLUMNS],
      [merchant.name, '2027-08', 'SGD', major(august), '20', major(commissionOf(august)), 'accrued'],
      ['Total', '2027-08', 'SGD', major(august), '', major(commissionOf(august)), ''],
    ]);
    const bad = await agent.get(endpointPath(partnerEndpoints.statement, { ...at(own), query: { month: '2027-13' } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('month');
  });

  it('is the partner area only', async () => {
    const merchant = await createBusiness(t);
    expect((await merchant.people.owner.agent.call(partnerEndpoints.overview, at(merchant))).status).toBe(403);
  });
});
