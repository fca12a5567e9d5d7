import type { TReview } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { usePreferences } from '../../lib/preferences';
import { formatDate } from '../catalog/format';

/** Five stars, `rating` of them filled; the words are for screen readers, the stars are drawn. */
export function StarsShown({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation('social');
  return (
    <span className="inline-flex items-center" data-testid="review-stars" data-rating={rating}>
      <span className="sr-only">{t('form.ratingValue', { count: rating })}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          width={size}
          height={size}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className={n <= rating ? 'text-ochre-400' : 'text-sand-300'}
        >
          <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/**
 * One review as anyone reads it: stars, author, date, text, photos and the store's answer. Review
 * text and names are the users' own words in their own language: isolated with dir="auto".
 */
export function ReviewBody({ review, extra }: { review: TReview; extra?: ReactNode }) {
  const { t } = useTranslation('social');
  const { language } = usePreferences();
  return (
    <article className="space-y-2" data-testid="review" data-review-id={review.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarsShown rating={review.rating} />
        <span className="text-sm font-semibold">
          <bdi>{review.author}</bdi>
        </span>
        <span className="text-sm text-ink-muted">
          {formatDate(review.createdAt, language)}
          {review.updatedAt > review.createdAt + 1000 ? ` · ${t('reviews.edited')}` : null}
        </span>
      </div>
      {review.text ? (
        <p dir="auto" className="whitespace-pre-wrap text-start" data-testid="review-text">
          {review.text}
        </p>
      ) : null}
      {review.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {review.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl border border-sand-200">
                <img
                  src={photo.url}
                  alt={t('reviews.photo', { index: i + 1, author: review.author })}
                  loading="lazy"
                  width={88}
                  height={88}
                  className="h-22 w-22 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.answer ? (
        <div className="rounded-2xl border border-moss-100 bg-moss-50 p-3" data-testid="review-answer">
          <p className="text-sm font-semibold text-moss-900">
            {t('reviews.answer')} · <span className="font-normal text-ink-muted">{formatDate(review.answer.at, language)}</span>
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-wrap text-start text-sm">
            {review.answer.text}
          </p>
        </div>
      ) : null}
      {extra}
    </article>
  );
}
