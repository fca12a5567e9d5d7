import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useAppConfig, useCurrency } from '../config/AppConfigProvider';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { useSnackbar } from '../../ui/snackbar';
import { CoinsIcon } from '../../ui/icons';

export function CurrencySwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const { currencies } = useAppConfig();
  const currency = useCurrency();
  const { setCurrency } = usePreferences();
  const snackbar = useSnackbar();
  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('header.currency')}
      </label>
      <CoinsIcon className="pointer-events-none absolute start-2.5 text-moss-700" />
      <select
        id={id}
        data-testid="currency-switch"
        className="select h-10 w-full py-1.5 ps-9 text-sm font-medium"
        value={currency.code}
        disabled={!hydrated}
        onChange={(event) => {
          const next = currencies.find((c) => c.code === event.target.value);
          if (!next) return;
          setCurrency(next);
          snackbar(t('preferences.currencyChanged', { code: next.code }));
        }}
      >
        {currencies.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} · {c.symbol}
          </option>
        ))}
      </select>
    </div>
  );
}
