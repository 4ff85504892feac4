import { CURRENCIES, flagEmoji } from '@merchant/core';

/**
 * Euro-area members (with Bulgaria from 2026-01-01, matching the currency list that drops `bgn`).
 * The currency list names one representative country per currency, so these are the countries it
 * cannot tell us about.
 */
const EURO_AREA = ['AT', 'BE', 'BG', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES'] as const;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** English name of a two-letter country code (from the platform's CLDR data). */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  try {
    return regionNames.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

export interface CountryOption {
  /** Lowercase, as the business is stored. */
  value: string;
  label: string;
  flag: string;
  /** The currency a business in this country usually takes payments in. */
  defaultCurrency: string;
}

function buildCountries(): CountryOption[] {
  const byCode = new Map<string, CountryOption>();
  for (const currency of CURRENCIES) {
    if (currency.countryCode === 'EU' || byCode.has(currency.countryCode)) continue;
    byCode.set(currency.countryCode, {
      value: currency.countryCode.toLowerCase(),
      label: currency.country,
      flag: flagEmoji(currency.countryCode),
      defaultCurrency: currency.code,
    });
  }
  for (const code of EURO_AREA) {
    byCode.set(code, { value: code.toLowerCase(), label: countryName(code), flag: flagEmoji(code), defaultCurrency: 'eur' });
  }
  return [...byCode.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

export const COUNTRY_OPTIONS: readonly CountryOption[] = buildCountries();

const BY_VALUE = new Map(COUNTRY_OPTIONS.map((c) => [c.value, c]));

export function findCountry(code: string): CountryOption | undefined {
  return BY_VALUE.get(code.toLowerCase());
}
