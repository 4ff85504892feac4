import { and, eq } from 'drizzle-orm';
import { payoutDueOn, type PayoutSettings } from '@merchant/payments';
import type { Executor } from './client';
import { bankAccounts, payoutSettings } from './schema';
import { UNATTENDED } from '../http/context';
import type { fixedClock } from '../lib/clock';
import { newId } from '../lib/crypto';
import type { Services } from '../services';

/** The demo's schedule: every Monday, at least SGD 50.00. */
const DEMO_SCHEDULE: Pick<PayoutSettings, 'schedule' | 'weekly_day' | 'monthly_day'> = { schedule: 'weekly', weekly_day: 1, monthly_day: null };
const DEMO_MINIMUM = 50_00;
/** Which of the demo's weekly payouts went to the old account the test-mode bank refuses (counted from the first). */
const FAILED_PAYOUT = 3;

/**
 * The demo business's payout history (docs/payments.md, "payouts"), made by the real payouts service and
 * test-mode bank as the history's clock moves: a payout every Monday of what is available, paid a day later;
 * one of them was sent to an old account whose number the test-mode bank refuses, and came back. A business
 * without a default bank account (the demo history test's) gets no payout.
 */
export function demoPayouts(db: Executor, businessId: string, clock: ReturnType<typeof fixedClock>, payouts: Services['payouts']) {
  const bank = payouts.scheduler;
  let made = 0;

  async function defaultAccountId(): Promise<string | null> {
    const [row] = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.currency, 'sgd'), eq(bankAccounts.isDefault, true)));
    return row?.id ?? null;
  }

  /** The old account: the default for one payout only, then the current account is the default again. */
  async function withOldAccount<T>(current: string, work: () => Promise<T>): Promise<T> {
    const old = newId();
    const now = clock.now();
    await db
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.id, current)));
    await db.insert(bankAccounts).values({
      businessId,
      id: old,
      type: 'local',
      holderName: 'Demo Coffee Roasters',
      bankName: 'OCBC Bank (closed account)',
      country: 'sg',
      currency: 'sgd',
      bankCode: '7339',
      branchCode: '501',
      accountNumber: '5010000000',
      isIban: false,
      isDefault: true,
      createdAt: now,
      updatedAt: now,
    });
    try {
      return await work();
    } finally {
      await db
        .update(bankAccounts)
        .set({ isDefault: false })
        .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.id, old)));
      await db
        .update(bankAccounts)
        .set({ isDefault: true })
        .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.id, current)));
    }
  }

  return {
    /** The start of a day of the history: the bank answers what arrived, and on Mondays the schedule pays out. */
    async onDay(): Promise<void> {
      await bank.settleArrived(clock.now());
      const day = clock.now().toISOString().slice(0, 10);
      const current = await defaultAccountId();
      if (!current || !payoutDueOn(DEMO_SCHEDULE, day)) return;
      const request = {
        businessId,
        currency: 'sgd',
        trigger: 'scheduled' as const,
        scheduledFor: day,
        minimum: DEMO_MINIMUM,
        actorUserId: null,
        where: UNATTENDED,
      };
      const row = made + 1 === FAILED_PAYOUT ? await withOldAccount(current, () => payouts.make(request)) : await payouts.make(request);
      if (row) made++;
    },

    /** The end of the history: the bank answers what has arrived by now, and the schedule is the demo's. */
    async finish(): Promise<void> {
      await bank.settleArrived(clock.now());
      if (!(await defaultAccountId())) return;
      await db
        .insert(payoutSettings)
        .values({
          businessId,
          schedule: DEMO_SCHEDULE.schedule,
          weeklyDay: DEMO_SCHEDULE.weekly_day,
          monthlyDay: null,
          minimumAmount: DEMO_MINIMUM,
          updatedAt: clock.now(),
        })
        .onConflictDoNothing();
    },
  };
}
