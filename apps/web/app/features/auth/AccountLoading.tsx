import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { refreshAccount } from './account';

/** What an account page shows until the profile is there (and on the server). */
export function AccountLoading({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Container className="py-16">
      <div className="mx-auto max-w-md rounded-3xl border border-sand-200 bg-white p-8 text-center" data-testid="account-loading" aria-busy={!failed}>
        {failed ? (
          <>
            <p className="font-semibold text-moss-900">{t('profile.loadError')}</p>
            <Button variant="secondary" className="mt-5" onClick={() => void refreshAccount()}>
              {t('common.retry')}
            </Button>
          </>
        ) : (
          <p className="text-ink-muted" role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
    </Container>
  );
}
