import type { TReviewDetail } from '@tessera/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';
import { useSnackbar } from '../../../ui/snackbar';
import { useAction } from '../../../lib/route-data';
import { Empty } from '../../../ui/PageState';
import { Card, PageTitle } from '../../../ui/bits';
import { ReviewBody } from '../ReviewBits';
import { sellerReviewsApi, type ReviewPage } from '../portal-api';

/** The seller portal's reviews (/seller/reviews): what buyers said about his products; one answer each. */
export function SellerReviewsPage({ first }: { first: ReviewPage }) {
  const { t } = useTranslation('social');
  const [rows, setRows] = useState<TReviewDetail[]>(first.items);
  const [cursor, setCursor] = useState<string | null>(first.nextCursor);
  // The loader brought the first page again (after an answer): start from it.
  useEffect(() => {
    setRows(first.items);
    setCursor(first.nextCursor);
  }, [first]);

  async function more() {
    if (!cursor) return;
    const page = await sellerReviewsApi.list(cursor);
    setRows((now) => [...now, ...page.items]);
    setCursor(page.nextCursor);
  }
  const replace = (saved: TReviewDetail) => setRows((now) => now.map((r) => (r.id === saved.id ? saved : r)));

  return (
    <section data-testid="seller-reviews">
      <PageTitle title={t('seller.title')} lead={t('seller.lead')} />
      {rows.length === 0 ? <Empty>{t('seller.none')}</Empty> : null}
      <ul className="space-y-4">
        {rows.map((review) => (
          <li key={review.id}>
            <Card as="article">
              <p className="mb-2 font-semibold" dir="auto">
                {review.product.title}
              </p>
              <ReviewBody review={review} extra={review.answer ? null : <AnswerForm review={review} onSaved={replace} />} />
            </Card>
          </li>
        ))}
      </ul>
      {cursor ? (
        <Button variant="secondary" className="mt-4" onClick={() => void more()}>
          {t('seller.more')}
        </Button>
      ) : null}
    </section>
  );
}

function AnswerForm({ review, onSaved }: { review: TReviewDetail; onSaved(review: TReviewDetail): void }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answering = useAction<TReviewDetail>({
    done: (saved) => {
      onSaved(saved);
      snackbar(t('seller.answered'));
    },
    failed: (problem) => setError(problem.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void answering.submit('answer', { id: review.id, text });
  }

  if (!open) {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => setOpen(true)} data-testid="answer-review">
        {t('seller.answer')}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <TextAreaField
        id={id}
        label={t('seller.answerLabel', { author: review.author })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={2000}
        rows={3}
        dir="auto"
        error={error}
        name="text"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={answering.pending}>
          {t('seller.answerSubmit')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
