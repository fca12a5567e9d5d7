import { REVIEW_REASON_MAX, REVIEW_STATUSES, type ReviewStatus, type TReviewDetail } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAction } from '../../../lib/route-data';
import { Empty } from '../../../ui/PageState';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';
import { useSnackbar } from '../../../ui/snackbar';
import { Tabs } from '../../../ui/Tabs';
import { Card, PageTitle } from '../../../ui/bits';
import { ReviewBody } from '../ReviewBits';
import { adminReviewsApi, type ReviewPage } from '../portal-api';

/** The team's moderation (/admin/reviews): visible and hidden reviews; hide with a reason, show again. */
export function AdminReviewsPage({ status, first }: { status: ReviewStatus; first: ReviewPage }) {
  const { t } = useTranslation('social');
  const [, setSearchParams] = useSearchParams();
  const [rows, setRows] = useState<TReviewDetail[]>(first.items);
  const [cursor, setCursor] = useState<string | null>(first.nextCursor);
  // Another tab, or the loader after a change: start from its first page.
  useEffect(() => {
    setRows(first.items);
    setCursor(first.nextCursor);
  }, [first]);

  async function more() {
    if (!cursor) return;
    const page = await adminReviewsApi.list(status, cursor);
    setRows((now) => [...now, ...page.items]);
    setCursor(page.nextCursor);
  }
  // A review that changed state leaves this tab.
  const moved = (saved: TReviewDetail) => setRows((now) => now.filter((r) => r.id !== saved.id));

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
        {rows.length === 0 ? <Empty>{t('admin.none')}</Empty> : null}
        <ul className="space-y-4">
          {rows.map((review) => (
            <li key={review.id}>
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
            </li>
          ))}
        </ul>
        {cursor ? (
          <Button variant="secondary" className="mt-4" onClick={() => void more()}>
            {t('admin.more')}
          </Button>
        ) : null}
      </Tabs>
    </section>
  );
}

function Moderate({ review, onSaved }: { review: TReviewDetail; onSaved(review: TReviewDetail): void }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const moderating = useAction<TReviewDetail>({
    done: (saved, intent) => {
      onSaved(saved);
      snackbar(intent === 'hide' ? t('admin.hiddenDone') : t('admin.unhiddenDone'));
    },
    failed: (problem, intent) => (intent === 'hide' ? setError(problem.message) : snackbar(problem.message, { variant: 'error' })),
  });

  function hide(event: FormEvent) {
    event.preventDefault();
    void moderating.submit('hide', { id: review.id, reason });
  }
  const unhide = () => void moderating.submit('unhide', review.id);

  if (review.status === 'hidden') {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" disabled={moderating.pending} onClick={unhide} data-testid="unhide-review">
        {t('admin.unhide')}
      </Button>
    );
  }
  if (!open) {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => setOpen(true)} data-testid="hide-review">
        {t('admin.hide')}
      </Button>
    );
  }
  return (
    <form onSubmit={hide} className="space-y-2" noValidate aria-label={t('admin.hideTitle', { author: review.author })}>
      <TextAreaField
        label={t('admin.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={REVIEW_REASON_MAX}
        rows={2}
        dir="auto"
        error={error}
        name="reason"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={moderating.pending}>
          {t('admin.hideSubmit')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
