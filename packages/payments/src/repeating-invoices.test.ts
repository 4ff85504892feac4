import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  firstRunFrom,
  REPEAT_FREQUENCIES,
  RepeatingInvoiceBodySchema,
  runDate,
  scheduleLabel,
  upcomingRuns,
  type RepeatSchedule,
} from './repeating-invoices';

const date = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const schedule: fc.Arbitrary<RepeatSchedule> = fc.record({
  frequency: fc.constantFrom(...REPEAT_FREQUENCIES),
  interval_days: fc.integer({ min: 1, max: 365 }),
  start_date: date,
});

describe('run dates', () => {
  it('keeps the start day of the month, on the last day of shorter months, without drifting', () => {
    const monthly = { frequency: 'monthly', interval_days: null, start_date: '2027-01-31' } as const;
    expect([0, 1, 2, 3, 4, 13].map((i) => runDate(monthly, i))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2028-02-29']);
    const leap = { frequency: 'yearly', interval_days: null, start_date: '2028-02-29' } as const;
    expect([0, 1, 4].map((i) => runDate(leap, i))).toEqual(['2028-02-29', '2029-02-28', '2032-02-29']);
    expect(addMonthsClamped('2026-12-15', 1)).toBe('2027-01-15');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('are strictly increasing from the start date', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 500 }), (s, i) => {
        expect(runDate(s, 0)).toBe(s.start_date);
        expect(runDate(s, i + 1) > runDate(s, i)).toBe(true);
      }),
    );
  });

  it('finds the first run on or after a day and after the last run', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: -30, max: 3000 }), fc.option(fc.integer({ min: 0, max: 3000 })), (s, offset, lastOffset) => {
        const notBefore = addDays(s.start_date, offset);
        const after = lastOffset === null ? null : addDays(s.start_date, lastOffset);
        const { index, date: found } = firstRunFrom(s, { notBefore, after });
        expect(found).toBe(runDate(s, index));
        expect(found >= notBefore || index === 0).toBe(true);
        if (after !== null) expect(found > after).toBe(true);
        if (index > 0) {
          const previous = runDate(s, index - 1);
          expect(previous < notBefore || (after !== null && previous <= after)).toBe(true);
        }
      }),
    );
  });

  it('lists the upcoming runs within the end date and the number of invoices', () => {
    const weekly = { frequency: 'weekly', interval_days: null, start_date: '2026-11-02' } as const;
    expect(upcomingRuns({ ...weekly, end_date: '2026-11-16', max_count: null }, 0, 0, 5)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(upcomingRuns({ ...weekly, end_date: null, max_count: 3 }, 1, 1, 5)).toEqual(['2026-11-09', '2026-11-16']);
    expect(scheduleLabel(weekly)).toBe('Every week on Monday');
    expect(scheduleLabel({ frequency: 'yearly', interval_days: null, start_date: '2028-02-29' })).toBe(
      'Every year on 29 February (28 February in other years)',
    );
  });
});

describe('the body', () => {
  const base = { customer_id: '00000000-0000-4000-8000-000000000000', lines: [{ description: 'Retainer', quantity: 1, unit_price: 100 }], due_days: 7 };
  const issues = (body: object) => RepeatingInvoiceBodySchema.safeParse({ ...base, ...body }).error?.issues.map((i) => i.path.join('.'));

  it('takes an empty end date or count as none, and a days interval only for days', () => {
    const parsed = RepeatingInvoiceBodySchema.parse({ ...base, frequency: 'monthly', start_date: '2026-11-01', end_date: '', max_count: null });
    expect(parsed).toMatchObject({ end_date: null, max_count: null, interval_days: null, auto_send: false, taxes: [] });
  });

  it('refuses an interval of 0 days, a count of 0, an end before the start and both ends at once', () => {
    expect(issues({ frequency: 'days', interval_days: 0, start_date: '2026-11-01' })).toEqual(['interval_days']);
    expect(issues({ frequency: 'days', start_date: '2026-11-01' })).toEqual(['interval_days']);
    expect(issues({ frequency: 'weekly', start_date: '2026-11-01', max_count: 0 })).toEqual(['max_count']);
    expect(issues({ frequency: 'weekly', start_date: '2026-11-10', end_date: '2026-11-09' })).toEqual(['end_date']);
    expect(issues({ frequency: 'weekly', start_date: '2026-11-10', end_date: '2026-12-09', max_count: 2 })).toEqual(['max_count']);
  });
});
