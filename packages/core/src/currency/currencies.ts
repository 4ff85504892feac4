/**
 * The currencies the dashboard knows about, their minor-unit exponent and a flag to show next to them.
 *
 * Codes are lowercase ISO 4217 (as stored on the wire: `{ amount: 1999, currency: 'sgd' }`); country codes
 * are uppercase ISO 3166-1 alpha-2. Funds codes, precious metals, testing codes and withdrawn currencies
 * (e.g. `ang`, replaced by `xcg` in 2025; `bgn`, replaced by the euro on 2026-01-01; `hrk`, `sll`, `zwl`,
 * `cuc`) are deliberately left out.
 */

export interface CurrencyEntry {
  /** Lowercase ISO 4217 code, e.g. `sgd`. */
  code: string;
  /** English name of the currency, e.g. `Singapore Dollar`. */
  name: string;
  /** English name of the (representative) country or area, e.g. `Singapore`. */
  country: string;
  /** Uppercase ISO 3166-1 alpha-2 code of that country (`EU` for the euro), e.g. `SG`. */
  countryCode: string;
}

function c(code: string, name: string, country: string, countryCode: string): CurrencyEntry {
  return Object.freeze({ code, name, country, countryCode });
}

export const CURRENCIES: readonly CurrencyEntry[] = Object.freeze([
  c('aed', 'UAE Dirham', 'United Arab Emirates', 'AE'),
  c('afn', 'Afghan Afghani', 'Afghanistan', 'AF'),
  c('all', 'Albanian Lek', 'Albania', 'AL'),
  c('amd', 'Armenian Dram', 'Armenia', 'AM'),
  c('aoa', 'Angolan Kwanza', 'Angola', 'AO'),
  c('ars', 'Argentine Peso', 'Argentina', 'AR'),
  c('aud', 'Australian Dollar', 'Australia', 'AU'),
  c('awg', 'Aruban Florin', 'Aruba', 'AW'),
  c('azn', 'Azerbaijani Manat', 'Azerbaijan', 'AZ'),
  c('bam', 'Bosnia and Herzegovina Convertible Mark', 'Bosnia and Herzegovina', 'BA'),
  c('bbd', 'Barbados Dollar', 'Barbados', 'BB'),
  c('bdt', 'Bangladeshi Taka', 'Bangladesh', 'BD'),
  c('bhd', 'Bahraini Dinar', 'Bahrain', 'BH'),
  c('bif', 'Burundian Franc', 'Burundi', 'BI'),
  c('bmd', 'Bermudian Dollar', 'Bermuda', 'BM'),
  c('bnd', 'Brunei Dollar', 'Brunei', 'BN'),
  c('bob', 'Bolivian Boliviano', 'Bolivia', 'BO'),
  c('brl', 'Brazilian Real', 'Brazil', 'BR'),
  c('bsd', 'Bahamian Dollar', 'Bahamas', 'BS'),
  c('btn', 'Bhutanese Ngultrum', 'Bhutan', 'BT'),
  c('bwp', 'Botswana Pula', 'Botswana', 'BW'),
  c('byn', 'Belarusian Ruble', 'Belarus', 'BY'),
  c('bzd', 'Belize Dollar', 'Belize', 'BZ'),
  c('cad', 'Canadian Dollar', 'Canada', 'CA'),
  c('cdf', 'Congolese Franc', 'Democratic Republic of the Congo', 'CD'),
  c('chf', 'Swiss Franc', 'Switzerland', 'CH'),
  c('clp', 'Chilean Peso', 'Chile', 'CL'),
  c('cny', 'Chinese Yuan', 'China', 'CN'),
  c('cop', 'Colombian Peso', 'Colombia', 'CO'),
  c('crc', 'Costa Rican Colón', 'Costa Rica', 'CR'),
  c('cup', 'Cuban Peso', 'Cuba', 'CU'),
  c('cve', 'Cape Verdean Escudo', 'Cabo Verde', 'CV'),
  c('czk', 'Czech Koruna', 'Czechia', 'CZ'),
  c('djf', 'Djiboutian Franc', 'Djibouti', 'DJ'),
  c('dkk', 'Danish Krone', 'Denmark', 'DK'),
  c('dop', 'Dominican Peso', 'Dominican Republic', 'DO'),
  c('dzd', 'Algerian Dinar', 'Algeria', 'DZ'),
  c('egp', 'Egyptian Pound', 'Egypt', 'EG'),
  c('ern', 'Eritrean Nakfa', 'Eritrea', 'ER'),
  c('etb', 'Ethiopian Birr', 'Ethiopia', 'ET'),
  c('eur', 'Euro', 'European Union', 'EU'),
  c('fjd', 'Fijian Dollar', 'Fiji', 'FJ'),
  c('fkp', 'Falkland Islands Pound', 'Falkland Islands', 'FK'),
  c('gbp', 'Pound Sterling', 'United Kingdom', 'GB'),
  c('gel', 'Georgian Lari', 'Georgia', 'GE'),
  c('ghs', 'Ghanaian Cedi', 'Ghana', 'GH'),
  c('gip', 'Gibraltar Pound', 'Gibraltar', 'GI'),
  c('gmd', 'Gambian Dalasi', 'Gambia', 'GM'),
  c('gnf', 'Guinean Franc', 'Guinea', 'GN'),
  c('gtq', 'Guatemalan Quetzal', 'Guatemala', 'GT'),
  c('gyd', 'Guyanese Dollar', 'Guyana', 'GY'),
  c('hkd', 'Hong Kong Dollar', 'Hong Kong', 'HK'),
  c('hnl', 'Honduran Lempira', 'Honduras', 'HN'),
  c('htg', 'Haitian Gourde', 'Haiti', 'HT'),
  c('huf', 'Hungarian Forint', 'Hungary', 'HU'),
  c('idr', 'Indonesian Rupiah', 'Indonesia', 'ID'),
  c('ils', 'Israeli New Shekel', 'Israel', 'IL'),
  c('inr', 'Indian Rupee', 'India', 'IN'),
  c('iqd', 'Iraqi Dinar', 'Iraq', 'IQ'),
  c('irr', 'Iranian Rial', 'Iran', 'IR'),
  c('isk', 'Icelandic Króna', 'Iceland', 'IS'),
  c('jmd', 'Jamaican Dollar', 'Jamaica', 'JM'),
  c('jod', 'Jordanian Dinar', 'Jordan', 'JO'),
  c('jpy', 'Japanese Yen', 'Japan', 'JP'),
  c('kes', 'Kenyan Shilling', 'Kenya', 'KE'),
  c('kgs', 'Kyrgyzstani Som', 'Kyrgyzstan', 'KG'),
  c('khr', 'Cambodian Riel', 'Cambodia', 'KH'),
  c('kmf', 'Comorian Franc', 'Comoros', 'KM'),
  c('kpw', 'North Korean Won', 'North Korea', 'KP'),
  c('krw', 'South Korean Won', 'South Korea', 'KR'),
  c('kwd', 'Kuwaiti Dinar', 'Kuwait', 'KW'),
  c('kyd', 'Cayman Islands Dollar', 'Cayman Islands', 'KY'),
  c('kzt', 'Kazakhstani Tenge', 'Kazakhstan', 'KZ'),
  c('lak', 'Lao Kip', 'Laos', 'LA'),
  c('lbp', 'Lebanese Pound', 'Lebanon', 'LB'),
  c('lkr', 'Sri Lankan Rupee', 'Sri Lanka', 'LK'),
  c('lrd', 'Liberian Dollar', 'Liberia', 'LR'),
  c('lsl', 'Lesotho Loti', 'Lesotho', 'LS'),
  c('lyd', 'Libyan Dinar', 'Libya', 'LY'),
  c('mad', 'Moroccan Dirham', 'Morocco', 'MA'),
  c('mdl', 'Moldovan Leu', 'Moldova', 'MD'),
  c('mga', 'Malagasy Ariary', 'Madagascar', 'MG'),
  c('mkd', 'Macedonian Denar', 'North Macedonia', 'MK'),
  c('mmk', 'Myanmar Kyat', 'Myanmar', 'MM'),
  c('mnt', 'Mongolian Tögrög', 'Mongolia', 'MN'),
  c('mop', 'Macanese Pataca', 'Macao', 'MO'),
  c('mru', 'Mauritanian Ouguiya', 'Mauritania', 'MR'),
  c('mur', 'Mauritian Rupee', 'Mauritius', 'MU'),
  c('mvr', 'Maldivian Rufiyaa', 'Maldives', 'MV'),
  c('mwk', 'Malawian Kwacha', 'Malawi', 'MW'),
  c('mxn', 'Mexican Peso', 'Mexico', 'MX'),
  c('myr', 'Malaysian Ringgit', 'Malaysia', 'MY'),
  c('mzn', 'Mozambican Metical', 'Mozambique', 'MZ'),
  c('nad', 'Namibian Dollar', 'Namibia', 'NA'),
  c('ngn', 'Nigerian Naira', 'Nigeria', 'NG'),
  c('nio', 'Nicaraguan Córdoba', 'Nicaragua', 'NI'),
  c('nok', 'Norwegian Krone', 'Norway', 'NO'),
  c('npr', 'Nepalese Rupee', 'Nepal', 'NP'),
  c('nzd', 'New Zealand Dollar', 'New Zealand', 'NZ'),
  c('omr', 'Omani Rial', 'Oman', 'OM'),
  c('pab', 'Panamanian Balboa', 'Panama', 'PA'),
  c('pen', 'Peruvian Sol', 'Peru', 'PE'),
  c('pgk', 'Papua New Guinean Kina', 'Papua New Guinea', 'PG'),
  c('php', 'Philippine Peso', 'Philippines', 'PH'),
  c('pkr', 'Pakistani Rupee', 'Pakistan', 'PK'),
  c('pln', 'Polish Złoty', 'Poland', 'PL'),
  c('pyg', 'Paraguayan Guaraní', 'Paraguay', 'PY'),
  c('qar', 'Qatari Riyal', 'Qatar', 'QA'),
  c('ron', 'Romanian Leu', 'Romania', 'RO'),
  c('rsd', 'Serbian Dinar', 'Serbia', 'RS'),
  c('rub', 'Russian Ruble', 'Russia', 'RU'),
  c('rwf', 'Rwandan Franc', 'Rwanda', 'RW'),
  c('sar', 'Saudi Riyal', 'Saudi Arabia', 'SA'),
  c('sbd', 'Solomon Islands Dollar', 'Solomon Islands', 'SB'),
  c('scr', 'Seychellois Rupee', 'Seychelles', 'SC'),
  c('sdg', 'Sudanese Pound', 'Sudan', 'SD'),
  c('sek', 'Swedish Krona', 'Sweden', 'SE'),
  c('sgd', 'Singapore Dollar', 'Singapore', 'SG'),
  c('shp', 'Saint Helena Pound', 'Saint Helena', 'SH'),
  c('sle', 'Sierra Leonean Leone', 'Sierra Leone', 'SL'),
  c('sos', 'Somali Shilling', 'Somalia', 'SO'),
  c('srd', 'Surinamese Dollar', 'Suriname', 'SR'),
  c('ssp', 'South Sudanese Pound', 'South Sudan', 'SS'),
  c('stn', 'São Tomé and Príncipe Dobra', 'São Tomé and Príncipe', 'ST'),
  c('svc', 'Salvadoran Colón', 'El Salvador', 'SV'),
  c('syp', 'Syrian Pound', 'Syria', 'SY'),
  c('szl', 'Swazi Lilangeni', 'Eswatini', 'SZ'),
  c('thb', 'Thai Baht', 'Thailand', 'TH'),
  c('tjs', 'Tajikistani Somoni', 'Tajikistan', 'TJ'),
  c('tmt', 'Turkmenistani Manat', 'Turkmenistan', 'TM'),
  c('tnd', 'Tunisian Dinar', 'Tunisia', 'TN'),
  c('top', 'Tongan Paʻanga', 'Tonga', 'TO'),
  c('try', 'Turkish Lira', 'Türkiye', 'TR'),
  c('ttd', 'Trinidad and Tobago Dollar', 'Trinidad and Tobago', 'TT'),
  c('twd', 'New Taiwan Dollar', 'Taiwan', 'TW'),
  c('tzs', 'Tanzanian Shilling', 'Tanzania', 'TZ'),
  c('uah', 'Ukrainian Hryvnia', 'Ukraine', 'UA'),
  c('ugx', 'Ugandan Shilling', 'Uganda', 'UG'),
  c('usd', 'US Dollar', 'United States', 'US'),
  c('uyu', 'Uruguayan Peso', 'Uruguay', 'UY'),
  c('uzs', 'Uzbekistani Som', 'Uzbekistan', 'UZ'),
  c('ves', 'Venezuelan Bolívar', 'Venezuela', 'VE'),
  c('vnd', 'Vietnamese Dong', 'Vietnam', 'VN'),
  c('vuv', 'Vanuatu Vatu', 'Vanuatu', 'VU'),
  c('wst', 'Samoan Tala', 'Samoa', 'WS'),
  // Shared by six Central African states (BEAC); Cameroon, the largest user, stands in for them.
  c('xaf', 'Central African CFA Franc', 'Cameroon', 'CM'),
  // Shared by eight ECCB members; Saint Kitts and Nevis, seat of the Eastern Caribbean Central Bank, stands in.
  c('xcd', 'East Caribbean Dollar', 'Saint Kitts and Nevis', 'KN'),
  // Curaçao and Sint Maarten (replaced the Netherlands Antillean guilder, `ang`, in 2025); Curaçao stands in.
  c('xcg', 'Caribbean Guilder', 'Curaçao', 'CW'),
  // Shared by eight West African states (BCEAO); Senegal, seat of the BCEAO, stands in for them.
  c('xof', 'West African CFA Franc', 'Senegal', 'SN'),
  // Used in French Polynesia, New Caledonia and Wallis and Futuna; French Polynesia stands in.
  c('xpf', 'CFP Franc', 'French Polynesia', 'PF'),
  c('yer', 'Yemeni Rial', 'Yemen', 'YE'),
  c('zar', 'South African Rand', 'South Africa', 'ZA'),
  c('zmw', 'Zambian Kwacha', 'Zambia', 'ZM'),
  c('zwg', 'Zimbabwe Gold', 'Zimbabwe', 'ZW'),
]);

