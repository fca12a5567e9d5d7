import type { TAppConfig } from '@tessera/contracts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { formatDateLabel, formatMoney, formatTime } from '../../lib/format';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { AlertIcon } from '../../ui/icons';
import { useSnackbar } from '../../ui/snackbar';
import { fetchAppConfig } from './config-api';
import { SectionIntro } from '../home/SectionIntro';

/** What the home route's clientLoader read: the config and when, or null when the read failed. */
export type Essentials = { config: TAppConfig; loadedAt: number } | null;

/**
 * The section's read, for the home route's clientLoader: GET /v1/config in the browser through the API
 * client (so through the guest token queue). A failure is the section's own state, not the page's.
 */
export function loadEssentials(signal: AbortSignal): Promise<Essentials> {
  return fetchAppConfig(signal).then(
    (config) => ({ config, loadedAt: Date.now() }),
    () => null,
  );
}

/** Example amount shown in each currency: 1,250 in major units. */
const SAMPLE_MAJOR_UNITS = 1250;

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm" data-testid={testId}>
      <h3 className="font-sans text-sm font-semibold uppercase tracking-wider text-clay-700 rtl:tracking-normal">{title}</h3>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/**
 * Payment types, delivery modes, currencies and languages, read by the home route's clientLoader
 * (`loadEssentials`) once the page is in the browser: `undefined` until then (the server's HTML and the
 * hydration show the placeholders), null when the read failed (a retry reads again).
 */
export function TradeEssentials({ essentials }: { essentials: Essentials | undefined }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const failed = essentials === null;
  const state =
    essentials === undefined || (failed && revalidator.state === 'loading')
      ? { status: 'loading' as const }
      : failed
        ? { status: 'error' as const }
        : { status: 'ready' as const, ...essentials };

  useEffect(() => {
    if (failed) snackbar(t('home.essentials.error'), { variant: 'error' });
  }, [failed, snackbar, t]);

  return (
    <section aria-labelledby="essentials-title" className="py-16 sm:py-20">
      <Container>
        <SectionIntro id="essentials-title" title={t('home.essentials.title')} lead={t('home.essentials.lead')} />
        <div className="mt-10" data-testid="trade-essentials" data-state={state.status} aria-busy={state.status === 'loading'}>
          {state.status === 'loading' && (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              <p className="sr-only" role="status">
                {t('home.essentials.loading')}
              </p>
              {[0, 1, 2, 3].map((n) => (
                <div key={n} aria-hidden="true" className="h-44 animate-pulse rounded-2xl border border-sand-200 bg-sand-100" />
              ))}
            </div>
          )}
          {state.status === 'error' && (
            <div className="flex flex-col items-start gap-4 rounded-2xl border border-clay-100 bg-clay-50 p-6 sm:flex-row sm:items-center">
              <AlertIcon className="shrink-0 text-clay-700" width={24} height={24} />
              <p className="flex-1 font-medium text-clay-700">{t('home.essentials.error')}</p>
              <Button variant="secondary" onClick={() => void revalidator.revalidate()}>
                {t('common.retry')}
              </Button>
            </div>
          )}
          {state.status === 'ready' && (
            <>
              <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
                <Card title={t('home.essentials.payments')} testId="payment-types">
                  <ul className="space-y-2">
                    {state.config.paymentTypes.map((type) => (
                      <li key={type} data-value={type} className="font-medium">
                        {t(`payment.${type}`)}
                      </li>
                    ))}
                  </ul>
                </Card>
                <Card title={t('home.essentials.delivery')} testId="delivery-modes">
                  <ul className="space-y-2">
                    {state.config.deliveryModes.map((mode) => (
                      <li key={mode} data-value={mode} className="font-medium">
                        {t(`delivery.${mode}`)}
                      </li>
                    ))}
                  </ul>
                </Card>
                <Card title={t('home.essentials.currencies')} testId="currencies">
                  <ul className="space-y-2">
                    {state.config.currencies.map((currency) => (
                      <li key={currency.code} data-value={currency.code} className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="font-medium">
                          {currency.code} <span className="text-ink-muted">{currency.symbol}</span>
                        </span>
                        <bdi className="text-sm text-ink-muted">
                          {formatMoney(SAMPLE_MAJOR_UNITS * 10 ** currency.minorDigits, currency.code, language)}
                        </bdi>
                      </li>
                    ))}
                  </ul>
                </Card>
                <Card title={t('home.essentials.languages')} testId="languages">
                  <ul className="space-y-2">
                    {state.config.languages.map((lng) => (
                      <li key={lng} lang={lng} data-value={lng} className="font-medium">
                        {LANGUAGE_NAMES[lng]}
                      </li>
                    ))}
                  </ul>
                </Card>
              </div>
              <p className="mt-6 text-sm text-ink-muted" data-testid="essentials-updated">
                {t('home.essentials.updated', {
                  day: formatDateLabel(state.loadedAt, language),
                  time: formatTime(state.loadedAt, language),
                })}
              </p>
            </>
          )}
        </div>
      </Container>
    </section>
  );
}
