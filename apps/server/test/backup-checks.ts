import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rows } from './app-processes';

/** What a restored backup is checked for, on either database (backup.*.test.ts). */

/** Every table of the app's schema with its row count. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(database, sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number | string }>(database, sql`select count(*) as n from ${sql.identifier(name)}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

/** The ledger's two invariants: each transaction's entries add up to zero per currency, and the kept balances are the entries' sums. */
export async function ledgerProblems(database: Database): Promise<unknown[]> {
  const unbalanced = await rows(database, sql`select transaction_id, currency, sum(amount) as total from ledger_entries group by 1, 2 having sum(amount) <> 0`);
  const drifted = await rows(
    database,
    sql`select e.business_id, e.account, e.currency, e.balance, e.total, coalesce(b.total, 0) as kept
        from (select business_id, account, currency, balance, sum(amount) as total from ledger_entries group by 1, 2, 3, 4) e
        left join (select business_id, account, currency, balance, sum(amount) as total from ledger_balances group by 1, 2, 3, 4) b
          using (business_id, account, currency, balance)
        where e.total <> coalesce(b.total, 0)`,
  );
  return [...unbalanced, ...drifted];
}
