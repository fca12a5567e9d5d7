import { CURRENCIES, INTL_LOCALES, type Language } from '@tessera/contracts';

/** Money, numbers, times, dates and sizes in the chosen language (seed §9). */

export function intlLocale(language: Language): string {
  return INTL_LOCALES[language];
}

function minorDigitsOf(currencyCode: string): number {
  return CURRENCIES.find((c) => c.code === currencyCode)?.minorDigits ?? 2;
}

/** Money is an integer in minor units with an ISO currency code (DESIGN §4). */
export function formatMoney(minorUnits: number, currencyCode: string, language: Language): string {
  const digits = minorDigitsOf(currencyCode);
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: currencyCode,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorUnits / 10 ** digits);
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** 12-hour clock with the day period (AM/PM in English). */
export function formatTime(date: Date | number, language: Language, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(intlLocale(language), {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  return parts
    .map((part) => (part.type === 'dayPeriod' && language === 'en' ? part.value.toUpperCase() : part.value))
    .join('');
}

/** A time zone's name in the page's language ("Malaysia Time", "توقيت ماليزيا"), else its IANA id. */
export function timeZoneName(timeZone: string, language: Language, at: Date | number = Date.now()): string {
  try {
    const part = new Intl.DateTimeFormat(intlLocale(language), { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * A delivery slot as the store keeps it: its day and times in the store's time zone, not the
 * device's ("Fri 27 Nov, 2:00 PM–3:00 PM"); the page names the zone beside it (timeZoneName).
 */
export function formatSlot(start: number, end: number | null, language: Language, timeZone: string): string {
  let day: string;
  try {
    day = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(start);
  } catch {
    timeZone = 'UTC';
    day = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(start);
  }
  const times = end ? `${formatTime(start, language, timeZone)}–${formatTime(end, language, timeZone)}` : formatTime(start, language, timeZone);
  return `${day}, ${times}`;
}

const DAY_WORDS: Record<Language, { today: string; yesterday: string }> = {
  en: { today: 'Today', yesterday: 'Yesterday' },
  es: { today: 'Hoy', yesterday: 'Ayer' },
  ar: { today: 'اليوم', yesterday: 'أمس' },
  ms: { today: 'Hari ini', yesterday: 'Semalam' },
};

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** "Today", "Yesterday" (translated) or DD/MM/YYYY, judged in the device's local calendar. */
export function formatDateLabel(date: Date | number, language: Language, now: Date | number = Date.now()): string {
  const day = new Date(date);
  const today = startOfDay(new Date(now));
  const that = startOfDay(day);
  // Calendar days, robust to daylight-saving days of 23 or 25 hours.
  const diffDays = Math.round((today - that) / 86_400_000);
  if (diffDays === 0) return DAY_WORDS[language].today;
  if (diffDays === 1) return DAY_WORDS[language].yesterday;
  const two = new Intl.NumberFormat(intlLocale(language), { minimumIntegerDigits: 2, useGrouping: false });
  const year = new Intl.NumberFormat(intlLocale(language), { useGrouping: false });
  return `${two.format(day.getDate())}/${two.format(day.getMonth() + 1)}/${year.format(day.getFullYear())}`;
}

/** File sizes in b, KB and MB with 1024 steps. */
export function formatFileSize(bytes: number, language: Language): string {
  const size = Math.max(0, bytes);
  const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 });
  if (size < 1024) return `${number(size)} b`;
  if (size < 1024 * 1024) return `${number(size / 1024)} KB`;
  return `${number(size / (1024 * 1024))} MB`;
}
