import { useTranslation } from '../../../lib/i18n/react';
import { Link } from 'react-router';

export function Breadcrumbs({ items }: { items: { href: string; label: string }[] }) {
  const { t } = useTranslation('catalog');
  return (
    <nav aria-label={t('listing.breadcrumb')} className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-moss-800 hover:underline">
            {t('listing.home')}
          </Link>
        </li>
        {items.map((item, index) => (
          <li key={item.href} className="flex items-center gap-1">
            <span aria-hidden="true">/</span>
            {index === items.length - 1 ? (
              <span aria-current="page" className="font-medium text-ink">
                <bdi>{item.label}</bdi>
              </span>
            ) : (
              <Link to={item.href} className="hover:text-moss-800 hover:underline">
                <bdi>{item.label}</bdi>
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
