import { addDays, can, datesFrom, localDate } from '@merchant/core';
import type { BusinessRow, BusinessStanding } from '@/http/context';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import {
  CHECKLIST_ITEMS,
  CHECKLIST_PERMISSIONS,
  daysBetween,
  maskAccount,
  payoutDueOn,
  type ChecklistItem,
  type NextPayout,
  type OnboardingChecklist,
  type CurrencyOverview,
  type Overview,
  type OverviewPeriod,
  type PaymentMethod,
  type PaymentSource,
  type PayoutSchedule,
  type PeriodFigures,
} from '@merchant/payments';
import { presentPayment } from '../payment.presenter';
import type { LedgerService } from '../ledger/ledger.service';
import { overviewReadModel as repo } from '../charges/overview.read-model';
import { payoutFacts } from '../payouts/payouts.read-model';

/** How many of the latest payments the Overview lists. */
export const RECENT_PAYMENTS = 5;
const PERIOD_DAYS: Record<Exclude<OverviewPeriod, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

/** The business currency first, then the others alphabetically. */
export const byBusinessCurrency = (businessCurrency: string) => (a: string, b: string) =>
  a === businessCurrency ? -1 : b === businessCurrency ? 1 : a.localeCompare(b);

/** Percent change, one decimal; null when there is nothing to compare with. */
function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const withRate = (f: Omit<PeriodFigures, 'success_rate'>): PeriodFigures => ({
  ...f,
  success_rate: f.succeeded + f.failed === 0 ? null : f.succeeded / (f.succeeded + f.failed),
});

/** How far ahead the next payout is looked for: a monthly schedule pays within two months. */
const PAYOUT_HORIZON_DAYS = 62;

/** The first day from `today` the schedule pays out on (today only while today's payout is not made yet). */
export function nextPayoutDay(
  settings: { schedule: PayoutSchedule; weekly_day: number | null; monthly_day: number | null },
  today: string,
  paidOutToday: boolean,
): string | null {
  if (settings.schedule === 'manual') return null;
  for (let i = paidOutToday ? 1 : 0; i <= PAYOUT_HORIZON_DAYS; i++) {
    const day = addDays(today, i);
    if (payoutDueOn(settings, day)) return day;
  }
  return null;
}

/** A step counts for the people who can act on it: members holding its permission (not a super admin reading). */
const mayAct = (standing: BusinessStanding, item: ChecklistItem) => standing.role !== null && can(standing, CHECKLIST_PERMISSIONS[item]);

