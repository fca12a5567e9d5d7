import { useTranslation } from '../../../lib/i18n/react';
import { useRouteError } from 'react-router';
import { HttpError } from '../../../lib/http';
import { errorText } from '../../../lib/errors';
import { ButtonLink } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { Notice } from '../../../ui/bits';
import { PortalRouteError } from '../../portal-shell/PortalRouteError';

/**
 * The edit page's ErrorBoundary (routes/seller/product-edit.tsx): a product that is not the store's
 * (404) says so, with the way back to the list; a lost session or any other failure is the portal's
 * (login form, or the error with a retry).
 */
export function ProductLoadError() {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const error = useRouteError();
  if (!(error instanceof HttpError && error.status === 404)) return <PortalRouteError />;
  return (
    <Container className="py-10">
      <Notice tone="rejected" title={t('form.notFound')}>
        <p>{errorText(error, tp)}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <ButtonLink to="/seller/products" variant="ghost">
            {t('form.back')}
          </ButtonLink>
        </div>
      </Notice>
    </Container>
  );
}
