import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { balanceEndpoints, type BalanceKind, type LedgerTransactionKind, type StatementEntry } from '@merchant/payments';
import { businesses } from '@/db/schema';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/**
 * The statement's running balance comes from the daily rollup and the page's span (docs/payments.md, "balances
 * and bank accounts" Performance): on both databases it equals the sum of the raw entries up to each row, on
 * every page, with filters, across UTC day boundaries, per balance and currency; the rollups equal the raw sums.
 */
let t: TestContext;
let ledger: LedgerService;
let owner: Agent;
let business: FactoryBusiness<'owner'>;

/** A small deterministic generator, so a failure is the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(state / 65_536) % n;
  };
}

/** Instants around UTC midnights (and several postings at one instant), where a day rollup could be off by one. */
const INSTANTS = [
  '2026-10-30T12:00:00.000Z',
  '2026-10-31T23:59:59.999Z',
  '2026-11-01T00:00:00.000Z',
  '2026-11-01T00:00:00.001Z',
  '2026-11-01T15:30:00.000Z',
  '2026-11-02T23:59:59.999Z',
  '2026-11-03T00:00:00.000Z',
  '2026-11-05T08:00:00.000Z',
];
const KINDS: LedgerTransactionKind[] = ['settlement', 'refund', 'fee', 'charge'];
const BALANCES: BalanceKind[] = ['wallet', 'card'];
const CURRENCIES = ['sgd', 'usd'];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Every entry of one account, with the sum of the account's entries up to it (the definition), by id. */
async function expectedRunning(account: string, currency: string, balance: BalanceKind): Promise<Map<string, number>> {
  const raw = await rows<{ id: string; running: string }>(sql`
    select id, sum(amount) over (order by created_at, id)::text as running
    from ledger_entries where business_id = ${business.id} and account = ${account} and currency = ${currency} and balance = ${balance}`);
  return new Map(raw.map((r) => [r.id, Number(r.running)]));
}

async function statement(balance: BalanceKind, query: Record<string, string | number>): Promise<StatementEntry[]> {
  const all: StatementEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await owner.ok(balanceEndpoints.statement, {
      params: { business_id: business.id, balance },
      query: { limit: 3, ...query, ...(cursor ? { cursor } : {}) },
    });
    all.push(...page.data);
    if (!page.next_cursor) return all;
    cursor = page.next_cursor;
  }
}

beforeAll(async () => {
  t = await createTestContext();
  ({ ledger } = t.services);
  business = await createBusiness(t);
  await t.database.db.update(businesses).set({ stripeEnabled: true }).where(eq(businesses.id, business.id));
  const next = generator(20_261_125);
  for (let i = 0; i < 160; i++) {
    t.clock.set(new Date(INSTANTS[next(INSTANTS.length)]!));
    const amount = (1 + next(5_000)) * (next(4) === 0 ? -1 : 1);
    const currency = CURRENCIES[next(CURRENCIES.length)]!;
    await ledger.post(t.database.db, business.id, {
      kind: KINDS[next(KINDS.length)]!,
      balance: BALANCES[next(BALANCES.length)]!,
      description: `Movement ${i}`,
      entries: [
        { account: 'merchant_pending', currency, amount: -amount },
        { account: 'merchant_available', currency, amount },
      ],
    });
  }
  owner = await signInAgain(t, business.people.owner);
});
afterAll(() => t.close());

