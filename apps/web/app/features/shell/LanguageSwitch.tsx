import { LANGUAGES, toLanguage } from '@tessera/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../config/AppConfigProvider';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { GlobeIcon } from '../../ui/icons';
import { useSnackbar } from '../../ui/snackbar';

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const id = useId();
  const hydrated = useHydrated();
  const { language, setLanguage } = usePreferences();
  const config = useAppConfig();
  const languages = config.languages.length > 0 ? config.languages : LANGUAGES;
  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <GlobeIcon className="pointer-events-none absolute start-2.5 text-moss-700" />
      <select
        id={id}
        data-testid="language-switch"
        className="select h-10 w-full py-1.5 ps-9 text-sm font-medium"
        value={language}
        disabled={!hydrated}
        onChange={(event) => {
          const next = toLanguage(event.target.value);
          setLanguage(next);
          snackbar(i18n.t('preferences.languageChanged', { lng: next, name: LANGUAGE_NAMES[next] }));
        }}
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
