import type { TProductReviews } from '@tessera/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { formatNumber } from '../../lib/format';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { Link, useLocation } from 'react-router';
import { Button } from '../../ui/Button';
import { useSnackbar } from '../../ui/snackbar';
import { loginPath, useAccount } from '../auth/account';
import { reviewsApi } from './api';
import { ReviewBody, StarsShown } from './ReviewBits';

// The form and its fields (stars, text, photo checks: about 7 kB gzip) are only needed once a buyer
// chooses to write a review, so they are downloaded then, not with the product page.
const loadReviewForm = () => import('./ReviewForm');
const ReviewForm = lazy(() => loadReviewForm().then((module) => ({ default: module.ReviewForm })));

/**
 * The product page's reviews: the average and the count per star (from the stored counts, never a
 * recount), then a page of visible reviews, newest first. A star row filters by that rating; more
 * pages come by cursor. The first page is rendered by the server (crawlers and no-JS readers see it).
 */
export function ProductReviews({ productId, initial }: { productId: string; initial: TProductReviews | null }) {
  const { t } = useTranslation('social');
  const { language } = usePreferences();
  const hydrated = useHydrated();
  const [rating, setRating] = useState<number | undefined>(undefined);
  const [page, setPage] = useState<TProductReviews | null>(initial);
  const [failed, setFailed] = useState(false);
  const summary = page?.summary ?? initial?.summary;
  if (!summary) return null;

  async function show(nextRating: number | undefined, cursor?: string) {
    try {
      const answer = await reviewsApi.forProduct(productId, { rating: nextRating, cursor });
      setFailed(false);
      setRating(nextRating);
      setPage((now) => (cursor && now ? { ...answer, items: [...now.items, ...answer.items] } : answer));
    } catch {
      setFailed(true);
    }
  }

  const average = formatNumber(summary.average, language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const most = Math.max(1, ...summary.distribution);
  return (
    <section className="mt-12" aria-labelledby="reviews-title" data-testid="product-reviews">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-title" className="text-2xl font-semibold">
          {t('reviews.title')}
        </h2>
        <WriteReview productId={productId} onPublished={() => void show(undefined)} />
      </div>
      {summary.count === 0 ? (
        <p className="mt-3 text-ink-muted">{t('reviews.none')}</p>
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div>
            <p className="text-4xl font-semibold" data-testid="reviews-average">
              {average}
            </p>
            <StarsShown rating={Math.round(summary.average)} size={20} />
            <p className="mt-1 text-sm text-ink-muted">{t('reviews.count', { count: formatNumber(summary.count, language) })}</p>
            <p className="sr-only">{t('reviews.average', { rating: average })}</p>
            <fieldset className="mt-4">
              <legend className="text-sm font-semibold">{t('reviews.filter')}</legend>
              <ul className="mt-2 space-y-1" data-testid="reviews-distribution">
                {[5, 4, 3, 2, 1].map((stars) => {
                  const count = summary.distribution[stars - 1] ?? 0;
                  const selected = rating === stars;
                  return (
                    <li key={stars}>
                      <button
                        type="button"
                        disabled={!hydrated || count === 0}
                        aria-pressed={selected}
                        onClick={() => void show(selected ? undefined : stars)}
                        className={`grid w-full grid-cols-[3rem_minmax(0,1fr)_3rem] items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-sand-100 disabled:cursor-default disabled:hover:bg-transparent ${
                          selected ? 'bg-moss-50 font-semibold' : ''
                        }`}
                      >
                        <span className="text-start tabular-nums" aria-hidden="true">
                          {formatNumber(stars, language)} <span className="text-ochre-400">★</span>
                        </span>
                        <span className="h-2 overflow-hidden rounded-full bg-sand-200" aria-hidden="true">
                          <span className="block h-full rounded-full bg-ochre-400" style={{ width: `${(count * 100) / most}%` }} />
                        </span>
                        <span className="text-end tabular-nums" aria-hidden="true">
                          {formatNumber(count, language)}
                        </span>
                        <span className="sr-only">{t('reviews.starsCount', { stars, count })}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              {rating ? (
                <Button variant="ghost" className="mt-2 px-2 py-1 text-sm" onClick={() => void show(undefined)}>
                  {t('reviews.all')}
                </Button>
              ) : null}
            </fieldset>
          </div>
          <div>
            {failed ? (
              <p role="alert" className="mb-3 rounded-2xl bg-clay-50 p-3 text-clay-800">
                {t('reviews.failed')}
              </p>
            ) : null}
            <ul className="divide-y divide-sand-200" data-testid="reviews-list">
              {(page?.items ?? []).map((review) => (
                <li key={review.id} className="py-4 first:pt-0">
                  <ReviewBody review={review} />
                </li>
              ))}
            </ul>
            {page?.nextCursor ? (
              <Button variant="secondary" className="mt-3" disabled={!hydrated} onClick={() => void show(rating, page.nextCursor ?? undefined)}>
                {t('reviews.more')}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * 'Write a review' for a signed-in buyer: the server decides whether he may (a delivered line of the
 * product not yet reviewed) and its refusal — the seed's 'sorry, not allowed to review this product
 * since not bought' — is shown in the form. Guests are offered the login page.
 */
function WriteReview({ productId, onPublished }: { productId: string; onPublished(): void }) {
  const { t } = useTranslation('social');
  const account = useAccount();
  const hydrated = useHydrated();
  const location = useLocation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  if (!hydrated || !account.ready) return null;
  if (!account.signedIn) {
    return (
      <Link to={loginPath(location.pathname + location.search)} className="text-sm font-semibold text-moss-700 hover:underline">
        {t('mine.write')}
      </Link>
    );
  }
  return (
    <div className="w-full sm:w-auto">
      {open ? null : (
        <Button
          variant="secondary"
          className="px-4 py-1.5 text-sm"
          // Pointing at the button or focusing it starts the form's download, so that it is usually there by the click.
          onPointerEnter={() => void loadReviewForm()}
          onFocus={() => void loadReviewForm()}
          onClick={() => setOpen(true)}
          data-testid="write-review"
        >
          {t('mine.write')}
        </Button>
      )}
      {open ? (
        <Suspense
          fallback={
            // While the form's code arrives the button stays where it was, busy.
            <Button variant="secondary" className="px-4 py-1.5 text-sm" disabled aria-busy="true" data-testid="write-review-pending">
              {t('mine.write')}
            </Button>
          }
        >
          <div className="w-full max-w-xl rounded-2xl border border-sand-200 bg-white p-4">
            <ReviewForm
              target={{ productId }}
              onCancel={() => setOpen(false)}
              onDone={(_saved, message, ok) => {
                setOpen(false);
                snackbar(message, { variant: ok ? 'success' : 'error' });
                onPublished();
              }}
            />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}