describe('the running balance', () => {
  it('equals the sum of the raw entries up to each row on every page, per balance, account and currency', async () => {
    let compared = 0;
    for (const balance of BALANCES) {
      for (const account of ['available', 'pending'] as const) {
        for (const currency of CURRENCIES) {
          const expected = await expectedRunning(`merchant_${account}`, currency, balance);
          const shown = await statement(balance, { account, currency });
          expect(shown).toHaveLength(expected.size);
          for (const row of shown) expect(row.running_balance.amount).toBe(expected.get(row.id));
          compared += shown.length;
        }
      }
    }
    expect(compared).toBe(160 * 2);
  });

  it('stays the account balance when a kind or a date window chooses the rows, across day boundaries and time zones', async () => {
    const expected = await expectedRunning('merchant_available', 'sgd', 'wallet');
    const all = await statement('wallet', { account: 'available', currency: 'sgd' });
    const windows: { kind?: LedgerTransactionKind; from?: string; to?: string; tz?: string }[] = [
      { kind: 'refund' },
      { kind: 'fee', from: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-01' },
      { to: '2026-10-31' },
      { from: '2026-11-01', to: '2026-11-02', tz: 'Asia/Singapore' },
      { from: '2026-10-31', to: '2026-10-31', tz: 'America/Los_Angeles' },
    ];
    for (const query of windows) {
      const shown = await statement('wallet', { account: 'available', currency: 'sgd', ...query });
      // The same rows as the whole statement filtered by hand, in the same order, with the same running balances.
      const zone = query.tz ?? 'UTC';
      const localDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
      const wanted = all.filter(
        (r) =>
          (!query.kind || r.kind === query.kind) && (!query.from || localDay(r.created_at) >= query.from) && (!query.to || localDay(r.created_at) <= query.to),
      );
      expect(wanted.length).toBeGreaterThan(0);
      expect(shown.map((r) => r.id)).toEqual(wanted.map((r) => r.id));
      for (const row of shown) expect(row.running_balance.amount).toBe(expected.get(row.id));
    }
  });

  it('is carried across the CSV export batches (more rows than one batch) and matches the raw entries', async () => {
    t.clock.set(new Date('2026-11-06T10:00:00.000Z'));
    const postings = Array.from({ length: 620 }, (_, i) => ({
      kind: 'settlement' as const,
      description: `Batch movement ${i}`,
      entries: [
        { account: 'merchant_pending' as const, currency: 'sgd', amount: -(100 + i) },
        { account: 'merchant_available' as const, currency: 'sgd', amount: 100 + i },
      ],
    }));
    await ledger.postMany(t.database.db, business.id, postings);
    // A day later than the other postings: a fresh session, as the earlier one has been idle since.
    owner = await signInAgain(t, business.people.owner);
    const expected = await expectedRunning('merchant_available', 'sgd', 'wallet');
    const exports: { account: 'available'; kind?: LedgerTransactionKind }[] = [{ account: 'available' }, { account: 'available', kind: 'refund' }];
    for (const query of exports) {
      const res = await owner.get(endpointPath(balanceEndpoints.export, { params: { business_id: business.id, balance: 'wallet' }, query }));
      expect(res.statusCode).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
      const rowsOf = lines.map((line) => line.split(','));
      expect(rowsOf.length).toBeGreaterThan(0);
      if (query.kind) expect(rowsOf.every((cells) => cells[1] === 'Refund')).toBe(true);
      else expect(rowsOf).toHaveLength(expected.size);
      for (const cells of rowsOf) {
        const id = cells[cells.length - 1]!;
        const after = cells[cells.length - 2]!;
        expect(Math.round(Number(after) * 100)).toBe(expected.get(id));
      }
    }
  });
});

describe('the rollups', () => {
  it('ledger_balances and ledger_daily equal the raw entries per balance (and per UTC day)', async () => {
    const balances = await rows(sql`
      select account, currency, balance, sum(amount)::text as amount from ledger_balances where business_id = ${business.id}
      group by 1, 2, 3 having sum(amount) <> 0 order by 1, 2, 3`);
    const rawBalances = await rows(sql`
      select account, currency, balance, sum(amount)::text as amount from ledger_entries where business_id = ${business.id}
      group by 1, 2, 3 having sum(amount) <> 0 order by 1, 2, 3`);
    expect(balances).toEqual(rawBalances);
    expect(balances.length).toBeGreaterThan(4);
    const daily = await rows(sql`
      select account, currency, balance, day::text as day, sum(amount)::text as amount from ledger_daily where business_id = ${business.id}
      group by 1, 2, 3, 4 having sum(amount) <> 0 order by 1, 2, 3, 4`);
    const rawDaily = await rows(sql`
      select account, currency, balance, (created_at at time zone 'UTC')::date::text as day, sum(amount)::text as amount from ledger_entries
      where business_id = ${business.id} group by 1, 2, 3, 4 having sum(amount) <> 0 order by 1, 2, 3, 4`);
    expect(daily).toEqual(rawDaily);
    expect(daily.map((r) => (r as { day: string }).day)).toEqual(expect.arrayContaining(['2026-10-31', '2026-11-01', '2026-11-03']));
  });

  it('a posting without a balance counts in its payment balance, or in the wallet without a payment', async () => {
    const ids = await ledger.postMany(t.database.db, business.id, [
      {
        kind: 'settlement',
        description: 'No payment',
        entries: [
          { account: 'merchant_pending', currency: 'sgd', amount: -5 },
          { account: 'merchant_available', currency: 'sgd', amount: 5 },
        ],
      },
    ]);
    const [row] = await rows<{ balance: string }>(
      sql`select distinct balance from ledger_entries where business_id = ${business.id} and transaction_id = ${ids[0]}`,
    );
    expect(row?.balance).toBe('wallet');
  });
});
