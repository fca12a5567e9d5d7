import type { FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';

/**
 * The name of a new wishlist, asked after 'New list…' in the wishlist menu. Its own module, loaded on
 * that choice: the form field (ui/Field) is not part of the product page's first download. It takes its
 * texts from AddToWishlist, which has them already.
 */
export function NewWishlistForm({
  name,
  error,
  texts,
  onName,
  onSubmit,
  onCancel,
}: {
  name: string;
  error: string | undefined;
  texts: { label: string; placeholder: string; submit: string; cancel: string };
  onName(name: string): void;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
}) {
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2" data-testid="new-wishlist-form">
      <TextField
        label={texts.label}
        value={name}
        onChange={(e) => onName(e.target.value)}
        placeholder={texts.placeholder}
        maxLength={80}
        error={error}
        className="min-w-0 flex-1"
        autoFocus
      />
      <Button type="submit">{texts.submit}</Button>
      <Button variant="ghost" onClick={onCancel}>
        {texts.cancel}
      </Button>
    </form>
  );
}
