import { z } from 'zod';

/**
 * The range of every date the API accepts (docs/decisions.md, "Dates"). Wide enough for any birth date of
 * a living person and any business date ahead, narrow enough that every date and the day after it are
 * ordinary four-digit ISO dates that JavaScript and PostgreSQL read the same way (PostgreSQL has no
 * year 0000, and the day after 9999-12-31 has no four-digit form).
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';

export const CALENDAR_DATE_MESSAGE = 'Enter a real date as YYYY-MM-DD, like 2026-01-31';
export const DATE_RANGE_MESSAGE = `Enter a date between ${DATE_MIN} and ${DATE_MAX}`;

/** True when `date` (YYYY-MM-DD) lies in the accepted range; four-digit ISO dates sort as strings. */
export function isDateInRange(date: string): boolean {
  return date >= DATE_MIN && date <= DATE_MAX;
}

/**
 * The one date schema of the API: a real calendar day written YYYY-MM-DD (no 2024-02-31, no 2023-02-29)
 * between DATE_MIN and DATE_MAX. Every date input (filters, birth dates, ...) uses it.
 */
export const CalendarDateSchema = z.iso.date({ error: CALENDAR_DATE_MESSAGE, abort: true }).refine(isDateInRange, DATE_RANGE_MESSAGE);
export type CalendarDate = z.infer<typeof CalendarDateSchema>;

/** The UTC midnight that starts a calendar day, `days` later (0 by default). */
export function startOfUtcDay(date: CalendarDate, days = 0): Date {
  const start = new Date(`${date}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}
