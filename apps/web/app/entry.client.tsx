import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { startBrowserI18n } from './lib/i18n/browser';
import { I18nProvider } from './lib/i18n/react';
import { registerServiceWorker } from './lib/service-worker';

const RELOADED_KEY = 'tessera:reloaded-for-texts';
/** Whether this tab already reloaded because the texts failed; true where storage is off (no reload loops). */
function markReload(): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_KEY)) return true;
    sessionStorage.setItem(RELOADED_KEY, '1');
    return false;
  } catch {
    return true;
  }
}

// The page's language of its namespaces is fetched first: the first render must show the very texts
// the server rendered (no flash of keys, no hydration mismatch), and the bundle carries no texts.
startBrowserI18n().then(
  (i18n) => {
    try {
      sessionStorage.removeItem(RELOADED_KEY);
    } catch {
      // Storage is off: nothing was kept.
    }
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <HydratedRouter />
          </I18nProvider>
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    // The texts did not download, even when tried again. After a deploy the page may name chunks
    // that no longer exist: one reload fetches the new page. If that fails too, the page stays as
    // the server rendered it: readable, its links working, without the scripts.
    console.error('The page texts could not be loaded', error);
    if (!markReload()) window.location.reload();
  },
);

registerServiceWorker();
