import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX, type TReviewDetail } from '@tessera/contracts';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { checkUploadFiles } from '../../lib/file-check';
import { Button } from '../../ui/Button';
import { FieldError, TextAreaField } from '../../ui/Field';
import { useObjectUrl } from '../../ui/FileField';
import { useFileProblemText } from '../../ui/file-problems';
import { CloseIcon } from '../../ui/icons';
import { CameraIcon } from '../../ui/more-icons';
import { reviewsApi } from './api';

const isolate = (name: string) => `\u2068${name}\u2069`;

function PhotoPreview({ file, onRemove, label }: { file: File; onRemove(): void; label: string }) {
  const url = useObjectUrl(file);
  return (
    <li className="relative">
      {url ? (
        <img src={url} alt="" className="h-20 w-20 rounded-xl border border-sand-200 object-cover" />
      ) : (
        <span className="block h-20 w-20 rounded-xl bg-sand-100" />
      )}
      <button type="button" onClick={onRemove} aria-label={label} className="absolute -end-2 -top-2 rounded-full bg-ink p-1 text-white hover:bg-clay-700">
        <CloseIcon width={14} height={14} />
      </button>
    </li>
  );
}

/**
 * Writing or editing a review: 1–5 stars (radio buttons, arrow keys move between them), the text and
 * up to four photos. Each chosen photo is checked at once with the server's rules (kind by content,
 * size, decodable): the good ones are kept, each refused one is named with the reason. The review is
 * saved first, then the photos are sent; a refusal of the photos keeps the saved review and says why.
 */
export function ReviewForm({
  target,
  review,
  onDone,
  onCancel,
}: {
  /** A new review of this delivered line. */
  target?: { productId: string; orderLineId?: string };
  /** Or an edit of this review. */
  review?: TReviewDetail;
  /** `ok` false: the review was saved but its photos were refused (the message says why). */
  onDone(saved: TReviewDetail, message: string, ok: boolean): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation('social');
  const problemText = useFileProblemText();
  const id = useId();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [text, setText] = useState(review?.text ?? '');
  const [photos, setPhotos] = useState<File[]>([]);
  const [kept, setKept] = useState(review?.photos ?? []);
  const [refused, setRefused] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const room = REVIEW_PHOTOS_MAX - kept.length - photos.length;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    const { ok, refused: bad } = await checkUploadFiles(chosen, 'review-photo');
    const fits = ok.slice(0, Math.max(0, room));
    const over = ok.slice(fits.length);
    setPhotos((now) => [...now, ...fits]);
    setRefused([
      ...bad.map(({ file, problem }) => problemText(problem, file.name, 'review-photo')),
      ...over.map((file) => t('form.photosLimit', { name: isolate(file.name) })),
    ]);
  }

  async function removeKept(photoId: string) {
    if (!review) return;
    try {
      const saved = await reviewsApi.removePhoto(review.id, photoId);
      setKept(saved.photos);
    } catch (failure) {
      setErrors({ form: failure instanceof Error ? failure.message : String(failure) });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setErrors({ rating: t('form.ratingRequired') });
      document.getElementById(`${id}-star-1`)?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    let saved: TReviewDetail;
    try {
      saved = review ? await reviewsApi.update(review.id, { rating, text }) : await reviewsApi.create({ ...target!, rating, text });
    } catch (failure) {
      setBusy(false);
      const message = failure instanceof Error ? failure.message : String(failure);
      const field = (failure as { field?: string }).field;
      setErrors(field === 'text' ? { text: message } : field === 'rating' ? { rating: message } : { form: message });
      return;
    }
    const done = t(review ? 'mine.saved' : 'mine.published');
    if (photos.length > 0) {
      try {
        saved = await reviewsApi.addPhotos(saved.id, photos);
      } catch (failure) {
        setBusy(false);
        onDone(saved, t('form.photosFailed', { reason: failure instanceof Error ? failure.message : String(failure) }), false);
        return;
      }
    }
    setBusy(false);
    onDone(saved, done, true);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate data-testid="review-form">
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-semibold">{t('form.rating')}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded-lg p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-moss-600">
              <input
                id={`${id}-star-${n}`}
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
                data-testid={`rating-${n}`}
              />
              <span className="sr-only">{t('form.ratingValue', { count: n })}</span>
              <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" className={n <= rating ? 'text-ochre-400' : 'text-sand-300'}>
                <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z" fill="currentColor" stroke="#8a6d1f" strokeWidth="0.6" />
              </svg>
            </label>
          ))}
        </div>
        {errors.rating ? <FieldError id={`${id}-rating-error`} message={errors.rating} name="rating" /> : null}
      </fieldset>
      <TextAreaField
        label={t('form.text')}
        hint={t('form.textHint')}
        name="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={REVIEW_TEXT_MAX}
        rows={4}
        dir="auto"
        error={errors.text}
      />
      <div>
        <p className="text-sm font-semibold" id={`${id}-photos`}>
          {t('form.photos')}
        </p>
        <p className="text-sm text-ink-muted" id={`${id}-photos-hint`}>
          {t('form.photosHint')}
        </p>
        <ul className="mt-2 flex flex-wrap gap-3" aria-labelledby={`${id}-photos`}>
          {kept.map((photo, i) => (
            <li key={photo.id} className="relative">
              <img src={photo.url} alt="" className="h-20 w-20 rounded-xl border border-sand-200 object-cover" />
              <button
                type="button"
                onClick={() => void removeKept(photo.id)}
                aria-label={t('form.removePhoto', { name: String(i + 1) })}
                className="absolute -end-2 -top-2 rounded-full bg-ink p-1 text-white hover:bg-clay-700"
              >
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          ))}
          {photos.map((file, i) => (
            <PhotoPreview
              key={`${file.name}-${i}`}
              file={file}
              label={t('form.removePhoto', { name: isolate(file.name) })}
              onRemove={() => setPhotos((now) => now.filter((f) => f !== file))}
            />
          ))}
        </ul>
        {room > 0 ? (
          <label className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-full border border-moss-700 px-4 py-2 text-sm font-semibold text-moss-800 hover:bg-moss-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-moss-600">
            <CameraIcon width={18} height={18} />
            {t('form.choosePhotos')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              multiple
              className="sr-only"
              aria-describedby={`${id}-photos-hint`}
              onChange={(e) => void choose(e)}
              data-testid="review-photos"
            />
          </label>
        ) : null}
        {refused.length > 0 ? (
          <ul role="alert" className="mt-2 space-y-1 text-sm text-clay-800" data-testid="photo-problems">
            {refused.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="rounded-2xl bg-clay-50 p-3 text-clay-800" data-testid="review-error">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {review ? t('form.save') : t('form.submit')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
