import { INTL_LOCALES, type Language } from '@tessera/contracts';
import { regionName } from '../lib/display-names';

/**
 * The one list of countries: ISO 3166-1 alpha-2 codes with their international calling codes. Names
 * are never stored here: `countryName` asks Intl.DisplayNames in the page's language, on the server
 * (Node's full ICU) as in the browser, so every country is named in en, es, ar and ms alike.
 */
/** ISO 3166-1 alpha-2 codes with their international calling codes. */
export const COUNTRY_DIAL_CODES: Readonly<Record<string, string>> = {
  AD: '+376',
  AE: '+971',
  AF: '+93',
  AG: '+1',
  AI: '+1',
  AL: '+355',
  AM: '+374',
  AO: '+244',
  AR: '+54',
  AS: '+1',
  AT: '+43',
  AU: '+61',
  AW: '+297',
  AZ: '+994',
  BA: '+387',
  BB: '+1',
  BD: '+880',
  BE: '+32',
  BF: '+226',
  BG: '+359',
  BH: '+973',
  BI: '+257',
  BJ: '+229',
  BM: '+1',
  BN: '+673',
  BO: '+591',
  BR: '+55',
  BS: '+1',
  BT: '+975',
  BW: '+267',
  BY: '+375',
  BZ: '+501',
  CA: '+1',
  CD: '+243',
  CF: '+236',
  CG: '+242',
  CH: '+41',
  CI: '+225',
  CK: '+682',
  CL: '+56',
  CM: '+237',
  CN: '+86',
  CO: '+57',
  CR: '+506',
  CU: '+53',
  CV: '+238',
  CW: '+599',
  CY: '+357',
  CZ: '+420',
  DE: '+49',
  DJ: '+253',
  DK: '+45',
  DM: '+1',
  DO: '+1',
  DZ: '+213',
  EC: '+593',
  EE: '+372',
  EG: '+20',
  ER: '+291',
  ES: '+34',
  ET: '+251',
  FI: '+358',
  FJ: '+679',
  FM: '+691',
  FO: '+298',
  FR: '+33',
  GA: '+241',
  GB: '+44',
  GD: '+1',
  GE: '+995',
  GF: '+594',
  GH: '+233',
  GI: '+350',
  GL: '+299',
  GM: '+220',
  GN: '+224',
  GP: '+590',
  GQ: '+240',
  GR: '+30',
  GT: '+502',
  GU: '+1',
  GW: '+245',
  GY: '+592',
  HK: '+852',
  HN: '+504',
  HR: '+385',
  HT: '+509',
  HU: '+36',
  ID: '+62',
  IE: '+353',
  IL: '+972',
  IN: '+91',
  IQ: '+964',
  IR: '+98',
  IS: '+354',
  IT: '+39',
  JM: '+1',
  JO: '+962',
  JP: '+81',
  KE: '+254',
  KG: '+996',
  KH: '+855',
  KI: '+686',
  KM: '+269',
  KN: '+1',
  KR: '+82',
  KW: '+965',
  KY: '+1',
  KZ: '+7',
  LA: '+856',
  LB: '+961',
  LC: '+1',
  LI: '+423',
  LK: '+94',
  LR: '+231',
  LS: '+266',
  LT: '+370',
  LU: '+352',
  LV: '+371',
  LY: '+218',
  MA: '+212',
  MC: '+377',
  MD: '+373',
  ME: '+382',
  MG: '+261',
  MH: '+692',
  MK: '+389',
  ML: '+223',
  MM: '+95',
  MN: '+976',
  MO: '+853',
  MQ: '+596',
  MR: '+222',
  MS: '+1',
  MT: '+356',
  MU: '+230',
  MV: '+960',
  MW: '+265',
  MX: '+52',
  MY: '+60',
  MZ: '+258',
  NA: '+264',
  NC: '+687',
  NE: '+227',
  NG: '+234',
  NI: '+505',
  NL: '+31',
  NO: '+47',
  NP: '+977',
  NR: '+674',
  NZ: '+64',
  OM: '+968',
  PA: '+507',
  PE: '+51',
  PF: '+689',
  PG: '+675',
  PH: '+63',
  PK: '+92',
  PL: '+48',
  PR: '+1',
  PS: '+970',
  PT: '+351',
  PW: '+680',
  PY: '+595',
  QA: '+974',
  RE: '+262',
  RO: '+40',
  RS: '+381',
  RU: '+7',
  RW: '+250',
  SA: '+966',
  SB: '+677',
  SC: '+248',
  SD: '+249',
  SE: '+46',
  SG: '+65',
  SI: '+386',
  SK: '+421',
  SL: '+232',
  SM: '+378',
  SN: '+221',
  SO: '+252',
  SR: '+597',
  SS: '+211',
  ST: '+239',
  SV: '+503',
  SX: '+1',
  SY: '+963',
  SZ: '+268',
  TC: '+1',
  TD: '+235',
  TG: '+228',
  TH: '+66',
  TJ: '+992',
  TL: '+670',
  TM: '+993',
  TN: '+216',
  TO: '+676',
  TR: '+90',
  TT: '+1',
  TV: '+688',
  TW: '+886',
  TZ: '+255',
  UA: '+380',
  UG: '+256',
  US: '+1',
  UY: '+598',
  UZ: '+998',
  VA: '+39',
  VC: '+1',
  VE: '+58',
  VG: '+1',
  VI: '+1',
  VN: '+84',
  VU: '+678',
  WS: '+685',
  XK: '+383',
  YE: '+967',
  YT: '+262',
  ZA: '+27',
  ZM: '+260',
  ZW: '+263',
};

