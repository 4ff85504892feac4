import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { payoutSettings, payouts } from '@/db/schema';
import { defaultAccountNumber, defaultBankName } from '../bank-accounts/bank-accounts.read-model';

/** The payout schedule, the currency's default bank account and whether the schedule already paid out on `day`. */
const payoutFactsRead = preparedStatement('overview_payout_facts', (db, name) => {
  const businessId = sql.placeholder('businessId');
  const currency = sql.placeholder('currency');
  return db
    .select({
      schedule: payoutSettings.schedule,
      weeklyDay: payoutSettings.weeklyDay,
      monthlyDay: payoutSettings.monthlyDay,
      minimumAmount: payoutSettings.minimumAmount,
      bankName: defaultBankName(businessId, currency),
      accountNumber: defaultAccountNumber(businessId, currency),
      paidOutOnDay: sql<boolean>`exists (select 1 from ${payouts} where ${payouts.businessId} = ${businessId} and ${payouts.currency} = ${currency} and ${payouts.scheduledFor} = ${sql.placeholder('day')}::date)`,
    })
    .from(payoutSettings)
    .where(eq(payoutSettings.businessId, businessId))
    .prepare(name);
});

/** What the Overview says of the next payout: the schedule with the currency's default account and whether `day` was paid out; undefined on no schedule saved. */
export async function payoutFacts(db: Executor, businessId: string, currency: string, day: string) {
  const [row] = await payoutFactsRead(db, { businessId, currency, day });
  return row;
}

/** The bank account each of some payouts went to (the balance statement's labels); one read by id. */
export async function payoutLabelFacts(db: Executor, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: payouts.id, bankName: payouts.bankName, accountNumber: payouts.accountNumber })
    .from(payouts)
    .where(and(eq(payouts.businessId, businessId), inArray(payouts.id, [...ids])));
}
