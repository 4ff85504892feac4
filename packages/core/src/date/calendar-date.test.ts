import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALENDAR_DATE_MESSAGE, CalendarDateSchema, DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE, startOfUtcDay } from './calendar-date';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
/** Day 0 of the next month is the last day of this one (years here are 1900 and later, which Date.UTC takes as they are). */
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const messages = (value: unknown) => CalendarDateSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

/** Every day of the accepted range, as the UTC calendar writes it. */
const dayInRange = fc
  .date({ min: new Date(`${DATE_MIN}T00:00:00Z`), max: new Date(`${DATE_MAX}T23:59:59Z`), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('CalendarDateSchema', () => {
  it('accepts every real day from DATE_MIN to DATE_MAX, unchanged', () => {
    fc.assert(
      fc.property(dayInRange, (day) => {
        expect(CalendarDateSchema.parse(day)).toBe(day);
      }),
    );
    expect(CalendarDateSchema.parse(DATE_MIN)).toBe(DATE_MIN);
    expect(CalendarDateSchema.parse(DATE_MAX)).toBe(DATE_MAX);
    expect(CalendarDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    expect(CalendarDateSchema.parse('2000-02-29')).toBe('2000-02-29');
  });

  it('refuses days a month does not have (2024-02-31, 2023-02-29, 1900-02-29, month 13, day 00)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 39 }), (y, m, d) => {
        const real = m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
        expect(CalendarDateSchema.safeParse(ymd(y, m, d)).success).toBe(real);
        if (!real) expect(messages(ymd(y, m, d))).toEqual([CALENDAR_DATE_MESSAGE]);
      }),
    );
    for (const bad of ['2024-02-31', '2023-02-29', '1900-02-29', '2026-13-01', '2026-04-31', '2026-01-00']) {
      expect(messages(bad)).toEqual([CALENDAR_DATE_MESSAGE]);
    }
  });

  it('refuses real days outside the range, such as 0000-01-01 and 9999-12-31, with the range message', () => {
    const outside = fc.oneof(fc.integer({ min: 0, max: 1899 }), fc.integer({ min: 3000, max: 9999 }));
    fc.assert(
      fc.property(outside, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        expect(messages(ymd(y, m, d))).toEqual([DATE_RANGE_MESSAGE]);
      }),
    );
    for (const bad of ['0000-01-01', '9999-12-31', '1899-12-31', '3000-01-01']) expect(messages(bad)).toEqual([DATE_RANGE_MESSAGE]);
  });

  it('accepts a string only when it is the ISO form of a real day in range (any text, any type)', () => {
    const oracle = (s: string) => {
      const d = new Date(`${s}T00:00:00Z`);
      return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= DATE_MIN && s <= DATE_MAX;
    };
    const nearDates = fc
      .tuple(dayInRange, fc.string({ maxLength: 3 }), fc.nat({ max: 12 }))
      .map(([day, noise, at]) => day.slice(0, at) + noise + day.slice(at));
    fc.assert(
      fc.property(fc.oneof(nearDates, fc.string({ unit: 'binary', maxLength: 12 })), (s) => {
        expect(CalendarDateSchema.safeParse(s).success).toBe(oracle(s));
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(dayInRange, { maxLength: 2 })), (value) => {
        expect(CalendarDateSchema.safeParse(value).success).toBe(false);
      }),
    );
  });
});

describe('startOfUtcDay', () => {
  it('is the UTC midnight of the day, and the next day starts 24 hours later, up to the day after DATE_MAX', () => {
    fc.assert(
      fc.property(dayInRange, (day) => {
        const start = startOfUtcDay(day);
        expect(start.toISOString()).toBe(`${day}T00:00:00.000Z`);
        expect(startOfUtcDay(day, 1).getTime() - start.getTime()).toBe(24 * 3600 * 1000);
      }),
    );
    expect(startOfUtcDay(DATE_MAX, 1).toISOString()).toBe('3000-01-01T00:00:00.000Z');
  });
});
