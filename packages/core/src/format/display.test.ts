import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startOfLocalDay } from '../date/business-day';
import {
  EMPTY_VALUE,
  formatCount,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatLocalDate,
  formatMoney,
  formatPaidSummary,
  formatShortDate,
  formatMonth,
  formatSignedMoney,
  formatZone,
  timesIn,
  zoneOptions,
  orEmpty,
} from './display';

describe('empty values', () => {
  it('are an em dash, never "None", "null" or an empty cell', () => {
    expect(EMPTY_VALUE).toBe('—');
    for (const empty of [null, undefined, '', '   ']) expect(orEmpty(empty)).toBe('—');
    expect(orEmpty('Jamie')).toBe('Jamie');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined, 'Asia/Singapore')).toBe('—');
    expect(formatMoney(null, 'sgd')).toBe('—');
    expect(formatSignedMoney(undefined, 'sgd')).toBe('—');
    expect(formatDateRange(null, null)).toBe('—');
  });
});

describe('signed amounts', () => {
  it('put the minus (U+2212) before the currency code', () => {
    expect(formatSignedMoney(-3277, 'sgd')).toBe('−SGD 32.77');
    expect(formatSignedMoney(3277, 'sgd')).toBe('SGD 32.77');
    expect(formatSignedMoney(0, 'sgd')).toBe('SGD 0.00');
    expect(formatSignedMoney(-1500, 'jpy')).toBe('−JPY 1,500');
    expect(formatSignedMoney(-123_456_789, 'usd')).toBe('−USD 1,234,567.89');
  });

  it('show a plus on credits when asked, never on zero', () => {
    expect(formatSignedMoney(3277, 'sgd', { plus: true })).toBe('+SGD 32.77');
    expect(formatSignedMoney(0, 'sgd', { plus: true })).toBe('SGD 0.00');
    expect(formatSignedMoney(-5, 'sgd', { plus: true })).toBe('−SGD 0.05');
  });

  it('take a money object too', () => {
    expect(formatMoney({ amount: -3277, currency: 'sgd' })).toBe('−SGD 32.77');
    expect(formatMoney({ amount: 1999, currency: 'usd' })).toBe('USD 19.99');
  });

  it('read back the same digits for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (amount) => {
        const text = formatSignedMoney(amount, 'sgd');
        const digits = text.replace(/[^0-9]/g, '').replace(/^0+(?=\d)/, '');
        expect(digits).toBe(String(Math.abs(amount)));
        expect(text.startsWith('−')).toBe(amount < 0);
        expect(text).not.toContain('-');
      }),
    );
  });
});

describe('dates, times and ranges', () => {
  it('write a calendar day the same whatever the zone', () => {
    expect(formatDate('2026-11-28')).toBe('28 Nov 2026');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatShortDate('2026-11-28')).toBe('28 Nov');
    expect(formatMonth('2026-11-28')).toBe('November 2026');
    expect(formatMonth('2027-01-01')).toBe('January 2027');
    expect(formatMonth(null)).toBe('—');
  });

  it("write an instant in the business's zone and name the zone", () => {
    const at = '2026-01-15T03:00:00Z';
    // The zone as people read it, never its IANA id (issue 25).
    expect(formatDateTime(at, 'Asia/Singapore')).toBe('15 Jan 2026, 11:00 Singapore time (GMT+8)');
    expect(formatDateTime(at, 'America/New_York')).toBe('14 Jan 2026, 22:00 New York time (GMT-5)');
    expect(formatDateTime(at, 'UTC')).toBe('15 Jan 2026, 03:00 UTC');
    expect(formatDateTime(new Date(at), 'UTC', { zone: false })).toBe('15 Jan 2026, 03:00');
    expect(formatLocalDate(at, 'America/New_York')).toBe('14 Jan 2026');
  });

  it('write ranges once, with open ends', () => {
    expect(formatDateRange('2026-01-01', '2026-01-07')).toBe('1–7 Jan 2026');
    expect(formatDateRange('2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(formatDateRange('2026-01-05', '2026-01-05')).toBe('5 Jan 2026');
    expect(formatDateRange('2026-01-05', null)).toBe('From 5 Jan 2026');
    expect(formatDateRange(null, '2026-01-05')).toBe('Until 5 Jan 2026');
  });

  it('put an instant around a local midnight on the local day', () => {
    const zones = ['Asia/Singapore', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom('2026-03-08', '2026-03-29', '2026-11-01', '2026-10-25', '2026-04-05', '2026-10-04', '2026-07-15'),
        fc.integer({ min: -3 * 3600_000, max: 3 * 3600_000 }),
        (zone, day, shift) => {
          const start = startOfLocalDay(day, zone).getTime();
          const at = new Date(start + shift);
          const expected = formatDate(shift < 0 ? localBefore(day) : day);
          // Within a few hours of midnight no zone's day changes twice.
          expect(formatLocalDate(at, zone)).toBe(expected);
          expect(formatDateTime(at, zone).startsWith(`${expected}, `)).toBe(true);
        },
      ),
    );
  });
});

function localBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe('formatZone', () => {
  it('names the city and its offset at the given instant, through daylight saving', () => {
    expect(formatZone('Asia/Singapore', new Date('2026-01-15T03:00:00Z'))).toBe('Singapore time (GMT+8)');
    expect(formatZone('America/New_York', new Date('2026-01-15T03:00:00Z'))).toBe('New York time (GMT-5)');
    expect(formatZone('America/New_York', new Date('2026-07-15T03:00:00Z'))).toBe('New York time (GMT-4)');
    expect(formatZone('Asia/Kolkata', new Date('2026-01-15T03:00:00Z'))).toBe('Kolkata time (GMT+5:30)');
    expect(formatZone('America/Argentina/Buenos_Aires', new Date('2026-01-15T03:00:00Z'))).toBe('Buenos Aires time (GMT-3)');
    expect(formatZone('UTC')).toBe('UTC');
  });

  it('says which zone a screen or a document is in with the same words', () => {
    expect(timesIn('Asia/Singapore', new Date('2026-01-15T03:00:00Z'))).toBe('Times are Singapore time (GMT+8)');
    expect(timesIn('UTC')).toBe('Times are UTC');
  });

  it('offers zones to a select with their words as labels and their ids as values', () => {
    const at = new Date('2026-01-15T03:00:00Z');
    expect(zoneOptions(['UTC', 'Asia/Singapore', 'America/New_York', 'Asia/Singapore'], at)).toEqual([
      { value: 'America/New_York', label: 'New York time (GMT-5)' },
      { value: 'Asia/Singapore', label: 'Singapore time (GMT+8)' },
      { value: 'UTC', label: 'UTC' },
    ]);
  });
});

describe('counts', () => {
  it('say what they count, singular for one', () => {
    expect(formatCount(26, ['payment', 'payments'])).toBe('26 payments');
    expect(formatCount(1, ['payment', 'payments'])).toBe('1 payment');
    expect(formatCount(0, ['payment', 'payments'])).toBe('0 payments');
    expect(formatCount(1204, ['entry', 'entries'])).toBe('1,204 entries');
  });

  it('write what a link or a QR code took as its payments and their total', () => {
    expect(formatPaidSummary(26, 524000, 'sgd')).toBe('26 payments · SGD 5,240.00');
    expect(formatPaidSummary(1, 1500, 'sgd')).toBe('1 payment · SGD 15.00');
  });
});
