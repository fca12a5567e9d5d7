import { INTL_LOCALES, type Language } from '@tessera/contracts';

/**
 * Countries by ISO 3166-1 alpha-2 code, named in the page's language by Intl (no name tables to
 * translate), and the calling codes offered for mobile numbers.
 */
const REGION_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IQ IR IS IT JE JM ' +
  'JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL ' +
  'TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export const COUNTRY_CODES: readonly string[] = REGION_CODES;

/** Calling codes, by the country they are shown with (the value sent is `dial`). */
export const DIAL_CODES: readonly { region: string; dial: string }[] = [
  { region: 'MY', dial: '+60' },
  { region: 'SG', dial: '+65' },
  { region: 'ID', dial: '+62' },
  { region: 'TH', dial: '+66' },
  { region: 'PH', dial: '+63' },
  { region: 'VN', dial: '+84' },
  { region: 'BN', dial: '+673' },
  { region: 'IN', dial: '+91' },
  { region: 'PK', dial: '+92' },
  { region: 'BD', dial: '+880' },
  { region: 'LK', dial: '+94' },
  { region: 'NP', dial: '+977' },
  { region: 'CN', dial: '+86' },
  { region: 'HK', dial: '+852' },
  { region: 'TW', dial: '+886' },
  { region: 'JP', dial: '+81' },
  { region: 'KR', dial: '+82' },
  { region: 'AU', dial: '+61' },
  { region: 'NZ', dial: '+64' },
  { region: 'AE', dial: '+971' },
  { region: 'SA', dial: '+966' },
  { region: 'QA', dial: '+974' },
  { region: 'KW', dial: '+965' },
  { region: 'BH', dial: '+973' },
  { region: 'OM', dial: '+968' },
  { region: 'JO', dial: '+962' },
  { region: 'LB', dial: '+961' },
  { region: 'IQ', dial: '+964' },
  { region: 'EG', dial: '+20' },
  { region: 'MA', dial: '+212' },
  { region: 'DZ', dial: '+213' },
  { region: 'TN', dial: '+216' },
  { region: 'TR', dial: '+90' },
  { region: 'GB', dial: '+44' },
  { region: 'IE', dial: '+353' },
  { region: 'FR', dial: '+33' },
  { region: 'DE', dial: '+49' },
  { region: 'ES', dial: '+34' },
  { region: 'PT', dial: '+351' },
  { region: 'IT', dial: '+39' },
  { region: 'NL', dial: '+31' },
  { region: 'BE', dial: '+32' },
  { region: 'CH', dial: '+41' },
  { region: 'AT', dial: '+43' },
  { region: 'SE', dial: '+46' },
  { region: 'NO', dial: '+47' },
  { region: 'DK', dial: '+45' },
  { region: 'FI', dial: '+358' },
  { region: 'PL', dial: '+48' },
  { region: 'GR', dial: '+30' },
  { region: 'US', dial: '+1' },
  { region: 'CA', dial: '+1' },
  { region: 'MX', dial: '+52' },
  { region: 'BR', dial: '+55' },
  { region: 'AR', dial: '+54' },
  { region: 'CO', dial: '+57' },
  { region: 'CL', dial: '+56' },
  { region: 'PE', dial: '+51' },
  { region: 'ZA', dial: '+27' },
  { region: 'NG', dial: '+234' },
  { region: 'KE', dial: '+254' },
  { region: 'GH', dial: '+233' },
  { region: 'ET', dial: '+251' },
];

/** The calling code a new form starts with (Malaysia). */
export const DEFAULT_DIAL_CODE = '+60';

const displayNames = new Map<Language, Intl.DisplayNames | null>();

/** A country's name in a language ('MY' → 'Malaysia', 'ماليزيا'…); the code itself when unknown. */
export function countryName(code: string, language: Language): string {
  let names = displayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([INTL_LOCALES[language]], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country, named and sorted in a language. */
export function countryOptions(language: Language): { value: string; label: string }[] {
  const collator = new Intl.Collator(INTL_LOCALES[language]);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * Options of a calling-code select: the value is the region (two countries share +1). Country
 * names come from the runtime's Intl data, which differs between the server and browsers: pass
 * `names: false` for the server render (and the hydration pass), true once hydrated.
 */
export function dialCodeOptions(language: Language, options: { current?: string | undefined; names: boolean }): { value: string; label: string; short: string }[] {
  const { current, names } = options;
  const collator = new Intl.Collator(INTL_LOCALES[language]);
  // A stored code that is not in the list stays selectable as itself.
  const extra = current?.startsWith('+') && !DIAL_CODES.some((d) => d.dial === current) ? [{ value: current, label: `\u2066${current}\u2069`, short: current }] : [];
  return [...extra, ...DIAL_CODES.map(({ region, dial }) => ({
    value: region,
    short: dial,
    // The code is isolated left to right so that "+60" stays "+60" inside Arabic text.
    label: names ? `\u2066${dial}\u2069 ${countryName(region, language)}` : `\u2066${dial}\u2069 ${region}`,
  })).sort((a, b) => {
    if (a.value === 'MY') return -1;
    if (b.value === 'MY') return 1;
    return names ? collator.compare(a.label.replace(/^\S+\s/, ''), b.label.replace(/^\S+\s/, '')) : a.value < b.value ? -1 : 1;
  })];
}

export function dialOf(region: string): string {
  if (region.startsWith('+')) return region;
  return DIAL_CODES.find((d) => d.region === region)?.dial ?? DEFAULT_DIAL_CODE;
}

/** The region shown for a stored calling code (the first country that uses it). */
export function regionOfDial(dial: string | null | undefined): string {
  if (!dial) return 'MY';
  return DIAL_CODES.find((d) => d.dial === dial)?.region ?? dial;
}
