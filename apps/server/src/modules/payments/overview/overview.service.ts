import { addDays, datesFrom, localDate } from '@merchant/core';
import type { BusinessRow } from '@/http/context';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import {
  daysBetween,
  type CurrencyOverview,
  type Overview,
  type OverviewPeriod,
  type PaymentMethod,
  type PaymentSource,
  type PeriodFigures,
} from '@merchant/payments';
import { presentPayment } from '../payment.presenter';
import type { LedgerService } from '../ledger/ledger.service';
import { overviewReadModel as repo } from '../charges/overview.read-model';

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

export function createOverviewService(deps: { db: Executor; clock: Clock; ledger: LedgerService }) {
  const { db, clock, ledger } = deps;

  /** The period's first and last day: the last `n` days up to the business's today, or the custom range. */
  function rangeOf(business: BusinessRow, query: { period: OverviewPeriod; from?: string | undefined; to?: string | undefined }) {
    if (query.period === 'custom') return { from: query.from!, to: query.to! };
    const to = localDate(clock.now(), business.timeZone);
    return { from: addDays(to, 1 - PERIOD_DAYS[query.period]), to };
  }

  return {
    async get(business: BusinessRow, query: { period: OverviewPeriod; from?: string | undefined; to?: string | undefined }): Promise<Overview> {
      // Days of the business's zone, which the rollup is keyed by (docs/payments.md, "Time zone").
      const { from, to } = rangeOf(business, query);
      const days = daysBetween(from, to);
      const current = { first: from, end: addDays(to, 1) };
      const previous = { first: addDays(from, -days), end: from };

      const figures = await repo.figures(db, business.id, current, previous);
      const { daily, byMethod, bySource } = await repo.captured(db, business.id, current);
      const recent = await repo.recent(db, business.id, RECENT_PAYMENTS);
      const balances = await ledger.balances(db, business.id);
      const facts = await repo.setupFacts(db, business.id);

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
        balances: balances
          .map(({ currency, pending, available }) => ({ currency, pending: { amount: pending, currency }, available: { amount: available, currency } }))
          .sort((a, b) => byBusinessCurrency(business.currency)(a.currency, b.currency)),
        checklist: [
          { item: 'verify_business', done: business.onboardingStatus === 'completed' },
          { item: 'enable_payment_methods', done: Boolean(facts.methodsChosen) },
          { item: 'customise_checkout', done: Boolean(facts.checkoutCustomised) },
          { item: 'create_payment_link', done: Boolean(facts.linkCreated) },
          { item: 'first_payment', done: Boolean(facts.paid) },
        ],
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
