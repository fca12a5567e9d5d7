import type { Currency, TAppConfig } from '@tessera/contracts';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { pickCurrency, usePreferences } from '../../lib/preferences';
import { fetchAppConfig, isAbortError, storeAppConfig } from './config-api';

const AppConfigContext = createContext<TAppConfig | null>(null);

/**
 * The app config: rendered from the server's copy, then refreshed once in the browser through the
 * API (which also starts the guest session when there is none) and kept in local storage.
 */
export function AppConfigProvider({ initial, children }: { initial: TAppConfig; children: ReactNode }) {
  const [config, setConfig] = useState(initial);
  useEffect(() => {
    const controller = new AbortController();
    fetchAppConfig(controller.signal)
      .then((fresh) => {
        storeAppConfig(fresh);
        setConfig(fresh);
      })
      .catch((error: unknown) => {
        // The server-rendered copy stays in use; the page works without the refresh.
        if (!isAbortError(error)) console.warn('Could not refresh the app config', error);
      });
    return () => controller.abort();
  }, []);
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): TAppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig needs an AppConfigProvider');
  return config;
}

/** The visitor's currency, looked up in the config's currencies (EUR when the choice is unknown). */
export function useCurrency(): Currency {
  const { currencies } = useAppConfig();
  const { currencyCode } = usePreferences();
  return pickCurrency(currencies, currencyCode);
}
