import { addDays, formatMonth, formatMoneyWithCode, localDate, monthStartAfter, parseMajorToMinor, startOfLocalDay, type CalendarDate } from '@merchant/core';
import { COMMISSION_PAYOUT } from '@merchant/business';
import type { Executor } from '@/db/client';
import { UNATTENDED } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { commissionPayoutsRepository as repo } from './commission-payouts.repository';

/** The least a partner is paid in `currency` at once, minor units (the currency helpers, never a scaling). */
export const commissionMinimumIn = (currency: string): number => parseMajorToMinor(COMMISSION_PAYOUT.minimum_major, currency)!;

/** The instant a merchant's month (YYYY-MM) is approved: the hold's days after the month ends, in the merchant's zone. */
export const approvalDue = (month: string, zone: string): Date => startOfLocalDay(monthStartAfter(`${month}-01`, 1), zone, COMMISSION_PAYOUT.hold_days);

/** The start of the partner's latest pay day at or before `now` (its calendar): what was approved before it is paid. */
export function latestPayDay(now: Date, zone: string): Date {
  const today = localDate(now, zone);
  const day = Math.max(...COMMISSION_PAYOUT.pay_days.filter((d) => d <= Number(today.slice(8, 10))));
  const payDay = addDays(`${today.slice(0, 8)}01` as CalendarDate, day - 1);
  return startOfLocalDay(payDay, zone);
}

/**
 * Approving and paying partner commissions (docs/decisions.md, "Partners and referrals"), as Shopify pays its partners:
 * a closed month's commissions are approved once the hold after it has passed, and approved ones are paid on the
 * partner's pay days, per currency once they reach the minimum: credited to the partner's available balance in its
 * ledger, against the platform's commission cost, in the transaction that marks them paid.
 */
export function createCommissionPayoutsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  ledger: Pick<LedgerService, 'post'>;
  notificationSettings: NotificationSettingsService;
}) {
  const { db, clock, audit, mailer, ledger } = deps;

  /** Pays one partner's approved commissions in one currency, in one transaction; answers the amount paid (0: none). */
  async function payPartner(partner: { partnerBusinessId: string; currency: string; name: string; timeZone: string }, now: Date): Promise<number> {
    const { partnerBusinessId, currency } = partner;
    const before = latestPayDay(now, partner.timeZone);
    return db.transaction(async (tx) => {
      const rows = await repo.lockPayable(tx, partnerBusinessId, currency, before);
      const total = rows.reduce((n, r) => n + r.amount, 0);
      if (rows.length === 0 || total < commissionMinimumIn(currency)) return 0;
      const amount = formatMoneyWithCode(total, currency);
      const months = [...new Set(rows.map((r) => formatMonth(`${r.month}-01`)))];
      const description = `Partner commissions of ${months.join(', ')}`;
      const at = clock.now();
      const transactionId = await ledger.post(tx, partnerBusinessId, {
        kind: 'partner_commission',
        balance: 'wallet',
        description,
        entries: [
          { account: 'merchant_available', currency, amount: total },
          { account: 'platform_commissions', currency, amount: -total },
        ],
      });
      const marked = await repo.markPaid(tx, partnerBusinessId, currency, before, at, transactionId);
      // The rows are locked: what is marked is what was summed, or the ledger would not say what was paid.
      if (marked !== total) throw new Error(`Marked ${marked} of commissions, not the ${total} posted.`);
      await audit.record(tx, UNATTENDED, {
        action: 'partner.commissions_paid',
        description: `${description} paid: ${amount} credited to the balance`,
        actorUserId: null,
        businessId: partnerBusinessId,
        objectType: 'ledger_transaction',
        objectId: transactionId,
        meta: { amount: total, currency, commissions: rows.length },
      });
      const lines = rows.map((r) => `- ${r.name}, ${formatMonth(`${r.month}-01`)}: ${formatMoneyWithCode(r.amount, currency)}`);
      const text = [
        `${amount} of partner commissions were credited to the balance of ${partner.name}:`,
        '',
        ...lines,
        '',
        'The Commissions screen of your partner area shows each one as paid, and its monthly statement lists them.',
      ].join('\n');
      for (const to of await deps.notificationSettings.ownerEmails(partnerBusinessId, tx))
        await mailer.send(tx, { to, subject: `Commissions of ${amount} paid`, text });
      return total;
    });
  }

  return {
    /**
     * Approves every accrued commission whose hold has passed by `now`. Each row moves only while still accrued, so
     * two runs at once, or a rerun, approve it once. Answers how many this call approved.
     */
    async approveDue(now: Date = clock.now()): Promise<number> {
      let approved = 0;
      for (const row of await repo.accrued(db)) {
        if (now < approvalDue(row.month, row.timeZone)) continue;
        if (await repo.approve(db, row, clock.now())) approved++;
      }
      return approved;
    },

    /**
     * Pays each partner's commissions approved before its latest pay day, per currency, when they reach the minimum
     * (else they wait for the next pay day). Answers how many payments it made.
     */
    async payDue(now: Date = clock.now()): Promise<number> {
      let paid = 0;
      for (const partner of await repo.approvedPartners(db)) if ((await payPartner(partner, now)) > 0) paid++;
      return paid;
    },
  };
}

export type CommissionPayoutsService = ReturnType<typeof createCommissionPayoutsService>;
