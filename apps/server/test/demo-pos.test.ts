import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posReportEndpoints } from '@merchant/catalogue';
import { localDate } from '@merchant/core';
import { ledgerEntries } from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../src/db/seed';
import { seedDemoPos } from '../src/db/seed-pos';
import { createTestContext, signedIn, type TestContext } from './harness';

/** The demo business's point of sale history (`npm start`): made by the register's services, agreeing with the report and the ledger. */
let t: TestContext;
let dataDir: string;
let businessId: string;
let seeded: { orders: number; drawers: number };
let ms = 0;

const rowsOf = async <Row>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'md-demo-pos-'));
  t = await createTestContext({ dataDir });
  const demo = await seedDemoData(t.database.db, t.clock, { config: t.config });
  businessId = demo.businessId;
  const started = performance.now();
  seeded = await seedDemoPos(t.database.db, demo.businessId, demo.ownerId, t.clock.now(), t.config);
  ms = performance.now() - started;
}, 600_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo point of sale history', () => {
  it('has a drawer a day at each open location, a few hundred orders in cash, by card and split, some refunds, and two readers', async () => {
    console.info(`demo POS history: ${seeded.orders} orders in ${seeded.drawers} drawers, ${Math.round(ms)} ms`);
    expect(seeded.orders).toBeGreaterThanOrEqual(150);
    const tenders = await rowsOf<{ kinds: string; n: number }>(
      sql`select array_to_string(tender_kinds, '+') as kinds, count(*)::int as n from pos_orders where business_id = ${businessId} group by 1`,
    );
    expect(tenders.map((r) => r.kinds).sort()).toEqual(['card', 'cash', 'cash+card']);
    const refunds = await rowsOf<{ n: number }>(sql`select count(*)::int as n from pos_refunds where business_id = ${businessId}`);
    expect(refunds[0]!.n).toBeGreaterThan(0);
    const drawers = await rowsOf<{ location_id: string; day: string; n: number; open: number }>(
      sql`select location_id, to_char(created_at at time zone 'Asia/Singapore', 'YYYY-MM-DD') as day, count(*)::int as n,
        count(*) filter (where status = 'open')::int as open from pos_drawer_sessions where business_id = ${businessId} group by 1, 2`,
    );
    expect(drawers.length).toBe(seeded.drawers);
    expect(drawers.every((d) => d.n === 1 && d.open === 0)).toBe(true);
    const readers = await rowsOf<{ n: number }>(sql`select count(*)::int as n from terminal_readers where business_id = ${businessId} and status = 'paired'`);
    expect(readers[0]!.n).toBe(2);
  });

  it('agrees with the sales report and the ledger', async () => {
    const agent = await signedIn(t.app, DEMO_USERS.owner, DEMO_PASSWORD);
    const today = localDate(t.clock.now(), 'Asia/Singapore');
    const from = new Date(t.clock.now().getTime() - 120 * 86_400_000);
    const report = await agent.ok(posReportEndpoints.get, {
      params: { business_id: businessId },
      query: { from: localDate(from, 'Asia/Singapore'), to: today },
    });
    expect(report.totals.orders).toBe(seeded.orders);
    const cash = report.breakdowns.find((b) => b.group === 'tender')!.rows.find((r) => r.key === 'cash')!;
    const [sale] = await t.database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(
        sql`${eq(ledgerEntries.businessId, businessId)} and ${ledgerEntries.account} = 'cash_in_drawers' and ${ledgerEntries.transactionId} in (select id from ledger_transactions where business_id = ${businessId} and kind in ('pos_sale', 'pos_refund'))`,
      );
    expect(Number(sale!.sum)).toBe(cash.total);
    const [all] = await t.database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.businessId, businessId));
    expect(Number(all!.sum)).toBe(0);
  });
});
