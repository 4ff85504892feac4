import { currencyDecimals } from '@merchant/core';

/**
 * The reference rates (docs/decisions.md, "Fees and limits per currency"): roughly how many units of each currency
 * of the product one US dollar is worth. They price the currencies the method table leaves out, and the tests hold
 * every currency's fees and limits against them. A fixed table, not a live rate: a price must not move with the
 * market between a checkout's page and its confirm. Written as text (code, then the rate as a plain decimal) and
 * read digit by digit into millionths, never through a float.
 */
const RATES = `
  aed 3.6725 afn 70 all 92 amd 390 aoa 910 ars 1200 aud 1.52 awg 1.79 azn 1.70 bam 1.80 bbd 2 bdt 120 bhd 0.376
  bif 2900 bmd 1 bnd 1.35 bob 6.91 brl 5.5 bsd 1 btn 85 bwp 13.5 byn 3.27 bzd 2 cad 1.37 cdf 2850 chf 0.88
  clp 940 cny 7.2 cop 4000 crc 510 cup 24 cve 101 czk 23 djf 178 dkk 6.9 dop 60 dzd 134 egp 49 ern 15 etb 125
  eur 0.92 fjd 2.25 fkp 0.79 gbp 0.79 gel 2.7 ghs 15 gip 0.79 gmd 71 gnf 8600 gtq 7.7 gyd 209 hkd 7.8 hnl 25.5
  htg 131 huf 360 idr 15800 ils 3.7 inr 83 iqd 1310 irr 42000 isk 138 jmd 157 jod 0.709 jpy 150 kes 129 kgs 87
  khr 4050 kmf 452 kpw 900 krw 1350 kwd 0.307 kyd 0.833 kzt 480 lak 21500 lbp 89500 lkr 300 lrd 190 lsl 18.3
  lyd 4.85 mad 10 mdl 17.8 mga 4500 mkd 56.6 mmk 2100 mnt 3400 mop 8.03 mru 39.7 mur 46 mvr 15.4 mwk 1735 mxn 18
  myr 4.7 mzn 63.9 nad 18.3 ngn 1550 nio 36.8 nok 10.8 npr 136 nzd 1.65 omr 0.385 pab 1 pen 3.75 pgk 3.9 php 56
  pkr 280 pln 4 pyg 7500 qar 3.64 ron 4.6 rsd 108 rub 90 rwf 1350 sar 3.75 sbd 8.4 scr 13.6 sdg 600 sek 10.5
  sgd 1.35 shp 0.79 sle 22.5 sos 571 srd 36 ssp 3000 stn 22.6 svc 8.75 syp 13000 szl 18.3 thb 35 tjs 10.9
  tmt 3.5 tnd 3.1 top 2.35 try 34 ttd 6.78 twd 32 tzs 2600 uah 41 ugx 3700 usd 1 uyu 40 uzs 12700 ves 100
  vnd 25000 vuv 119 wst 2.75 xaf 600 xcd 2.7 xcg 1.79 xof 600 xpf 109 yer 250 zar 18.3 zmw 27 zwg 27
`;

export const USD_REFERENCE_RATES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    RATES.trim()
      .split(/\s+/)
      .flatMap((word, i, words) => (i % 2 === 0 ? [[word, words[i + 1]!]] : [])),
  ),
);

/** `'3.6725'` -> 3_672_500n: a rate in millionths, read digit by digit. */
function rateMicros(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match) throw new RangeError(`A reference rate is a plain decimal with at most six decimals, got ${rate}`);
  return BigInt(match[1]! + (match[2] ?? '').padEnd(6, '0'));
}

/** The reference rate of a currency in millionths of a unit per US dollar, or null when it has none. */
export function usdRateMicros(currency: string): bigint | null {
  const rate = USD_REFERENCE_RATES[currency];
  return rate === undefined ? null : rateMicros(rate);
}

/** The round figure of two significant digits at or above (`up`) or at or below (`down`) a positive fraction. */
function twoDigits(num: bigint, den: bigint, direction: 'up' | 'down'): number {
  const floor = num / den;
  const exact = floor * den === num;
  const whole = direction === 'up' && !exact ? floor + 1n : floor;
  if (whole < 100n) return Number(whole < 1n ? 1n : whole);
  const step = 10n ** BigInt(whole.toString().length - 2);
  const rounded = (whole / step) * step;
  return Number(direction === 'up' && rounded < whole ? rounded + step : rounded);
}

/**
 * What `cents` US cents are worth in minor units of a currency at its reference rate (`micros`, from
 * `usdRateMicros`), as a round figure of two significant digits: rounded `up` for what the business pays
 * (fees, minimums), `down` for what it may not exceed (caps, maxima); at least one minor unit.
 */
export function usdCentsIn(cents: number, currency: string, micros: bigint, direction: 'up' | 'down'): number {
  return twoDigits(BigInt(cents) * micros * 10n ** BigInt(currencyDecimals(currency)), 100n * 1_000_000n, direction);
}
