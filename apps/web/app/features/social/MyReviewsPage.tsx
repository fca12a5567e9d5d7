import type { TReviewable, TReviewDetail } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useRevalidator } from 'react-router';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { LoadFailed } from '../../ui/PageState';
import { useSnackbar } from '../../ui/snackbar';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { formatDate } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { ReviewBody } from './ReviewBits';
import { ReviewForm } from './ReviewForm';

export type MyReviews = { reviewable: TReviewable[]; reviewed: TReviewDetail[] };

/**
 * /profile/reviews: the delivered lines still to review (each opens the form) and the buyer's own
 * reviews (edit; a hidden one shows the team's reason — only its author sees it). The route's
 * clientLoader reads them (null for a guest, whom useBuyerAccount sends to the login page, or when the
 * read failed). The form saves the review and then its photos itself (ReviewForm, shared with the
 * product page: docs/web.md "Kept as plain api calls"); the page then has the loader read them again.
 */
export function MyReviewsPage({ mine }: { mine: MyReviews | null }) {
  const { t } = useTranslation('social');
  const { language } = usePreferences();
  const account = useBuyerAccount();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<string | null>(null);

  const done = (_saved: TReviewDetail, message: string, ok: boolean) => {
    setOpen(null);
    snackbar(message, { variant: ok ? 'success' : 'error' });
    void revalidator.revalidate();
  };

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('mine.title')} lead={t('mine.lead')} testId="my-reviews-page">
      {mine === null ? (
        <LoadFailed onRetry={() => void revalidator.revalidate()} />
      ) : (
        <div className="space-y-6">
          <Panel title={t('mine.toReview')} id="to-review-title">
            {mine.reviewable.length === 0 ? (
              <p className="text-ink-muted">{t('mine.nothingToReview')}</p>
            ) : (
              <ul className="divide-y divide-sand-200" data-testid="reviewable">
                {mine.reviewable.map((line) => (
                  <li key={line.orderLineId} className="py-4 first:pt-0 last:pb-0" data-testid="reviewable-line">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div className="min-w-0">
                        <Link to={`/p/${line.product.slug}`} dir="auto" className="font-semibold text-moss-800 hover:underline">
                          {line.product.title}
                        </Link>
                        <p className="text-sm text-ink-muted">{t('mine.delivered', { date: formatDate(line.deliveredAt, language) })}</p>
                      </div>
                      {open !== line.orderLineId ? (
                        <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => setOpen(line.orderLineId)}>
                          {t('mine.write')}
                        </Button>
                      ) : null}
                    </div>
                    {open === line.orderLineId ? (
                      <ReviewForm target={{ productId: line.product.id, orderLineId: line.orderLineId }} onDone={done} onCancel={() => setOpen(null)} />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={t('mine.reviewed')} id="reviewed-title">
            {mine.reviewed.length === 0 ? (
              <p className="text-ink-muted">{t('mine.noReviews')}</p>
            ) : (
              <ul className="divide-y divide-sand-200" data-testid="my-reviews">
                {mine.reviewed.map((review) => (
                  <li key={review.id} className="py-4 first:pt-0 last:pb-0" data-testid="my-review" data-status={review.status}>
                    <p className="mb-2">
                      <Link to={`/p/${review.product.slug}`} dir="auto" className="font-semibold text-moss-800 hover:underline">
                        {review.product.title}
                      </Link>
                      <span className="ms-2 text-sm text-ink-muted">{t('mine.byStore', { store: `\u2068${review.store.storeAliasName}\u2069` })}</span>
                    </p>
                    {review.status === 'hidden' ? (
                      <div className="mb-2 rounded-2xl bg-clay-50 p-3 text-sm text-clay-800" data-testid="hidden-reason">
                        <p className="font-semibold">{t('mine.hidden')}</p>
                        {review.hiddenReason ? (
                          <p>
                            {t('mine.hiddenReason', { reason: '' })}
                            <bdi>{review.hiddenReason}</bdi>
                          </p>
                        ) : null}
                      </div>
                    ) : null}
                    {open === review.id ? (
                      <ReviewForm review={review} onDone={done} onCancel={() => setOpen(null)} />
                    ) : (
                      <ReviewBody
                        review={review}
                        extra={
                          <Button variant="ghost" className="px-3 py-1 text-sm" onClick={() => setOpen(review.id)}>
                            {t('mine.edit')}
                          </Button>
                        }
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      )}
    </AccountLayout>
  );
}
