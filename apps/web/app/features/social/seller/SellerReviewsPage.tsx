import type { TReviewDetail } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSnackbar } from '../../../ui/snackbar';
import { useAction } from '../../../lib/route-data';
import { Card, PageTitle } from '../../../ui/bits';
import { ReviewBody } from '../ReviewBits';
import { sellerReviewsApi, type ReviewPage } from '../portal-api';
import { ReviewCards, ReviewTextForm, useReviewPages } from '../portal-reviews';

/** The seller portal's reviews (/seller/reviews): what buyers said about his products; one answer each. */
export function SellerReviewsPage({ first }: { first: ReviewPage }) {
  const { t } = useTranslation('social');
  const pages = useReviewPages(first, (cursor) => sellerReviewsApi.list(cursor));
  const replace = (saved: TReviewDetail) => pages.setRows((now) => now.map((r) => (r.id === saved.id ? saved : r)));

  return (
    <section data-testid="seller-reviews">
      <PageTitle title={t('seller.title')} lead={t('seller.lead')} />
      <ReviewCards pages={pages} none={t('seller.none')} moreLabel={t('seller.more')}>
        {(review) => (
          <Card as="article">
            <p className="mb-2 font-semibold" dir="auto">
              {review.product.title}
            </p>
            <ReviewBody review={review} extra={review.answer ? null : <AnswerForm review={review} onSaved={replace} />} />
          </Card>
        )}
      </ReviewCards>
    </section>
  );
}

function AnswerForm({ review, onSaved }: { review: TReviewDetail; onSaved(review: TReviewDetail): void }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | undefined>();
  const answering = useAction<TReviewDetail>({
    done: (saved) => {
      onSaved(saved);
      snackbar(t('seller.answered'));
    },
    failed: (problem) => setError(problem.message),
  });

  return (
    <ReviewTextForm
      openLabel={t('seller.answer')}
      openTestId="answer-review"
      label={t('seller.answerLabel', { author: review.author })}
      name="text"
      maxLength={2000}
      rows={3}
      submitLabel={t('seller.answerSubmit')}
      pending={answering.pending}
      error={error}
      onSubmit={(text) => void answering.submit('answer', { id: review.id, text })}
    />
  );
}
