import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { Alert } from './Alert';
import { Button } from './Button';

/**
 * The three states of a page's data, the same on every page (docs/web.md "Loading and submitting
 * data"): waiting for the loader (a route's HydrateFallback), the loader failed (a route's
 * ErrorBoundary, with a retry), and nothing to show.
 */
export function Pending({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-ink-muted" data-testid="page-pending">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-moss-300 border-t-moss-700" />
      {label ?? t('common.loading')}
    </p>
  );
}

export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={t('common.loadError')} testId="page-error">
      {onRetry ? (
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}

export function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="mt-6 text-ink-muted" data-testid={testId ?? 'page-empty'}>
      {children}
    </p>
  );
}
