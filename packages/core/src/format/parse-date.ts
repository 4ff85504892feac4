/**
 * Reading a calendar day a person typed, the other half of `formatDate` (display.ts): the product writes days
 * "28 Nov 2026", so a date field accepts that (any case, the month short or in full, with or without commas),
 * day-first numbers ("28/11/2026", "28-11-2026", "28.11.2026"), "Nov 28, 2026" and ISO "2026-11-28". It answers the
 * ISO day (YYYY-MM-DD) or null for anything else, an impossible day (31 Apr) included.
 */
import { isDateInRange, type CalendarDate } from '../date/calendar-date';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const FULL_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A month's number (1-12) from its name, short ("Sept" too) or in full; 0 for anything else. */
function monthOf(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const full = FULL_MONTHS.indexOf(lower);
  if (full >= 0) return full + 1;
  if (lower === 'sept') return 9;
  return MONTHS.indexOf(lower as (typeof MONTHS)[number]) + 1;
}

/** The ISO day of year, month and day when they name a real day in the accepted range; null otherwise. */
function isoDay(year: number, month: number, day: number): CalendarDate | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isDateInRange(iso) ? iso : null;
}

/** The calendar day `text` names (see above), or null. Blank text is null too: the field is empty. */
export function parseDisplayDate(text: string): CalendarDate | null {
  const value = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  if (value === '') return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[ -]?([a-z]+\.?)[ -]?(\d{4})$/i.exec(value);
  if (m) return isoDay(Number(m[3]), monthOf(m[2]!), Number(m[1]));
  m = /^([a-z]+\.?) (\d{1,2}) (\d{4})$/i.exec(value);
  if (m) return isoDay(Number(m[3]), monthOf(m[1]!), Number(m[2]));
  return null;
}

/** What a date field says when its text names no day. */
export const DISPLAY_DATE_MESSAGE = 'Enter a date like 28 Nov 2026';
