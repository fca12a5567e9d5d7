import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import type { TProductCustomisation } from '@tessera/contracts';
import { api } from '../../lib/api';

const LINK = 'inline-flex text-sm font-semibold text-moss-800 underline hover:text-moss-900';

/**
 * 'Customise this' on the product page, shown only when the seller allows customisation: asked in
 * the browser, so that the product page's server render keeps its one catalog read.
 */
export function CustomiseThis({ product }: { product: { id: string; title: string } }) {
  const { t } = useTranslation('catalog');
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let current = true;
    // The storefront client only (not ./api, which also carries the portals' clients): this is on public pages.
    api()
      .get<{ data: TProductCustomisation }>(`/v1/commissions/customisation/${encodeURIComponent(product.id)}`)
      .then(
        (answer) => current && setAllowed(answer.data.allowed),
        () => current && setAllowed(false),
      );
    return () => {
      current = false;
    };
  }, [product.id]);
  if (!allowed) return null;
  const query = new URLSearchParams({ productId: product.id, title: product.title });
  return (
    <Link to={`/profile/commissions?${query.toString()}`} className={LINK} data-testid="customise-this">
      {t('requests.customise')}
    </Link>
  );
}

/** 'Request a custom piece' on the store page: the fully custom request form for this store. */
export function RequestCustomPiece({ store }: { store: { id: string; name: string } }) {
  const { t } = useTranslation('catalog');
  const query = new URLSearchParams({ storeId: store.id, store: store.name });
  return (
    <Link to={`/profile/commissions?${query.toString()}`} className={`mt-3 ${LINK}`} data-testid="request-custom-piece">
      {t('requests.requestCustom')}
    </Link>
  );
}
