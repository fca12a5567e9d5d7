import { LANGUAGES, toLanguage, type Language } from '@tessera/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useAppConfig } from '../config/AppConfigProvider';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { GlobeIcon } from '../../ui/icons';
import { useSnackbar } from '../../ui/snackbar';

/**
 * The language select itself: changing it fetches the new language's texts, then keeps the choice
 * (lang cookie), switches and says so in the new language. While the texts are on their way the select
 * shows the chosen language (busy) and the page stays as it is; if they cannot be fetched (offline)
 * the select goes back and a message says so.
 */
export function LanguageSelect({
  languages,
  label,
  testId,
  className = '',
}: {
  languages: readonly Language[];
  label: string;
  testId: string;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const snackbar = useSnackbar();
  const id = useId();
  const hydrated = useHydrated();
  const { language, setLanguage } = usePreferences();
  // The language being fetched: the select shows it at once rather than the old one.
  const [pending, setPending] = useState<Language | null>(null);
  const choose = async (next: Language) => {
    setPending(next);
    try {
      await i18n.loadLanguage(next);
    } catch (error) {
      console.warn('The texts of the new language could not be loaded', error);
      setPending(null);
      snackbar(i18n.t('preferences.languageFailed', { name: LANGUAGE_NAMES[next] }), { variant: 'error' });
      return;
    }
    setLanguage(next);
    setPending(null);
    snackbar(i18n.t('preferences.languageChanged', { lng: next, name: LANGUAGE_NAMES[next] }));
  };
  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <GlobeIcon className="pointer-events-none absolute start-2.5 text-moss-700" />
      <select
        id={id}
        data-testid={testId}
        className="select h-10 w-full py-1.5 ps-9 text-sm font-medium"
        value={pending ?? language}
        aria-busy={pending !== null}
        disabled={!hydrated}
        onChange={(event) => void choose(toLanguage(event.target.value))}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The storefront's language switch: the languages of the app config. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const languages = config.languages.length > 0 ? config.languages : LANGUAGES;
  return <LanguageSelect languages={languages} label={t('header.language')} testId="language-switch" className={className} />;
}