/**
 * Currencies shown with no decimals (spec 9). For these the minor unit is the major unit: 1500 jpy is ¥1,500.
 * Note this is the product's list, not ISO 4217's (which e.g. gives `isk` 0 and `idr` 2).
 */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = Object.freeze([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
  'idr',
]);

/** Currencies with three decimals (1234 kwd is 1.234 KWD). Every other currency has two. */
export const THREE_DECIMAL_CURRENCIES: readonly string[] = Object.freeze(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

const ZERO_SET: ReadonlySet<string> = new Set(ZERO_DECIMAL_CURRENCIES);
const THREE_SET: ReadonlySet<string> = new Set(THREE_DECIMAL_CURRENCIES);
const BY_CODE: ReadonlyMap<string, CurrencyEntry> = new Map(CURRENCIES.map((e) => [e.code, e]));

function normalise(code: string): string {
  return code.trim().toLowerCase();
}

/**
 * Number of decimals a currency is shown and entered with: 0 for the zero-decimal list, 3 for the
 * three-decimal list, 2 for everything else (including codes not in {@link CURRENCIES}). Case-insensitive.
 */
export function currencyDecimals(code: string): 0 | 2 | 3 {
  const key = normalise(code);
  if (ZERO_SET.has(key)) return 0;
  if (THREE_SET.has(key)) return 3;
  return 2;
}

/** The entry for a currency code (case-insensitive), or `undefined` when it is not listed. */
export function findCurrency(code: string): CurrencyEntry | undefined {
  return BY_CODE.get(normalise(code));
}

/** Whether the code (case-insensitive) is one of {@link CURRENCIES}. */
export function isKnownCurrency(code: string): boolean {
  return BY_CODE.has(normalise(code));
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

/**
 * The flag emoji of an ISO 3166-1 alpha-2 code (case-insensitive), built from regional indicator symbols:
 * `'SG'` -> 🇸🇬, `'EU'` -> 🇪🇺. Returns `''` for anything that is not two ASCII letters.
 */
export function flagEmoji(countryCode: string): string {
  const cc = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(cc)) return '';
  return String.fromCodePoint(REGIONAL_INDICATOR_A + cc.charCodeAt(0) - 65, REGIONAL_INDICATOR_A + cc.charCodeAt(1) - 65);
}

/** The flag shown next to a currency (`'sgd'` -> 🇸🇬, `'eur'` -> 🇪🇺); `''` when the currency is unknown. */
export function currencyFlag(code: string): string {
  const entry = findCurrency(code);
  return entry ? flagEmoji(entry.countryCode) : '';
}
