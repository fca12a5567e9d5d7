import type { Language, TMoney } from '@tessera/contracts';
import { regionName } from '../../lib/display-names';
import { formatMoney, intlLocale } from '../../lib/format';

export function money(value: TMoney, language: Language): string {
  return formatMoney(value.amount, value.currency, language);
}

/** A country's name in the page's language ("MY" → "Malaysia", "ماليزيا"…). */
export const countryName = regionName;

/** Stars out of five from the API's rating (already in stars, e.g. 4.3). */
export function stars(rating: number): number {
  return Math.max(0, Math.min(5, Math.round(rating * 10) / 10));
}

export function formatDate(ms: number, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(ms);
}

/** "Kuching, Malaysia" with the language's comma ("،" in Arabic). */
export function placeName(city: string, country: string, language: Language): string {
  return [city, countryName(country, language)].filter(Boolean).join(language === 'ar' ? '، ' : ', ');
}
