import type { TReviewDetail } from '@tessera/contracts';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { Empty } from '../../ui/PageState';
import type { ReviewPage } from './portal-api';

/**
 * The reviews of a back-office page (the seller's, the team's moderation): the loader's first page,
 * then "more" appends the next; when the loader brings a first page again (another tab, after a
 * change) the list starts over from it.
 */
export function useReviewPages(first: ReviewPage, next: (cursor: string) => Promise<ReviewPage>) {
  const [rows, setRows] = useState<TReviewDetail[]>(first.items);
  const [cursor, setCursor] = useState<string | null>(first.nextCursor);
  useEffect(() => {
    setRows(first.items);
    setCursor(first.nextCursor);
  }, [first]);

  async function more() {
    if (!cursor) return;
    const page = await next(cursor);
    setRows((now) => [...now, ...page.items]);
    setCursor(page.nextCursor);
  }
  return { rows, setRows, cursor, more };
}

/** The list of a back-office reviews page: each review in a card, "nothing yet" when empty, and "more". */
export function ReviewCards({
  pages: { rows, cursor, more },
  none,
  moreLabel,
  children,
}: {
  pages: ReturnType<typeof useReviewPages>;
  none: string;
  moreLabel: string;
  children: (review: TReviewDetail) => ReactNode;
}) {
  return (
    <>
      {rows.length === 0 ? <Empty>{none}</Empty> : null}
      <ul className="space-y-4">
        {rows.map((review) => (
          <li key={review.id}>{children(review)}</li>
        ))}
      </ul>
      {cursor ? (
        <Button variant="secondary" className="mt-4" onClick={() => void more()}>
          {moreLabel}
        </Button>
      ) : null}
    </>
  );
}

/** A button that opens a short text form under a review (the seller's answer, the team's reason to hide it). */
export function ReviewTextForm({
  openLabel,
  openTestId,
  formLabel,
  label,
  name,
  maxLength,
  rows,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  openLabel: string;
  openTestId: string;
  formLabel?: string;
  label: string;
  name: string;
  maxLength: number;
  rows: number;
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
  onSubmit(text: string): void;
}) {
  const { t } = useTranslation('social');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(text);
  }

  if (!open) {
    return (
      <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => setOpen(true)} data-testid={openTestId}>
        {openLabel}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2" noValidate aria-label={formLabel}>
      <TextAreaField
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={maxLength}
        rows={rows}
        dir="auto"
        error={error}
        name={name}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
