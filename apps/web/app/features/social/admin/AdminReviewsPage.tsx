import { REVIEW_REASON_MAX, REVIEW_STATUSES, type ReviewStatus, type TReviewDetail } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { useAction } from '../../../lib/route-data';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import { Tabs } from '../../../ui/Tabs';
import { Card, PageTitle } from '../../../ui/bits';
import { ReviewBody } from '../ReviewBits';
import { adminReviewsApi, type ReviewPage } from '../portal-api';
import { ReviewCards, ReviewTextForm, useReviewPages } from '../portal-reviews';

/** The team's moderation (/admin/reviews): visible and hidden reviews; hide with a reason, show again. */
export function AdminReviewsPage({ status, first }: { status: ReviewStatus; first: ReviewPage }) {
  const { t } = useTranslation('social');
  const [, setSearchParams] = useSearchParams();
  const pages = useReviewPages(first, (cursor) => adminReviewsApi.list(status, cursor));
  // A review that changed state leaves this tab.
  const moved = (saved: TReviewDetail) => pages.setRows((now) => now.filter((r) => r.id !== saved.id));

  return (
    <section data-testid="admin-reviews">
      <PageTitle title={t('admin.title')} lead={t('admin.lead')} />
      <Tabs
        label={t('admin.tabs')}
        look="pills"
        className="max-w-sm"
        items={REVIEW_STATUSES.map((s) => ({ key: s as ReviewStatus, label: t(`admin.${s}`) }))}
        selected={status}
        onSelect={(s: ReviewStatus) => setSearchParams(s === 'visible' ? {} : { status: s })}
        panelClassName="mt-4"
      >
        <ReviewCards pages={pages} none={t('admin.none')} moreLabel={t('admin.more')}>
          {(review) => (
            <Card as="article" data-testid="admin-review">
              <p className="mb-1 text-sm text-ink-muted">
                <span dir="auto">{review.product.title}</span> · {t('admin.store', { store: `\u2068${review.store.storeAliasName}\u2069` })}
              </p>
              {review.status === 'hidden' && review.hiddenReason ? (
                <p className="mb-2 rounded-xl bg-clay-50 p-2 text-sm text-clay-800">
                  {t('mine.hiddenReason', { reason: '' })}
                  <bdi>{review.hiddenReason}</bdi>
                </p>
              ) : null}
              <ReviewBody review={review} extra={<Moderate review={review} onSaved={moved} />} />
            </Card>
          )}
        </ReviewCards>
      </Tabs>
    </section>
  );
}

function Moderate({ review, onSaved }: { review: TReviewDetail; onSaved(review: TReviewDetail): void }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | undefined>();
  const moderating = useAction<TReviewDetail>({
    done: (saved, intent) => {
      onSaved(saved);
      snackbar(intent === 'hide' ? t('admin.hiddenDone') : t('admin.unhiddenDone'));
    },
    failed: (problem, intent) => (intent === 'hide' ? setError(problem.message) : snackbar(problem.message, { variant: 'error' })),
  });

  const unhide = () => void moderating.submit('unhide', review.id);

  if (review.status === 'hidden') {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" disabled={moderating.pending} onClick={unhide} data-testid="unhide-review">
        {t('admin.unhide')}
      </Button>
    );
  }
  return (
    <ReviewTextForm
      openLabel={t('admin.hide')}
      openTestId="hide-review"
      formLabel={t('admin.hideTitle', { author: review.author })}
      label={t('admin.reason')}
      name="reason"
      maxLength={REVIEW_REASON_MAX}
      rows={2}
      submitLabel={t('admin.hideSubmit')}
      pending={moderating.pending}
      error={error}
      onSubmit={(reason) => void moderating.submit('hide', { id: review.id, reason })}
    />
  );
}
