import { INTL_LOCALES, type Language } from '@tessera/contracts';

/**
 * Names of countries and currencies in the page's language, from the runtime's Intl data (CLDR):
 * no name tables to translate or keep up to date. Node 20's full ICU renders them on the server;
 * the browser's Intl names them again on hydration (see ui/countries.ts for the options).
 */
type Kind = 'region' | 'currency';

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(kind: Kind, language: Language): Intl.DisplayNames | null {
  const key = `${kind}:${language}`;
  let names = cache.get(key);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([INTL_LOCALES[language], 'en'], { type: kind, fallback: 'code' });
    } catch {
      names = null;
    }
    cache.set(key, names);
  }
  return names;
}

function nameOf(kind: Kind, code: string, language: Language): string {
  try {
    return displayNames(kind, language)?.of(code) ?? code;
  } catch {
    // A malformed code (RangeError) is shown as it is.
    return code;
  }
}

/** A country's name ('MY' → 'Malaysia', 'Malasia', 'ماليزيا'); the code itself when unknown. */
export function regionName(code: string, language: Language): string {
  return /^[A-Z]{2}$/.test(code) ? nameOf('region', code, language) : code;
}

/** A currency's name ('MYR' → 'Malaysian Ringgit', 'ringit malasio'…); the code itself when unknown. */
export function currencyName(code: string, language: Language): string {
  return /^[A-Z]{3}$/.test(code) ? nameOf('currency', code, language) : code;
}
