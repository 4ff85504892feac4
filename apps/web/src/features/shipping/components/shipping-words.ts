import { formatMoney } from '@merchant/core';
import type { ShippingRate } from '@merchant/catalogue';

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
