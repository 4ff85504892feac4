/**
 * The one set of display formatters (issue 25; house style, "Screens: one way for each thing"): calendar days,
 * instants in the business's time zone with the zone named, ranges of days and signed amounts, used alike by the
 * web's screens, the server's mails and the invoice and receipt PDFs. An empty value is "—". Days are written
 * "28 Nov 2026" and times on a 24-hour clock ("28 Nov 2026, 16:53"), the same for every viewer.
 */
import type { CalendarDate } from '../date/calendar-date';
import { localDate } from '../date/business-day';
import { formatMoneyWithCode, formatNumber } from '../money/format';

/** What a screen, a mail or a PDF shows for a missing value. */
export const EMPTY_VALUE = '—';

/** The locale of every date and time shown (day month year, 24-hour clock). */
export const DISPLAY_LOCALE = 'en-GB';

/** `value`, or "—" when it is missing or blank. */
export function orEmpty(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? EMPTY_VALUE : value;
}

/**
 * An amount with its currency code and its sign in front: `-3277 sgd` -> "−SGD 32.77" (a true minus sign),
 * `3277` -> "SGD 32.77", or "+SGD 32.77" with `plus` (a statement's credits). Missing: "—".
 */
export function formatSignedMoney(amount: number | null | undefined, currency: string, options: { plus?: boolean } = {}): string {
  if (amount === null || amount === undefined) return EMPTY_VALUE;
  const text = formatMoneyWithCode(amount, currency);
  return options.plus && amount > 0 ? `+${text}` : text;
}

/** A money value of the API (`{ amount, currency }`) as {@link formatSignedMoney} writes it; missing: "—". */
export function formatMoney(money: { amount: number; currency: string } | null | undefined, options?: { plus?: boolean }): string;
export function formatMoney(amount: number | null | undefined, currency: string, options?: { plus?: boolean }): string;
export function formatMoney(
  value: { amount: number; currency: string } | number | null | undefined,
  currencyOrOptions?: string | { plus?: boolean },
  options?: { plus?: boolean },
): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value === 'number') return formatSignedMoney(value, currencyOrOptions as string, options);
  return formatSignedMoney(value.amount, value.currency, (currencyOrOptions as { plus?: boolean } | undefined) ?? {});
}

/** Formatters are costly to make and cheap to use: one per zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(DISPLAY_LOCALE, options);
    formatters.set(key, found);
  }
  return found;
}

const DAY_OPTIONS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
/** Calendar days are written from their UTC midnight in UTC: a day has no zone. */
const days = () => formatter('day', { ...DAY_OPTIONS, timeZone: 'UTC' });
const calendarInstant = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);
const instantOf = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** A calendar day (YYYY-MM-DD): "28 Nov 2026"; missing: "—". */
export function formatDate(date: CalendarDate | null | undefined): string {
  if (!date) return EMPTY_VALUE;
  return days().format(calendarInstant(date));
}

/** A calendar day without its year, for chart axes: "28 Nov"; missing: "—". */
export function formatShortDate(date: CalendarDate | null | undefined): string {
  if (!date) return EMPTY_VALUE;
  return formatter('short-day', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(calendarInstant(date));
}

/** The month of a calendar day, for a calendar's heading: "November 2026"; missing: "—". */
export function formatMonth(date: CalendarDate | null | undefined): string {
  if (!date) return EMPTY_VALUE;
  return formatter('month', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(calendarInstant(date));
}

/** The month of a calendar day, short, for a chart's bars: "Nov 2026"; missing: "—". */
export function formatShortMonth(date: CalendarDate | null | undefined): string {
  if (!date) return EMPTY_VALUE;
  return formatter('short-month', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(calendarInstant(date));
}

/** The business's calendar day of an instant: "14 Jan 2026" for 03:00 UTC in New York; missing: "—". */
export function formatLocalDate(instant: string | Date | null | undefined, zone: string): string {
  if (!instant) return EMPTY_VALUE;
  return formatDate(localDate(instantOf(instant), zone));
}

/**
 * An instant on the business's wall clock: "15 Jan 2026, 11:00 Singapore time (GMT+8)", the zone as {@link formatZone}
 * names it. A screen that says once which zone its times are in (`TimeZoneNote`) leaves the zone out with
 * `{ zone: false }`; mails and PDFs keep it.
 */
export function formatDateTime(instant: string | Date | null | undefined, zone: string, options: { zone?: boolean } = {}): string {
  if (!instant) return EMPTY_VALUE;
  const at = instantOf(instant);
  const text = formatter(`time:${zone}`, { ...DAY_OPTIONS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(at);
  return options.zone === false ? text : `${text} ${formatZone(zone, at)}`;
}

/**
 * A time zone as people read it, never its IANA id: its city and its offset from GMT at `at` (now by default),
 * "Singapore time (GMT+8)", "New York time (GMT-5)", "UTC". The one label of a zone wherever one is shown: a time's
 * suffix, the note of a screen's zone, the time zone select, mails and PDFs.
 */
export function formatZone(zone: string, at: Date = new Date()): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const offset = formatter(`offset:${zone}`, { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  return offset ? `${city} time (${offset})` : `${city} time`;
}

/** The note that says which zone a screen's or a document's times are in: "Times are Singapore time (GMT+8)". */
export function timesIn(zone: string, at: Date = new Date()): string {
  return `Times are ${formatZone(zone, at)}`;
}

/** Time zones for a select: the id as the value, {@link formatZone}'s words as the label, in the order of their labels. */
export function zoneOptions(zones: readonly string[], at: Date = new Date()): { value: string; label: string }[] {
  return [...new Set(zones)].map((zone) => ({ value: zone, label: formatZone(zone, at) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

function dayParts(date: CalendarDate): { day: string; month: string; year: string } {
  const parts = { day: '', month: '', year: '' };
  for (const p of days().formatToParts(calendarInstant(date))) if (p.type === 'day' || p.type === 'month' || p.type === 'year') parts[p.type] = p.value;
  return parts;
}

/** A span of calendar days, both included: "1–7 Jan 2026", "29 Dec 2025 – 4 Jan 2026", "From 5 Jan 2026". */
export function formatDateRange(from: CalendarDate | null | undefined, to: CalendarDate | null | undefined): string {
  if (from && to) {
    if (from === to) return formatDate(from);
    const [a, b] = [dayParts(from), dayParts(to)];
    if (a.year !== b.year) return `${formatDate(from)} – ${formatDate(to)}`;
    if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
    return `${a.day}–${b.day} ${b.month} ${b.year}`;
  }
  if (from) return `From ${formatDate(from)}`;
  if (to) return `Until ${formatDate(to)}`;
  return EMPTY_VALUE;
}

/** A count with its noun, singular for one: `(26, ['payment', 'payments'])` -> "26 payments", "1 payment", "1,204 payments". */
export function formatCount(count: number, [one, many]: readonly [string, string]): string {
  return `${formatNumber(count, 0)} ${count === 1 ? one : many}`;
}

/** What a link or a QR code has taken: "26 payments · SGD 5,240.00" (issue 25: not "26 · ..."). */
export function formatPaidSummary(count: number, total: number, currency: string): string {
  return `${formatCount(count, ['payment', 'payments'])} · ${formatMoneyWithCode(total, currency)}`;
}
