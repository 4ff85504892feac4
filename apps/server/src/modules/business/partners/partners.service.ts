import { randomInt } from 'node:crypto';
import { AppError, addDays, fieldError, localDate, minorToMajorString, monthStartAfter, monthStartDate, startOfLocalDay } from '@merchant/core';
import {
  COMMISSION_PLAN,
  COMMISSION_STATEMENT_COLUMNS,
  ONBOARDING_STATUSES,
  PARTNER_SEES,
  type BusinessPartner,
  type BusinessPartners,
  type Commission,
  type LinkedBusiness,
  type MoneyByCurrency,
  type OnboardingStatus,
  type PartnerOverview,
  type PartnerReferral,
} from '@merchant/business';
import type { Executor } from '@/db/client';
import type { BusinessContext, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import { csvTable } from '@/lib/csv';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { partnersRepository as repo, type PartnerLinkRow } from './partners.repository';
import type { PartnerInvitationsService } from './partner-invitations.service';
import { partnerFeesReadModel } from '@/modules/payments/ledger/partner-fees.read-model';
import { balancesReadModel } from '@/modules/payments/ledger/balances.read-model';
import { payoutCurrencies } from '@/modules/payments/bank-accounts/bank-accounts.read-model';
import { partnerVolumeReadModel } from '@/modules/payments/charges/partner-volume.read-model';
import { partnerTotalsReadModel as totals } from './partner-totals.read-model';

/** The partner's available balance per currency, where its paid commissions are credited (built once, at start). */
const availableSums = balancesReadModel.sums('partner_available_sums', ['merchant_available']);

const STATEMENT_CSV = csvTable(COMMISSION_STATEMENT_COLUMNS, ['Fees', 'Share (%)', 'Commission']);

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const presentMerchantSide = (link: PartnerLinkRow, partnerName: string): BusinessPartner => ({
  link_id: link.id,
  partner_name: partnerName,
  source: link.source,
  status: link.status,
  linked_at: link.linkedAt.toISOString(),
  ended_at: link.endedAt?.toISOString() ?? null,
});

/** Adds `amount` to a currency's figure of `totals` (kept in currency order). */
function addTo(totals: MoneyByCurrency, currency: string, amount: number): void {
  const found = totals.find((t) => t.currency === currency);
  if (found) found.amount += amount;
  else totals.push({ currency, amount });
  totals.sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The part of a month (the merchant's calendar month, YYYY-MM, in its zone) in which a link earns: while it was live
 * and within the plan's months after linking, cut at `until` (the overview's month so far); null when none.
 */
function commissionWindow(link: PartnerLinkRow, zone: string, month: string, until?: Date): { from: Date; to: Date } | null {
  const monthFrom = startOfLocalDay(`${month}-01`, zone);
  const monthTo = startOfLocalDay(monthStartAfter(`${month}-01`, 1), zone);
  const planEnd = startOfLocalDay(monthStartAfter(localDate(link.linkedAt, zone), COMMISSION_PLAN.months), zone);
  const from = new Date(Math.max(monthFrom.getTime(), link.linkedAt.getTime()));
  const to = new Date(Math.min(monthTo.getTime(), planEnd.getTime(), link.endedAt?.getTime() ?? Infinity, until?.getTime() ?? Infinity));
  return from < to ? { from, to } : null;
}

/** The commission of `fees` under the plan: its share, rounded down (the platform keeps the fraction). */
export const commissionOf = (fees: number, shareBasisPoints: number = COMMISSION_PLAN.share_basis_points) => Math.floor((fees * shareBasisPoints) / 10_000);

/**
 * Partners and referrals (issue 30): a partner's referral code, the link a business registered through it gets,
 * the partner's view of its merchants (state and totals only), and the merchant's view and ending of its links.
 */
export function createPartnersService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  notificationSettings: NotificationSettingsService;
  partnerInvitations: Pick<PartnerInvitationsService, 'pendingFor'>;
}) {
  const { db, clock, audit, mailer } = deps;

  async function mailOwners(tx: Executor, businessId: string, subject: string, text: string): Promise<void> {
    for (const to of await deps.notificationSettings.ownerEmails(businessId, tx)) await mailer.send(tx, { to, subject, text });
  }

  /**
   * Accrues one link's commission of one month (the merchant's calendar month, YYYY-MM): a share of the fees the
   * ledger posted in the part of the month the link was live and within the plan's months. Inserted on conflict do
   * nothing, in one transaction: run twice, or by two processes at once, it writes the same rows.
   */
  async function accrueLink(link: PartnerLinkRow, zone: string, month: string): Promise<void> {
    const window = commissionWindow(link, zone, month);
    if (!window) return;
    const { from, to } = window;
    await db.transaction(async (tx) => {
      const fees = await partnerFeesReadModel.fees(tx, link.businessId, from, to);
      for (const { currency, amount } of fees) {
        if (amount <= 0) continue;
        await repo.insertCommission(tx, {
          partnerBusinessId: link.partnerBusinessId,
          merchantBusinessId: link.businessId,
          month,
          currency,
          fees: amount,
          shareBasisPoints: COMMISSION_PLAN.share_basis_points,
          amount: commissionOf(amount),
          createdAt: clock.now(),
        });
      }
    });
  }

  async function codeFor(businessId: string): Promise<string> {
    const code = await repo.codeOf(db, businessId);
    if (code) return code;
    await repo.insertCode(db, businessId, newCode(), clock.now());
    return (await repo.codeOf(db, businessId))!;
  }

  return {
    /** The monthly job: every link's commission of the merchant's last month before `now` (a closed month). */
    async accrueLastMonth(now: Date): Promise<void> {
      for (const { link, timeZone } of await repo.linksForAccrual(db)) {
        const month = monthStartDate(addDays(monthStartDate(localDate(now, timeZone)), -1)).slice(0, 7);
        await accrueLink(link, timeZone, month);
      }
    },

    /** One month of every link (the demo seed's past months, tests). */
    async accrueMonth(month: string): Promise<void> {
      for (const { link, timeZone } of await repo.linksForAccrual(db)) await accrueLink(link, timeZone, month);
    },

    async commissions(ctx: BusinessContext): Promise<{ plan: typeof COMMISSION_PLAN; commissions: Commission[] }> {
      const rows = await repo.commissionsOf(db, ctx.business.row.id);
      return {
        plan: COMMISSION_PLAN,
        commissions: rows.map(({ row, businessName }) => ({
          business_name: businessName,
          month: row.month,
          currency: row.currency,
          fees: row.fees,
          share_basis_points: row.shareBasisPoints,
          amount: row.amount,
          status: row.status,
          approved_at: row.approvedAt?.toISOString() ?? null,
          paid_at: row.paidAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * The partner's overview. This month so far is the plan applied to each link's fees since the month began (an
     * estimate: the month is counted by the job once it ends, and refunds may still change it); last month, pending
     * (accrued or approved) and paid come from the counted commissions; the chart has the twelve months up to last.
     */
    async overview(ctx: BusinessContext): Promise<PartnerOverview> {
      const partner = ctx.business.row;
      const now = clock.now();
      const thisMonth = localDate(now, partner.timeZone).slice(0, 7);
      const lastMonth = monthStartAfter(`${thisMonth}-01`, -1).slice(0, 7);
      const links = await totals.linkedBusinesses(db, partner.id);
      const estimate: MoneyByCurrency = [];
      const byState = new Map<OnboardingStatus, number>();
      const windows: { businessId: string; from: Date; to: Date }[] = [];
      for (const { link, timeZone, onboardingStatus } of links) {
        if (link.status === 'active') byState.set(onboardingStatus, (byState.get(onboardingStatus) ?? 0) + 1);
        const window = commissionWindow(link, timeZone, localDate(now, timeZone).slice(0, 7), now);
        if (window) windows.push({ businessId: link.businessId, ...window });
      }
      // One query for every link's window; the share is taken per merchant and currency, as the month's count takes it.
      for (const { currency, amount } of await partnerFeesReadModel.feesOfMany(db, windows)) {
        if (amount > 0) addTo(estimate, currency, commissionOf(amount));
      }
      const earnings = { this_month_estimate: estimate, last_month: [] as MoneyByCurrency, pending: [] as MoneyByCurrency, paid: [] as MoneyByCurrency };
      const firstChartMonth = monthStartAfter(`${lastMonth}-01`, -11).slice(0, 7);
      const months = Array.from({ length: 12 }, (_, i) => ({ month: monthStartAfter(`${firstChartMonth}-01`, i).slice(0, 7), totals: [] as MoneyByCurrency }));
      for (const row of await repo.commissionTotals(db, partner.id)) {
        if (row.month === lastMonth) addTo(earnings.last_month, row.currency, row.amount);
        addTo(row.status === 'paid' ? earnings.paid : earnings.pending, row.currency, row.amount);
        const bar = months.find((m) => m.month === row.month);
        if (bar) addTo(bar.totals, row.currency, row.amount);
      }
      return {
        this_month: thisMonth,
        last_month: lastMonth,
        earnings,
        merchants: {
          ended: links.filter((l) => l.link.status === 'ended').length,
          by_state: ONBOARDING_STATUSES.filter((s) => byState.has(s)).map((s) => ({ onboarding_status: s, count: byState.get(s)! })),
        },
        months,
        balance: (await availableSums(db, partner.id, 'wallet'))
          .filter((row) => row.amount !== 0)
          .map((row) => ({ currency: row.currency, amount: row.amount }))
          .sort((a, b) => a.currency.localeCompare(b.currency)),
        bank_account_currencies: await payoutCurrencies(db, partner.id),
      };
    },

    /**
     * A month's statement (CSV): each merchant's fees, the share and the commission per currency, with the status, and a
     * total line per currency. A month without commissions is a statement with its header only.
     */
    async statement(ctx: BusinessContext, month: string): Promise<{ csv: string; filename: string }> {
      const rows = await repo.commissionsOf(db, ctx.business.row.id, month);
      const totals = new Map<string, { fees: number; amount: number }>();
      const lines = rows.map(({ row, businessName }) => {
        const total = totals.get(row.currency) ?? { fees: 0, amount: 0 };
        totals.set(row.currency, { fees: total.fees + row.fees, amount: total.amount + row.amount });
        return [
          businessName,
          month,
          row.currency.toUpperCase(),
          minorToMajorString(row.fees, row.currency),
          String(row.shareBasisPoints / 100),
          minorToMajorString(row.amount, row.currency),
          row.status,
        ];
      });
      for (const [currency, t] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
        lines.push(['Total', month, currency.toUpperCase(), minorToMajorString(t.fees, currency), '', minorToMajorString(t.amount, currency), '']);
      }
      return { csv: STATEMENT_CSV.document(lines), filename: `commissions-${ctx.business.row.identifier}-${month}.csv` };
    },

    /** The partner's code, made on first ask (two first asks at once keep one code). */
    async referral(ctx: BusinessContext): Promise<PartnerReferral> {
      const code = await codeFor(ctx.business.row.id);
      return { code, link_path: `/register?ref=${code}` };
    },

    /** A business's referral code, partner or merchant (Refer and Earn), made on first ask. */
    codeFor,

    /**
     * In the sign-up's transaction: links the new merchant business to the partner of `code`; an unknown code is
     * refused on its field, so the person can correct it or leave it out. A merchant's code (Refer and Earn) links
     * nothing: its owner is answered, for the referral to be recorded.
     */
    async linkReferred(
      tx: Executor,
      where: RequestMeta,
      code: string,
      merchant: { id: string; name: string },
      userId: string,
    ): Promise<{ referrer: { id: string; name: string } | null }> {
      const partner = await repo.partnerByCode(tx, code);
      if (!partner) throw fieldError('REFERRAL_CODE_UNKNOWN', 'referral_code', 'This referral code is not known. Check it or leave it empty.');
      if (partner.type !== 'partner') return { referrer: { id: partner.id, name: partner.name } };
      const id = newId();
      const now = clock.now();
      await repo.insertLink(tx, {
        businessId: merchant.id,
        id,
        partnerBusinessId: partner.id,
        source: 'referral',
        status: 'active',
        linkedAt: now,
        createdAt: now,
      });
      for (const businessId of [merchant.id, partner.id]) {
        await audit.record(tx, where, {
          action: 'partner.linked',
          description: `${merchant.name} was linked to the partner ${partner.name} by its referral link`,
          actorUserId: userId,
          businessId,
          objectType: 'partner_link',
          objectId: id,
        });
      }
      return { referrer: null };
    },

    /** The partner's linked merchants: name, onboarding state and captured volume while linked; nothing else. */
    async linkedBusinesses(ctx: BusinessContext): Promise<{ businesses: LinkedBusiness[] }> {
      const rows = await totals.linkedBusinesses(db, ctx.business.row.id);
      const businesses: LinkedBusiness[] = [];
      // One sum per link: a partner links tens of businesses, and each sum reads one business's payments index.
      for (const { link, name, onboardingStatus } of rows) {
        const volume = await partnerVolumeReadModel.volume(db, link.businessId, link.linkedAt, link.endedAt);
        businesses.push({
          link_id: link.id,
          name,
          onboarding_status: onboardingStatus,
          status: link.status,
          linked_at: link.linkedAt.toISOString(),
          ended_at: link.endedAt?.toISOString() ?? null,
          volume,
        });
      }
      return { businesses };
    },

    /** The merchant's partners, its pending invitations and what a partner sees of it. */
    async businessPartners(ctx: BusinessContext): Promise<BusinessPartners> {
      const rows = await repo.linksOfMerchant(db, ctx.business.row.id);
      return {
        partners: rows.map((r) => presentMerchantSide(r.link, r.partnerName)),
        invitations: await deps.partnerInvitations.pendingFor(ctx.business.row.id),
        partner_sees: [...PARTNER_SEES],
      };
    },

    /** Ends a live link: audited on both businesses and mailed to both owners; ending an ended link changes nothing. */
    async endLink(ctx: BusinessContext, linkId: string, reason: string | undefined): Promise<BusinessPartner> {
      const merchant = ctx.business.row;
      return db.transaction(async (tx) => {
        const found = await repo.lockLink(tx, merchant.id, linkId);
        if (!found) throw new AppError('PARTNER_LINK_NOT_FOUND', 'This partner link does not exist.');
        if (found.link.status === 'ended') return presentMerchantSide(found.link, found.partnerName);
        const now = clock.now();
        await repo.endLink(tx, merchant.id, linkId, now, ctx.user.id);
        const why = reason ? ` Reason: ${reason}` : '';
        for (const businessId of [merchant.id, found.link.partnerBusinessId]) {
          await audit.record(tx, ctx, {
            action: 'partner.link_ended',
            description: `${ctx.user.name} of ${merchant.name} ended the link with the partner ${found.partnerName}.${why}`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'partner_link',
            objectId: linkId,
            meta: reason ? { reason } : {},
          });
        }
        const text = `${merchant.name} and ${found.partnerName} are no longer linked: ${ctx.user.name} ended the link on ${now.toUTCString()}.${why}\n\nThe partner no longer sees the business's totals and earns nothing on what it takes from now on.`;
        await mailOwners(tx, merchant.id, `Your link with ${found.partnerName} has ended`, text);
        await mailOwners(tx, found.link.partnerBusinessId, `Your link with ${merchant.name} has ended`, text);
        return presentMerchantSide({ ...found.link, status: 'ended', endedAt: now, endedByUserId: ctx.user.id }, found.partnerName);
      });
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
