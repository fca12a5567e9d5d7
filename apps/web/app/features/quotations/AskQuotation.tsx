import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';

/** 'Ask for a quotation' on the product page: opens the buyer's quotation form for this product (and variant). */
export function AskQuotation({ product, variantId }: { product: { id: string; title: string; moq: number }; variantId: string | null }) {
  const { t } = useTranslation('catalog');
  const query = new URLSearchParams({ productId: product.id, title: product.title, moq: String(product.moq), ...(variantId ? { variantId } : {}) });
  return (
    <Link
      to={`/profile/quotations?${query.toString()}`}
      className="inline-flex text-sm font-semibold text-moss-800 underline hover:text-moss-900"
      data-testid="ask-quotation"
    >
      {t('requests.askQuotation')}
    </Link>
  );
}
