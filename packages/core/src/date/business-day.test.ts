import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, defaultTimeZoneOf } from '../country';
import {
  addBusinessDays,
  addDays,
  addLocalDays,
  dayOf,
  isoWeekday,
  isTimeZone,
  localDate,
  localDaysSpan,
  localTimeOfDayMs,
  monthOf,
  monthStartAfter,
  startOfLocalDay,
  TimeZoneSchema,
  weekOf,
  zoneOffsetMs,
} from './business-day';

const HOUR = 3_600_000;
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Singapore', 'Asia/Kathmandu', 'America/Santiago', 'UTC'];

/** The daylight-saving changes of 2020-2030 in New York, London, Sydney and Santiago (UTC instants). */
const CHANGES = [
  '2024-03-10T07:00:00Z', // New York springs forward at 02:00 local
  '2024-11-03T06:00:00Z', // New York falls back at 02:00 local
  '2025-03-30T01:00:00Z', // London springs forward at 01:00 local
  '2025-10-26T01:00:00Z', // London falls back at 02:00 local
  '2025-04-05T16:00:00Z', // Sydney falls back at 03:00 local
  '2025-10-04T16:00:00Z', // Sydney springs forward at 02:00 local
  '2024-09-08T04:00:00Z', // Santiago springs forward at 00:00 local (midnight is skipped)
  '2025-04-06T03:00:00Z', // Santiago falls back at 00:00 local
].map((iso) => Date.parse(iso));

/** Instants near a local midnight of the zone, near a daylight-saving change, or anywhere from 1970 to 2100. */
const instantNear = (zone: string) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -30 * HOUR, max: 30 * HOUR })).map(([at, d]) => at + d),
    fc
      .tuple(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 0, 1) }), fc.integer({ min: -90 * 60_000, max: 90 * 60_000 }))
      .map(([at, d]) => startOfLocalDay(localDate(at, zone), zone).getTime() + d),
    fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
  );

const zoneAndInstant = fc.constantFrom(...ZONES).chain((zone) => fc.tuple(fc.constant(zone), instantNear(zone)));

/** The local wall clock of an instant, by the platform's own formatter (the oracle). */
const oracles = new Map<string, Intl.DateTimeFormat>();
const oracleDate = (at: number, zone: string) => {
  let oracle = oracles.get(zone);
  if (!oracle) oracles.set(zone, (oracle = new Intl.DateTimeFormat('en-CA', { timeZone: zone })));
  return oracle.format(new Date(at));
};
/** 2,000 runs each: seconds of work on a loaded machine (the whole suite runs beside it), not a speed assertion. */
const PROPERTY_TIMEOUT_MS = 30_000;

