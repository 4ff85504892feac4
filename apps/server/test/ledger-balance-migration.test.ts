import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@/db/client';

/**
 * The ledger balance kind migration (0024_ledger_balance_kind) on a ledger posted before it (docs/payments.md, "balances and bank accounts" Performance): the
 * entries of Stripe and Xendit payments get their balance, the rollups are rebuilt per balance and day, and
 * the ledger stays append-only afterwards. Runs the migration files themselves on an embedded database.
 */
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const THIS = journal.entries.find((e) => e.tag.endsWith('_ledger_balance_kind'))!;

let db: PGlite;

async function apply(tags: string[]) {
  for (const tag of tags) {
    for (const statement of readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}

const BUSINESS = '00000000-0000-4000-8000-000000000001';

/** A succeeded payment of a provider with its charge posted (entries balanced: customer funds -> pending). */
async function paidWith(n: number, provider: string, amount: number, at: string) {
  const payment = `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
  const tx = `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
  await db.query(
    `insert into payments (business_id, id, public_id, source_type, status, amount, currency, fee, net, provider, created_at, updated_at)
     values ($1, $2, $3, 'static_qr', 'succeeded', $4, 'sgd', 0, $4, $5, $6, $6)`,
    [BUSINESS, payment, `pay_${n}`, amount, provider, at],
  );
  await db.query(`insert into ledger_transactions (business_id, id, kind, payment_id, description, created_at) values ($1, $2, 'charge', $3, 'Charge', $4)`, [
    BUSINESS,
    tx,
    payment,
    at,
  ]);
  await db.query(
    `insert into ledger_entries (business_id, id, transaction_id, account, currency, amount, created_at)
     values ($1, gen_random_uuid(), $2, 'customer_funds', 'sgd', $3, $5), ($1, gen_random_uuid(), $2, 'merchant_pending', 'sgd', $4, $5)`,
    [BUSINESS, tx, -amount, amount, at],
  );
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: { pg_trgm } });
  await apply(journal.entries.filter((e) => e.idx < THIS.idx).map((e) => e.tag));
  await db.query(`insert into businesses (id, identifier, name, country, currency) values ($1, 'before-balance-kind', 'Before', 'SG', 'sgd')`, [BUSINESS]);
  await paidWith(1, 'test', 100_00, '2026-11-01T10:00:00Z');
  await paidWith(2, 'stripe', 40_00, '2026-11-01T23:59:59Z');
  await paidWith(3, 'xendit', 30_00, '2026-11-02T00:00:00Z');
  await paidWith(4, 'stripe', 5_00, '2026-11-03T08:00:00Z');
  await apply([THIS.tag]);
}, 120_000);
afterAll(() => db.close());

describe('migration 0021 on an existing ledger', () => {
  it('gives each posted entry the balance of its payment and rebuilds the rollups per balance and UTC day', async () => {
    const balances = await db.query<{ balance: string; amount: string }>(
      `select balance, sum(amount)::text as amount from ledger_balances where account = 'merchant_pending' group by 1 order by 1`,
    );
    expect(balances.rows).toEqual([
      { balance: 'card', amount: '4500' },
      { balance: 'wallet', amount: '10000' },
      { balance: 'xendit', amount: '3000' },
    ]);
    const daily = await db.query<{ balance: string; day: string; amount: string }>(
      `select balance, day::text as day, sum(amount)::text as amount from ledger_daily where account = 'merchant_pending' group by 1, 2 order by 2, 1`,
    );
    expect(daily.rows).toEqual([
      { balance: 'card', day: '2026-11-01', amount: '4000' },
      { balance: 'wallet', day: '2026-11-01', amount: '10000' },
      { balance: 'xendit', day: '2026-11-02', amount: '3000' },
      { balance: 'card', day: '2026-11-03', amount: '500' },
    ]);
  });

  it('keeps the ledger append-only, and new postings keep both rollups', async () => {
    await expect(db.query(`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await paidWith(5, 'xendit', 7_00, '2026-11-03T09:00:00Z');
    // Posted after the migration without a balance: the column's default, the wallet (the app always sets it).
    const entries = await db.query<{ balance: string }>(`select balance from ledger_entries where transaction_id = '00000000-0000-4000-8000-000000000205'`);
    expect(entries.rows.map((r) => r.balance)).toEqual(['wallet', 'wallet']);
    const sums = await db.query<{ rollup: string; daily: string; raw: string }>(
      `select (select sum(amount) from ledger_balances where balance = 'wallet' and account = 'merchant_pending')::text as rollup,
              (select sum(amount) from ledger_daily where balance = 'wallet' and account = 'merchant_pending')::text as daily,
              (select sum(amount) from ledger_entries where balance = 'wallet' and account = 'merchant_pending')::text as raw`,
    );
    expect(sums.rows[0]).toEqual({ rollup: '10700', daily: '10700', raw: '10700' });
  });
});