export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRY_DIAL_CODES);

/** The distinct calling codes, in numeric order. */
export const DIAL_CODES: readonly string[] = [...new Set(Object.values(COUNTRY_DIAL_CODES))].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

/** The calling code a new form starts with (Malaysia). */
export const DEFAULT_DIAL_CODE = '+60';

/** The country a calling code shared by several stands for (+1 is shown as the United States). */
const MAIN_REGION_OF_DIAL: Readonly<Record<string, string>> = {
  '+1': 'US',
  '+7': 'RU',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+212': 'MA',
  '+262': 'RE',
  '+358': 'FI',
  '+590': 'GP',
  '+599': 'CW',
};

/** A country's name in a language ('MY' → 'Malaysia', 'ماليزيا'…); the code itself when unknown. */
export const countryName = regionName;

/** Every country, named and sorted in a language. */
export function countryOptions(language: Language): { value: string; label: string }[] {
  const collator = new Intl.Collator(INTL_LOCALES[language]);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * Options of a calling-code select, Malaysia first: the value is the country (several share +1),
 * the label the code and the country's name in the page's language.
 */
export function dialCodeOptions(language: Language, options: { current?: string | undefined } = {}): { value: string; label: string; short: string }[] {
  const { current } = options;
  // A stored code that is not in the list stays selectable as itself.
  const extra = current?.startsWith('+') && !DIAL_CODES.includes(current) ? [{ value: current, label: `\u2066${current}\u2069`, short: current }] : [];
  const countries = countryOptions(language);
  const malaysia = countries.findIndex((c) => c.value === 'MY');
  if (malaysia > 0) countries.unshift(...countries.splice(malaysia, 1));
  return [
    ...extra,
    // The code is isolated left to right so that "+60" stays "+60" inside Arabic text.
    ...countries.map(({ value, label }) => ({ value, short: dialOf(value), label: `\u2066${dialOf(value)}\u2069 ${label}` })),
  ];
}

/** The calling code of a country ('MY' → '+60'); a code passed in is returned as it is. */
export function dialOf(region: string): string {
  if (region.startsWith('+')) return region;
  return COUNTRY_DIAL_CODES[region] ?? DEFAULT_DIAL_CODE;
}

/** The country shown for a stored calling code (the main one of those that share it). */
export function regionOfDial(dial: string | null | undefined): string {
  if (!dial) return 'MY';
  return MAIN_REGION_OF_DIAL[dial] ?? COUNTRY_CODES.find((code) => COUNTRY_DIAL_CODES[code] === dial) ?? dial;
}

/** Items of a list joined with the language's comma (Arabic writes "،"). */
export function joinList(items: readonly string[], language: Language): string {
  return items.join(language === 'ar' ? '، ' : ', ');
}

/** "Kuala Lumpur, Malaysia" in the page's language. */
export function placeName(city: string, countryCode: string, language: Language): string {
  return joinList([city, countryName(countryCode, language)].filter(Boolean), language);
}
