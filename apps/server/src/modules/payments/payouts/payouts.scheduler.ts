import { TEST_BANK_FAILING_SUFFIX, maskAccount, payoutDueOn, type PayoutSchedule } from '@merchant/payments';
import { COMMISSION_PAYOUT } from '@merchant/business';
import { formatMoneyWithCode, localDate, parseMajorToMinor } from '@merchant/core';
import type { Executor } from '@/db/client';
import { UNATTENDED } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import { last4 } from './payouts.presenter';
import { payoutsRepository as repo } from './payouts.repository';
import type { PayoutsService } from './payouts.service';

const BATCH = 100;
/** The test-mode bank's answer for an account it refuses (docs/payments.md, "payouts"). */
export const TEST_BANK_FAILURE =
  'The bank could not credit the account: the account number does not exist (test-mode bank). The funds are back in the available balance.';

/**
 * The payout schedule and the test-mode bank (docs/payments.md, "payouts"), one hourly pass:
 *
 * - the bank answers every in-transit payout whose arrival time has come: paid (in transit -> paid out), or,
 *   for an account number ending in `TEST_BANK_FAILING_SUFFIX`, failed (in transit -> available, the reason
 *   kept); each payout is locked (`FOR UPDATE SKIP LOCKED`) and answered once;
 * - every business whose schedule is due on its today (in its time zone) gets one payout per currency with a default bank account,
 *   when at least the minimum is available. The payout names its schedule day; the currency's payout lock
 *   and a unique index on (business, currency, day) make it once per day, whichever pass or process runs it;
 * - every partner business with a default bank account is paid out daily, per currency, once its available balance
 *   (its credited commissions) reaches the commission minimum (`COMMISSION_PAYOUT.minimum_major`): partners have no
 *   payout schedule of their own, as Shopify's partner payouts have none.
 */
export function createPayoutScheduler(deps: { db: Executor; clock: Clock; audit: AuditService; ledger: Pick<LedgerService, 'post'>; payouts: PayoutsService }) {
  const { db, clock, audit, ledger, payouts } = deps;

  async function answer(businessId: string, id: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await repo.lockInTransit(tx, businessId, id);
      if (!row) return false;
      const now = clock.now();
      const account = `${row.bankName} ${maskAccount(last4(row.accountNumber))}`;
      const amount = formatMoneyWithCode(row.amount, row.currency);
      const fails = row.accountNumber.endsWith(TEST_BANK_FAILING_SUFFIX);
      await ledger.post(tx, businessId, {
        kind: fails ? 'payout_return' : 'payout',
        reference: { type: 'payout', id },
        description: fails ? `Payout to ${account} returned` : `Payout to ${account} paid`,
        entries: fails
          ? [
              { account: 'merchant_in_transit', currency: row.currency, amount: -row.amount },
              { account: 'merchant_available', currency: row.currency, amount: row.amount },
            ]
          : [
              { account: 'merchant_in_transit', currency: row.currency, amount: -row.amount },
              { account: 'merchant_paid_out', currency: row.currency, amount: row.amount },
            ],
      });
      await repo.update(tx, businessId, id, fails ? { status: 'failed', failedAt: now, failureReason: TEST_BANK_FAILURE } : { status: 'paid', paidAt: now });
      // Its lines are free again: the next payout reads them (after the posting above took the balance lock).
      if (fails) await repo.lowerMark(tx, businessId, row.currency, id, now);
      await audit.record(tx, UNATTENDED, {
        action: fails ? 'payout.failed' : 'payout.paid',
        description: fails ? `The payout of ${amount} to ${account} failed: its funds are available again` : `The payout of ${amount} reached ${account}`,
        actorUserId: null,
        businessId,
        objectType: 'payout',
        objectId: id,
        meta: { amount: row.amount, currency: row.currency },
      });
      return true;
    });
  }

  return {
    /** The test-mode bank: answers every payout due by `now`; answers how many it answered. */
    async settleArrived(now: Date = clock.now()): Promise<number> {
      let done = 0;
      for (;;) {
        const due = await repo.arrived(db, now, BATCH);
        let progressed = 0;
        for (const { businessId, id } of due) if (await answer(businessId, id)) progressed++;
        done += progressed;
        if (progressed === 0) return done;
      }
    },

    /** Makes the automatic payouts due on each business's local day at `now`; answers how many it made. */
    async runDue(now: Date = clock.now()): Promise<number> {
      let made = 0;
      let after: string | null = null;
      for (;;) {
        const page = await repo.scheduled(db, after, BATCH);
        for (const settings of page) {
          const day = localDate(now, settings.timeZone);
          const due = payoutDueOn({ schedule: settings.schedule as PayoutSchedule, weekly_day: settings.weeklyDay, monthly_day: settings.monthlyDay }, day);
          if (!due) continue;
          const business = await repo.business(db, settings.businessId);
          if (!business) continue;
          for (const currency of await repo.defaultCurrencies(db, settings.businessId)) {
            const row = await payouts.make(
              {
                businessId: settings.businessId,
                currency,
                trigger: 'scheduled',
                scheduledFor: day,
                minimum: currency === business.currency ? Math.max(1, settings.minimumAmount) : 1,
                actorUserId: null,
                where: UNATTENDED,
              },
              { name: business.name, timeZone: settings.timeZone },
            );
            if (row) made++;
          }
        }
        const last = page[page.length - 1];
        if (page.length < BATCH || !last) break;
        after = last.businessId;
      }
      return made + (await payPartners(now));
    },
  };

  /** The partners' daily payouts (above); answers how many it made. */
  async function payPartners(now: Date): Promise<number> {
    let made = 0;
    let after: string | null = null;
    for (;;) {
      const page = await repo.partnersWithAccount(db, after, BATCH);
      for (const partner of page) {
        const day = localDate(now, partner.timeZone);
        for (const currency of await repo.defaultCurrencies(db, partner.businessId)) {
          const row = await payouts.make(
            {
              businessId: partner.businessId,
              currency,
              trigger: 'scheduled',
              scheduledFor: day,
              minimum: parseMajorToMinor(COMMISSION_PAYOUT.minimum_major, currency) ?? 1,
              actorUserId: null,
              where: UNATTENDED,
            },
            { name: partner.name, timeZone: partner.timeZone },
          );
          if (row) made++;
        }
      }
      const last = page[page.length - 1];
      if (page.length < BATCH || !last) return made;
      after = last.businessId;
    }
  }
}

export type PayoutScheduler = ReturnType<typeof createPayoutScheduler>;
