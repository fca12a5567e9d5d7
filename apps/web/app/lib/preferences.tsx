import {
  COOKIE_KEYS,
  DEFAULT_CURRENCY_CODE,
  MOBILE_MAX_WIDTH,
  isRtl,
  type Currency,
  type Language,
} from '@tessera/contracts';
import type { I18n } from './i18n/runtime';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { browserCookies } from './cookies';
import { PREFERENCE_COOKIE_DAYS } from './session-keys';

/** Language and currency of this visitor, kept in cookies so that reloads and the server agree. */
export interface Preferences {
  language: Language;
  dir: 'ltr' | 'rtl';
  setLanguage(language: Language): void;
  /** The chosen currency's code; look it up in the app config's currencies (useCurrency). */
  currencyCode: string;
  setCurrency(currency: Currency): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

export function pickCurrency(currencies: readonly Currency[], code: string | undefined): Currency {
  return (
    currencies.find((c) => c.code === code) ??
    currencies.find((c) => c.code === DEFAULT_CURRENCY_CODE) ??
    currencies[0] ?? { code: DEFAULT_CURRENCY_CODE, symbol: '€', minorDigits: 2 }
  );
}

export function PreferencesProvider({
  i18n,
  language,
  onLanguageChange,
  initialCurrencyCode,
  children,
}: {
  i18n: I18n;
  language: Language;
  onLanguageChange(language: Language): void;
  initialCurrencyCode: string;
  children: ReactNode;
}) {
  const [currencyCode, setCurrencyCode] = useState(initialCurrencyCode);

  const setLanguage = useCallback(
    (next: Language) => {
      browserCookies.set(COOKIE_KEYS.lang, next, { days: PREFERENCE_COOKIE_DAYS });
      void i18n.changeLanguage(next);
      onLanguageChange(next);
    },
    [i18n, onLanguageChange],
  );

  const setCurrency = useCallback((next: Currency) => {
    browserCookies.set(COOKIE_KEYS.currencyCode, next.code, { days: PREFERENCE_COOKIE_DAYS });
    browserCookies.set(COOKIE_KEYS.currencySymbol, next.symbol, { days: PREFERENCE_COOKIE_DAYS });
    setCurrencyCode(next.code);
  }, []);

  const value = useMemo<Preferences>(
    () => ({ language, dir: isRtl(language) ? 'rtl' : 'ltr', setLanguage, currencyCode, setCurrency }),
    [language, setLanguage, currencyCode, setCurrency],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}

/** The seed's isMobile flag: width at most 600 px in the browser, the user agent on the server. */
const MobileContext = createContext(false);

export function MobileProvider({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [isMobile, setIsMobile] = useState(initial);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
    const update = () => setIsMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return <MobileContext.Provider value={isMobile}>{children}</MobileContext.Provider>;
}

export function useIsMobile(): boolean {
  return useContext(MobileContext);
}

/** True once React has hydrated the page (controls that need JavaScript wait for it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
