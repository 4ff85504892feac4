import { z } from 'zod';
import { text } from '../text';
import type { CalendarDate } from './calendar-date';

/**
 * The business's day (docs/payments.md, "Time zone"): every "today", day, week and month of a business is a
 * calendar day in its IANA time zone, and every span of days is the half-open span of instants from the
 * start of the first local day to the start of the day after the last. Pure: the platform's Intl time zone
 * data only, no clock.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** An IANA zone name as written (`Area/City`, `UTC`): no offsets such as `+08:00`, no spaces. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** One formatter per zone: making one costs more than many formats. */
const clocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(zone, clock);
  }
  return clock;
}

/** Whether the platform knows `zone` as an IANA time zone name (UTC included). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    wallClock(zone);
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list, like Asia/Singapore';

/** A time zone as the API takes it: an IANA name the server's platform knows. */
export const TimeZoneSchema = text().trim().refine(isTimeZone, TIME_ZONE_MESSAGE);

/** The wall clock of `instant` in `zone`, as the milliseconds of the same reading in UTC. */
function wallMs(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallClock(zone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const at = new Date(0);
  at.setUTCFullYear(parts.year!, parts.month! - 1, parts.day!);
  at.setUTCHours(parts.hour!, parts.minute!, parts.second!, 0);
  return at.getTime() + (((instant % 1000) + 1000) % 1000);
}

/** How far (ms) the zone's wall clock is ahead of UTC at an instant. */
export function zoneOffsetMs(instant: Date | number, zone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  return wallMs(t, zone) - t;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoOf = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
};
/** The UTC midnight of a calendar day: calendar arithmetic only, no zone. */
const midnight = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`);

/** The local calendar day (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date | number, zone: string): CalendarDate {
  return isoOf(wallMs(typeof instant === 'number' ? instant : instant.getTime(), zone));
}

/** The calendar day `days` after `date` (before, when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return isoOf(midnight(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: CalendarDate, to: CalendarDate): number {
  return Math.round((midnight(to) - midnight(from)) / DAY_MS);
}

/** The ISO weekday of a calendar day: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: CalendarDate): number {
  return ((new Date(midnight(date)).getUTCDay() + 6) % 7) + 1;
}

/** Saturdays and Sundays are not business days; every other day is (public holidays are not known). */
export const isBusinessDay = (date: CalendarDate) => isoWeekday(date) <= 5;

/**
 * The business day `n` business days after `date` (n >= 0): weekends are skipped, and a start on a weekend
 * counts from the Monday after it, so two business days after a Friday or a Saturday is the Tuesday.
 */
export function addBusinessDays(date: CalendarDate, n: number): CalendarDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  for (let left = n; left > 0;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}

/** The first day of the ISO week (Monday) of a calendar day. */
export const weekStartDate = (date: CalendarDate) => addDays(date, 1 - isoWeekday(date));
/** The first day of the month of a calendar day. */
export const monthStartDate = (date: CalendarDate) => `${date.slice(0, 8)}01`;
/** The first day of the month `n` months after (before, when `n` is negative) the month of a calendar day. */
export function monthStartAfter(date: CalendarDate, n: number): CalendarDate {
  const d = new Date(midnight(date));
  return isoOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}
/** The last day of the month of a calendar day. */
export function monthEndDate(date: CalendarDate): CalendarDate {
  const d = new Date(midnight(date));
  return isoOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
}

/** The first instant at or after `from` (and before `to`) whose local day is `date` or later; assumes one change. */
function firstInstantOf(date: CalendarDate, zone: string, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(mid, zone) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The instant a local calendar day starts in a zone, `plusDays` days later: its midnight, or, when a
 * daylight-saving change skips midnight, the first instant the day has.
 */
export function startOfLocalDay(date: CalendarDate, zone: string, plusDays = 0): Date {
  const day = plusDays === 0 ? date : addDays(date, plusDays);
  const wall = midnight(day);
  const guess = wall - zoneOffsetMs(wall, zone);
  const start = wall - zoneOffsetMs(guess, zone);
  const before = localDate(start - 1, zone) < day;
  if (localDate(start, zone) >= day && before) return new Date(start);
  // Midnight is in a daylight-saving change: the day starts within a few hours of the guess.
  return new Date(firstInstantOf(day, zone, start - 4 * HOUR_MS, start + 4 * HOUR_MS));
}

/** How far into its local day an instant's wall clock reads (ms since the day's 00:00 on the clock). */
export function localTimeOfDayMs(instant: Date | number, zone: string): number {
  const wall = wallMs(typeof instant === 'number' ? instant : instant.getTime(), zone);
  return wall - midnight(isoOf(wall));
}

/**
 * The instant a local day's wall clock reads `timeOfDayMs` in a zone. A reading the clocks skip (02:30 when they
 * spring forward at 02:00) is the same time later (03:30); a reading they repeat is its first occurrence.
 */
export function atLocalTime(date: CalendarDate, timeOfDayMs: number, zone: string): Date {
  const wall = midnight(date) + timeOfDayMs;
  const guess = wall - zoneOffsetMs(wall, zone);
  // The offsets just before and after the guess: at most one change in 12 hours.
  const candidates = [wall - zoneOffsetMs(guess - 6 * HOUR_MS, zone), wall - zoneOffsetMs(guess + 6 * HOUR_MS, zone)];
  const exact = candidates.filter((t) => wallMs(t, zone) === wall);
  return new Date(exact.length > 0 ? Math.min(...exact) : candidates[0]!);
}

/**
 * The instant `days` local days after `instant`, at the same local time of day: a day of the zone is 23, 24 or 25
 * hours long, so across a daylight-saving change this is not a multiple of 24 hours (subscriptions' retries, card
 * links' expiry and trials). Negative `days` go back.
 */
export function addLocalDays(instant: Date, days: number, zone: string): Date {
  return atLocalTime(addDays(localDate(instant, zone), days), localTimeOfDayMs(instant, zone), zone);
}

/** A half-open span of instants. */
export type InstantSpan = { start: Date; end: Date };

/** The local days `from`..`to` (both included) as instants: from the start of `from` to the start of the day after `to`. */
export function localDaysSpan(from: CalendarDate, to: CalendarDate, zone: string): InstantSpan {
  return { start: startOfLocalDay(from, zone), end: startOfLocalDay(to, zone, 1) };
}

/** The local day containing an instant. */
export function dayOf(instant: Date, zone: string): InstantSpan {
  const date = localDate(instant, zone);
  return localDaysSpan(date, date, zone);
}

/** The local ISO week (Monday to Sunday) containing an instant. */
export function weekOf(instant: Date, zone: string): InstantSpan {
  const first = weekStartDate(localDate(instant, zone));
  return localDaysSpan(first, addDays(first, 6), zone);
}

/** The local calendar month containing an instant. */
export function monthOf(instant: Date, zone: string): InstantSpan {
  const date = localDate(instant, zone);
  return localDaysSpan(monthStartDate(date), monthEndDate(date), zone);
}

/** Every calendar day from `from` to `to`, both included, in order. */
export function datesFrom(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  return Array.from({ length: Math.max(0, daysFrom(from, to) + 1) }, (_, i) => addDays(from, i));
}

/** The zone used when nothing better is known. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A time zone schema for an optional `tz` parameter whose absence means the business's zone. */
export const OptionalTimeZoneSchema = TimeZoneSchema.optional();

export type TimeZone = z.infer<typeof TimeZoneSchema>;
