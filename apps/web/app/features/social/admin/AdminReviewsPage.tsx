import { REVIEW_REASON_MAX, REVIEW_STATUSES, type ReviewStatus, type TReviewDetail } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';
import { useSnackbar } from '../../../ui/snackbar';
import { Tabs } from '../../../ui/Tabs';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Card, Notice, PageTitle, Spinner } from '../../../ui/bits';
import { ReviewBody } from '../ReviewBits';
import { adminReviewsApi } from '../portal-api';

/** The team's moderation (/admin/reviews): visible and hidden reviews; hide with a reason, show again. */
export function AdminReviewsPage() {
  const { t } = useTranslation('social');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const [status, setStatus] = useState<ReviewStatus>('visible');
  const first = useResource(session.signedIn ? `admin-reviews-${status}` : null, (signal) => adminReviewsApi.list(status, undefined, signal), session.expire);
  const [rows, setRows] = useState<TReviewDetail[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  useEffect(() => {
    setRows(first.data?.items ?? []);
    setCursor(first.data?.nextCursor ?? null);
  }, [first.data]);

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
        onSelect={(s: ReviewStatus) => setStatus(s)}
        panelClassName="mt-4"
      >
        {first.loading && rows.length === 0 ? <Spinner label={tp('common.loading')} /> : null}
        {first.error ? <Notice tone="rejected">{errorText(first.error, tp)}</Notice> : null}
        {first.data && rows.length === 0 ? <p className="text-ink-muted">{t('admin.none')}</p> : null}
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
  const { t: tp } = useTranslation('portal');
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function hide(event: FormEvent) {
    event.preventDefault();
    try {
      onSaved(await adminReviewsApi.hide(review.id, reason));
      snackbar(t('admin.hiddenDone'));
    } catch (failure) {
      setError(errorText(failure, tp));
    }
  }
  async function unhide() {
    try {
      onSaved(await adminReviewsApi.unhide(review.id));
      snackbar(t('admin.unhiddenDone'));
    } catch (failure) {
      snackbar(errorText(failure, tp), { variant: 'error' });
    }
  }

  if (review.status === 'hidden') {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => void unhide()} data-testid="unhide-review">
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
    <form onSubmit={(e) => void hide(e)} className="space-y-2" noValidate aria-label={t('admin.hideTitle', { author: review.author })}>
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
        <Button type="submit">{t('admin.hideSubmit')}</Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
