import { useTranslation } from 'react-i18next';
import { Container } from '../../../ui/Container';
import { Link } from 'react-router';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { money } from '../../catalog/format';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Card, Notice, PageTitle, Spinner } from '../../../ui/bits';
import { sellerCommissionsApi } from '../api';
import { StatusBadge } from '../CommissionBits';

/** The seller portal's commissions inbox (/seller/commissions): newest activity first, each opening its page. */
export function SellerCommissionsPage() {
  const { t } = useTranslation('commissions');
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const inbox = useResource(session.signedIn ? 'seller-commissions' : null, (signal) => sellerCommissionsApi.inbox(signal), session.expire);
  return (
    <Container className="py-8 sm:py-10" data-testid="seller-commissions">
      <PageTitle title={t('seller.title')} lead={t('seller.lead')} />
      {inbox.loading && !inbox.data ? <Spinner label={tp('common.loading')} /> : null}
      {inbox.error ? <Notice tone="rejected">{errorText(inbox.error, tp)}</Notice> : null}
      {inbox.data && inbox.data.length === 0 ? <p className="text-ink-muted">{t('seller.none')}</p> : null}
      {inbox.data && inbox.data.length > 0 ? (
        <ul className="space-y-3" data-testid="seller-commission-inbox">
          {inbox.data.map((row) => (
            <li key={row.id}>
              <Card as="article" data-testid="seller-commission-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/seller/commissions/${row.id}`} className="min-w-0 font-semibold text-moss-900 underline-offset-2 hover:underline" dir="auto">
                    {row.title}
                  </Link>
                  <StatusBadge status={row.status} />
                </div>
                <p className="mt-1 text-sm text-ink-muted">
                  {t(`kind.${row.kind}`)} · {t('buyer')}: <bdi>{row.buyerName}</bdi> · {t('quantity')}: {row.quantity}
                  {row.price ? ` · ${money(row.price, language)}` : ''} · {formatDateLabel(row.updatedAt, language)}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </Container>
  );
}
