import { formatMoney } from '@merchant/core';
import { WEEKDAYS, type Pickup, type ShippingRate } from '@merchant/catalogue';

const SHORT: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** "Mon–Fri 08:00–18:00 · Sat 09:00–16:00": runs of days with the same hours; closed days left out; "Closed" when never open. */
export function hoursSummary(hours: Pickup['hours']): string {
  const runs: { from: string; to: string; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const h = hours[day];
    const text = h ? `${h.opens}–${h.closes}` : '';
    const last = runs[runs.length - 1];
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && text && last.text === text && previous === last.to) last.to = day;
    else if (text) runs.push({ from: day, to: day, text });
  }
  if (runs.length === 0) return 'Closed';
  return runs.map((r) => `${SHORT[r.from as keyof typeof SHORT]}${r.from === r.to ? '' : `–${SHORT[r.to as keyof typeof SHORT]}`} ${r.text}`).join(' · ');
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** English name of a two-letter country code. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  try {
    return regionNames.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** "Singapore, Malaysia" or "Singapore and 12 more". */
export function countriesSummary(codes: readonly string[]): string {
  const names = codes.map(countryName);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

/** "Standard: SGD 5.00", "By weight: SGD 3.00 to SGD 9.00", with "(free over SGD 100.00)". */
export function rateSummary(rate: ShippingRate, currency: string): string {
  const amounts = rate.kind === 'flat' ? [rate.amount ?? 0] : rate.bands.map((b) => b.amount);
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const price = low === high ? formatMoney(low, currency) : `${formatMoney(low, currency)} to ${formatMoney(high, currency)}`;
  const free = rate.free_over === null ? '' : ` (free over ${formatMoney(rate.free_over, currency)})`;
  return `${rate.name}: ${price}${free}`;
}
