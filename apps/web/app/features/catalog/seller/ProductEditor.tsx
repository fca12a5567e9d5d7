import type { TSellerProduct } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { HttpError } from '../../../lib/http';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Notice, Spinner } from '../../../ui/bits';
import { getProduct } from './api';
import { ProductForm } from './ProductForm';

/** The edit page of one product: loads it and shows the form. */
export function ProductEditor({ id }: { id: string }) {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const product = useResource<TSellerProduct>(session.signedIn ? `seller-product:${id}` : null, (signal) => getProduct(session.client(), id, signal), session.expire);
  const data = product.data;

  if (data) return <ProductForm key={data.id} product={data} />;
  return (
    <Container className="py-10">
      {product.error ? (
        <Notice tone="rejected" title={product.error instanceof HttpError && product.error.status === 404 ? t('form.notFound') : t('form.loadError')}>
          <p>{errorText(product.error, tp)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="secondary" onClick={product.reload}>
              {tp('common.retry')}
            </Button>
            <ButtonLink to="/seller/products" variant="ghost">
              {t('form.back')}
            </ButtonLink>
          </div>
        </Notice>
      ) : (
        <Spinner label={tp('common.loading')} />
      )}
    </Container>
  );
}
