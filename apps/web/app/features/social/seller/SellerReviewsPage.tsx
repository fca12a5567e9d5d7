import type { TReviewDetail } from '@tessera/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';
import { useSnackbar } from '../../../ui/snackbar';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Card, Notice, PageTitle, Spinner } from '../../../ui/bits';
import { ReviewBody } from '../ReviewBits';
import { sellerReviewsApi } from '../portal-api';

/** The seller portal's reviews (/seller/reviews): what buyers said about his products; one answer each. */
export function SellerReviewsPage() {
  const { t } = useTranslation('social');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const first = useResource(session.signedIn ? 'seller-reviews' : null, (signal) => sellerReviewsApi.list(undefined, signal), session.expire);
  const [rows, setRows] = useState<TReviewDetail[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  useEffect(() => {
    if (first.data) {
      setRows(first.data.items);
      setCursor(first.data.nextCursor);
    }
  }, [first.data]);

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
      {first.loading && rows.length === 0 ? <Spinner label={tp('common.loading')} /> : null}
      {first.error ? <Notice tone="rejected">{errorText(first.error, tp)}</Notice> : null}
      {first.data && rows.length === 0 ? <p className="text-ink-muted">{t('seller.none')}</p> : null}
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
  const { t: tp } = useTranslation('portal');
  const snackbar = useSnackbar();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      onSaved(await sellerReviewsApi.answer(review.id, text));
      snackbar(t('seller.answered'));
    } catch (failure) {
      setError(errorText(failure, tp));
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => setOpen(true)} data-testid="answer-review">
        {t('seller.answer')}
      </Button>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" noValidate>
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
        <Button type="submit">{t('seller.answerSubmit')}</Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
