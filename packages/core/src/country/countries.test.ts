import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../currency/currencies';
import { COUNTRY_CODES, isKnownCountry } from './countries';

describe('country codes', () => {
  it('knows the assigned ISO 3166-1 codes in any case', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    for (const code of ['SG', 'sg', 'My', 'US', 'GB', 'XK']) expect(isKnownCountry(code)).toBe(true);
  });

  it('refuses unassigned, reserved and malformed codes', () => {
    for (const code of ['ZZ', 'QQ', 'AA', 'XX', 'UK', 'EU', 'SGP', '12', '']) expect(isKnownCountry(code)).toBe(false);
  });

  it('covers the country of every currency except the euro area', () => {
    for (const c of CURRENCIES) if (c.countryCode !== 'EU') expect(isKnownCountry(c.countryCode), c.code).toBe(true);
  });
});