describe('the business day', () => {
  it(
    'knows the local date of any instant as the platform formats it',
    () => {
      fc.assert(
        fc.property(zoneAndInstant, ([zone, at]) => {
          expect(localDate(at, zone)).toBe(oracleDate(at, zone));
        }),
        { numRuns: 2000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'puts every instant in exactly one local day: the day that starts at or before it and ends after it',
    () => {
      fc.assert(
        fc.property(zoneAndInstant, ([zone, at]) => {
          const { start, end } = dayOf(new Date(at), zone);
          const date = localDate(at, zone);
          expect(start.getTime()).toBeLessThanOrEqual(at);
          expect(end.getTime()).toBeGreaterThan(at);
          // The day's first instant is on that day and the instant before it on the day before.
          expect(localDate(start, zone)).toBe(date);
          expect(localDate(start.getTime() - 1, zone)).toBe(addDays(date, -1));
          expect(localDate(end, zone)).toBe(addDays(date, 1));
          // A day is 23 to 25 hours long (24 but for a daylight-saving change).
          expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(23 * HOUR);
          expect(end.getTime() - start.getTime()).toBeLessThanOrEqual(25 * HOUR);
        }),
        { numRuns: 2000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('starts a day at its local midnight unless a daylight-saving change skips it', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([zone, at]) => {
        const start = startOfLocalDay(localDate(at, zone), zone);
        const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
        const skipped = zoneOffsetMs(start, zone) !== zoneOffsetMs(start.getTime() - 1, zone);
        if (!skipped) expect(clock).toBe('00:00');
      }),
    );
    // Santiago skipped 2024-09-08 00:00: the day started at 01:00 local (04:00 UTC).
    expect(startOfLocalDay('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-01-31', 'Asia/Singapore').toISOString()).toBe('2026-01-30T16:00:00.000Z');
  });

  it('has weeks from Monday to Sunday and months from the 1st to the last day, as local days', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([zone, at]) => {
        const week = weekOf(new Date(at), zone);
        const month = monthOf(new Date(at), zone);
        for (const span of [week, month]) {
          expect(span.start.getTime()).toBeLessThanOrEqual(at);
          expect(span.end.getTime()).toBeGreaterThan(at);
        }
        expect(isoWeekday(localDate(week.start, zone))).toBe(1);
        expect(isoWeekday(localDate(week.end, zone))).toBe(1);
        expect(localDate(month.start, zone).slice(8)).toBe('01');
        expect(localDate(month.end, zone).slice(8)).toBe('01');
        expect(localDate(month.start, zone).slice(0, 7)).toBe(localDate(at, zone).slice(0, 7));
      }),
    );
  });

  it('makes a range of days one span, the same as its days one by one', () => {
    fc.assert(
      fc.property(zoneAndInstant, fc.integer({ min: 0, max: 40 }), ([zone, at], n) => {
        const from = localDate(at, zone);
        const span = localDaysSpan(from, addDays(from, n), zone);
        expect(span.start).toEqual(startOfLocalDay(from, zone));
        expect(span.end).toEqual(startOfLocalDay(addDays(from, n + 1), zone));
      }),
    );
  });

  it('adds local days at the same local time, so a day across a daylight-saving change is 23 or 25 hours', () => {
    const ny = (iso: string, days: number) => addLocalDays(new Date(iso), days, 'America/New_York').toISOString();
    expect(ny('2026-10-31T14:00:00Z', 1)).toBe('2026-11-01T15:00:00.000Z'); // 10:00 EDT -> 10:00 EST, 25 hours
    expect(ny('2027-03-13T15:00:00Z', 1)).toBe('2027-03-14T14:00:00.000Z'); // 10:00 EST -> 10:00 EDT, 23 hours
    expect(ny('2026-10-31T14:00:00Z', 14)).toBe('2026-11-14T15:00:00.000Z');
    expect(addLocalDays(new Date('2026-10-31T14:00:00Z'), 3, 'Asia/Singapore').toISOString()).toBe('2026-11-03T14:00:00.000Z');
    // A time the clocks skip that day is read an hour later; one they repeat, at its first occurrence.
    expect(addLocalDays(new Date('2027-03-13T07:30:00Z'), 1, 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z'); // 02:30 EST -> 03:30 EDT
    expect(addLocalDays(new Date('2026-10-31T05:30:00Z'), 1, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, the first
    fc.assert(
      fc.property(zoneAndInstant, fc.integer({ min: -40, max: 40 }), ([zone, at], n) => {
        const later = addLocalDays(new Date(at), n, zone);
        expect(localDate(later, zone)).toBe(addDays(localDate(at, zone), n));
        const kept = localTimeOfDayMs(later, zone) - localTimeOfDayMs(at, zone);
        // The same time of day, or an hour later where the clocks skipped it.
        expect([0, HOUR]).toContain(kept);
      }),
    );
  });

  it('sees one instant on different local days in Singapore and New York', () => {
    const at = Date.parse('2026-03-02T02:00:00Z'); // 10:00 on Monday in Singapore, 21:00 on Sunday in New York
    expect(localDate(at, 'Asia/Singapore')).toBe('2026-03-02');
    expect(localDate(at, 'America/New_York')).toBe('2026-03-01');
  });
});

describe('business days', () => {
  it('skips Saturdays and Sundays, and counts from the Monday after a weekend start', () => {
    expect(addBusinessDays('2026-03-02', 2)).toBe('2026-03-04'); // Monday -> Wednesday
    expect(addBusinessDays('2026-03-05', 2)).toBe('2026-03-09'); // Thursday -> Monday
    expect(addBusinessDays('2026-03-06', 2)).toBe('2026-03-10'); // Friday -> Tuesday
    expect(addBusinessDays('2026-03-07', 2)).toBe('2026-03-11'); // Saturday -> (Monday) + 2 = Wednesday
    expect(addBusinessDays('2026-03-07', 0)).toBe('2026-03-09');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 30 }), (dayNumber, n) => {
        const from = addDays('2000-01-01', dayNumber);
        const to = addBusinessDays(from, n);
        expect(isoWeekday(to)).toBeLessThanOrEqual(5);
        let count = 0;
        for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isoWeekday(d) <= 5) count++;
        // From a weekend, the Monday after it is day 0 and is counted in the days after `from`.
        expect(count).toBe(isoWeekday(from) <= 5 ? n : n + 1);
      }),
    );
  });
});

describe('months', () => {
  it('steps a first of the month by months, across years both ways', () => {
    expect(monthStartAfter('2026-01-31', 1)).toBe('2026-02-01');
    expect(monthStartAfter('2026-11-30', 2)).toBe('2027-01-01');
    expect(monthStartAfter('2026-03-15', -3)).toBe('2025-12-01');
    expect(monthStartAfter('2026-12-01', -24)).toBe('2024-12-01');
    expect(monthStartAfter('2024-02-29', 0)).toBe('2024-02-01');
  });
});

describe('time zone names', () => {
  it('accepts IANA names the platform knows and refuses offsets, nonsense and overlong text', () => {
    for (const ok of ['UTC', 'Asia/Singapore', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(TimeZoneSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', '+08:00', 'Mars/Olympus', 'Asia/Singapore ', 'a'.repeat(65), 'Asia/../etc', 'Europe/London; drop']) {
      expect(isTimeZone(bad)).toBe(false);
    }
  });

  it('gives every country a default zone the platform knows', () => {
    for (const country of COUNTRY_CODES) expect(isTimeZone(defaultTimeZoneOf(country)), country).toBe(true);
    expect(defaultTimeZoneOf('sg')).toBe('Asia/Singapore');
    expect(defaultTimeZoneOf('US')).toBe('America/New_York');
  });
});