export function createOverviewService(deps: { db: Executor; clock: Clock; ledger: LedgerService }) {
  const { db, clock, ledger } = deps;

  /** The period's first and last day: the last `n` days up to the business's today, or the custom range. */
  function rangeOf(business: BusinessRow, query: { period: OverviewPeriod; from?: string | undefined; to?: string | undefined }) {
    if (query.period === 'custom') return { from: query.from!, to: query.to! };
    const to = localDate(clock.now(), business.timeZone);
    return { from: addDays(to, 1 - PERIOD_DAYS[query.period]), to };
  }

  /** The schedule's next payout in the business currency: its day, what is available now, the default account (masked). */
  async function nextPayout(business: BusinessRow, available: number): Promise<NextPayout | null> {
    const today = localDate(clock.now(), business.timeZone);
    const facts = await payoutFacts(db, business.id, business.currency, today);
    if (!facts || !facts.bankName || !facts.accountNumber) return null;
    const settings = { schedule: facts.schedule as PayoutSchedule, weekly_day: facts.weeklyDay, monthly_day: facts.monthlyDay };
    const date = nextPayoutDay(settings, today, Boolean(facts.paidOutOnDay));
    if (!date) return null;
    return {
      date,
      amount: { amount: available, currency: business.currency },
      bank_account: `${facts.bankName} ${maskAccount(facts.accountNumber.slice(-4))}`,
      below_minimum: available < Math.max(1, facts.minimumAmount),
    };
  }

  /** Each step's state from the business's data. */
  async function stepsDone(business: BusinessRow): Promise<Record<ChecklistItem, boolean>> {
    const facts = await repo.setupFacts(db, business.id);
    return {
      verify_business: business.onboardingStatus === 'completed',
      enable_payment_methods: Boolean(facts.methodsChosen),
      add_bank_account: Boolean(facts.bankAccount),
      customise_checkout: Boolean(facts.checkoutCustomised),
      create_payment_link: Boolean(facts.linkCreated),
      first_payment: Boolean(facts.paid),
    };
  }

  return {
    /** The payments onboarding page: every step, done or not, and whether the caller may act on it. */
    async onboarding(standing: BusinessStanding): Promise<OnboardingChecklist> {
      const done = await stepsDone(standing.row);
      const steps = CHECKLIST_ITEMS.map((item) => ({ item, done: done[item], can_act: mayAct(standing, item) }));
      return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
    },

    async get(
      standing: BusinessStanding,
      userId: string,
      query: { period: OverviewPeriod; from?: string | undefined; to?: string | undefined },
    ): Promise<Overview> {
      const business = standing.row;
      // Days of the business's zone, which the rollup is keyed by (docs/payments.md, "Time zone").
      const { from, to } = rangeOf(business, query);
      const days = daysBetween(from, to);
      const current = { first: from, end: addDays(to, 1) };
      const previous = { first: addDays(from, -days), end: from };

      const figures = await repo.figures(db, business.id, current, previous);
      const { daily, byMethod, bySource } = await repo.captured(db, business.id, current);
      const recent = await repo.recent(db, business.id, RECENT_PAYMENTS);
      const seesMoney = can(standing, 'wallets:manage');
      const balances = seesMoney ? await ledger.balances(db, business.id) : null;
      const parts = seesMoney ? await repo.pendingParts(db, business.id, business.timeZone) : [];
      const checklist = CHECKLIST_ITEMS.filter((item) => mayAct(standing, item));
      const done = checklist.length > 0 ? await stepsDone(business) : null;
      const waiting = await repo.attention(db, business.id, userId);
      const available = balances?.find((b) => b.currency === business.currency)?.available ?? 0;

      const currencies: CurrencyOverview[] = figures
        .map((f) => f.currency)
        .sort(byBusinessCurrency(business.currency))
        .map((currency) => {
          const row = figures.find((f) => f.currency === currency)!;
          const cur = withRate(row.current);
          const prev = withRate(row.previous);
          const perDay = new Map(daily.filter((d) => d.currency === currency).map((d) => [d.key, d]));
          return {
            currency,
            current: cur,
            previous: prev,
            change: {
              gross: change(cur.gross, prev.gross),
              net: change(cur.net, prev.net),
              succeeded: change(cur.succeeded, prev.succeeded),
              success_rate: cur.success_rate === null || prev.success_rate === null ? null : Math.round((cur.success_rate - prev.success_rate) * 1000) / 10,
            },
            daily: datesFrom(from, to).map((date) => {
              const d = perDay.get(date);
              return { date, gross: d?.gross ?? 0, net: d?.net ?? 0, count: d?.count ?? 0 };
            }),
            by_method: byMethod
              .filter((m) => m.currency === currency)
              .map(({ key, gross, count }) => ({ method: key as PaymentMethod | null, gross, count }))
              .sort((a, b) => b.gross - a.gross),
            by_source: bySource
              .filter((s) => s.currency === currency)
              .map(({ key, gross, count }) => ({ source: key as PaymentSource, gross, count }))
              .sort((a, b) => b.gross - a.gross),
          };
        });

      return {
        period: { from, to, previous_from: previous.first, previous_to: addDays(from, -1), days },
        currencies,
        recent: recent.map((row) => presentPayment(row)),
        balances:
          balances
            ?.map(({ currency, pending, available }) => ({
              currency,
              pending: { amount: pending, currency },
              available: { amount: available, currency },
              pending_parts: parts.filter((p) => p.currency === currency).map((p) => ({ available_on: p.day, amount: p.amount })),
            }))
            .sort((a, b) => byBusinessCurrency(business.currency)(a.currency, b.currency)) ?? null,
        next_payout: seesMoney ? await nextPayout(business, available) : null,
        attention: {
          transfers_to_approve: standing.role !== null && can(standing, 'transfers:manage') ? waiting.transfers : null,
          failed_payments: currencies.reduce((sum, c) => sum + c.current.failed, 0),
          overdue_invoices: waiting.overdue,
        },
        checklist: checklist.map((item) => ({ item, done: done![item] })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
