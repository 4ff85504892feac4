import { describe, expect, it } from 'vitest';
import { currencyDecimals } from '@merchant/core';
import { formatRate, priceTransfer, rateMicros, receivedFor, sendFor, transferFee, transferFlatFee } from './transfer-pricing';
import { USD_REFERENCE_RATES, usdRateMicros } from './usd-reference-rates';

describe('transfer pricing', () => {
  it('rates a currency to itself at exactly 1 and a pair by the table, to six decimals', () => {
    expect(rateMicros('sgd', 'sgd')).toBe(1_000_000);
    expect(formatRate(rateMicros('usd', 'sgd')!)).toBe('1.35');
    expect(formatRate(rateMicros('sgd', 'usd')!)).toBe('0.740741');
    expect(rateMicros('sgd', 'chf')).toBeNull();
    expect(rateMicros('chf', 'chf')).toBe(1_000_000);
  });

  it('converts between currencies with different decimals exactly', () => {
    // 100.00 USD -> 15,000 JPY (no minor unit); 10,000 JPY -> 66.67 USD.
    expect(receivedFor(100_00, 'usd', 'jpy', rateMicros('usd', 'jpy')!)).toBe(15_000);
    expect(receivedFor(10_000, 'jpy', 'usd', rateMicros('jpy', 'usd')!)).toBe(66_67);
  });

  it('finds the least amount to send that delivers the amount to receive', () => {
    for (const [source, target, receive] of [
      ['sgd', 'usd', 100_00],
      ['usd', 'idr', 1_000_000_00],
      ['eur', 'jpy', 12_345],
      ['jpy', 'gbp', 1],
    ] as const) {
      const micros = rateMicros(source, target)!;
      const send = sendFor(receive, source, target, micros);
      expect(receivedFor(send, source, target, micros)).toBeGreaterThanOrEqual(receive);
      if (send > 1) expect(receivedFor(send - 1, source, target, micros)).toBeLessThan(receive);
    }
  });

  it('charges a flat fee per currency, plus 0.5% rounded half up when the currency changes', () => {
    expect(transferFee(100_00, 'sgd', 'sgd')).toBe(1_00);
    expect(transferFee(135_00, 'sgd', 'usd')).toBe(1_00 + 68);
    expect(transferFee(10_000, 'jpy', 'jpy')).toBe(100);
    // KWD is not listed: USD 1.00 at 0.307 is 307 fils, rounded up to two significant digits (not KWD 1.000).
    expect(transferFee(1_000, 'kwd', 'kwd')).toBe(310);
    expect(priceTransfer('sgd', 'usd', { receive: 100_00 })).toEqual({ send: 135_00, receive: 100_00, fee: 1_68, rateMicros: 740_741 });
    expect(priceTransfer('sgd', 'chf', { send: 1 })).toBeNull();
  });

  it('prices the flat fee of every currency at between USD 0.50 and USD 2.00 of its reference rate', () => {
    const outside: string[] = [];
    for (const currency of Object.keys(USD_REFERENCE_RATES)) {
      const flat = transferFlatFee(currency)!;
      expect(Number.isInteger(flat) && flat > 0).toBe(true);
      // Its worth in hundredths of a US cent, exactly: flat / 10^decimals / (micros / 10^6) * 10^4.
      const worth = (BigInt(flat) * 1_000_000n * 10_000n) / (usdRateMicros(currency)! * 10n ** BigInt(currencyDecimals(currency)));
      if (worth < 50_00n || worth > 2_00_00n) outside.push(`${currency} ${flat} is worth ${Number(worth) / 100} US cents`);
    }
    expect(outside).toEqual([]);
  });
});
