import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { startBrowserI18n } from './lib/i18n/browser';
import { registerServiceWorker } from './lib/service-worker';

// The page's language of its namespaces is fetched first: the first render must show the very texts
// the server rendered (no flash of keys, no hydration mismatch), and the bundle carries no texts.
void startBrowserI18n().then((i18n) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});

registerServiceWorker();
