import { useTranslation } from '../../lib/i18n/react';
import { useHydrated } from '../../lib/preferences';
import { useFavourites, type FavouriteKind } from './FavouritesProvider';

export function HeartIcon({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.4-9.2-9.1C1.6 8 3.6 4.5 7.1 4.5c2 0 3.4 1.1 4.9 2.9 1.5-1.8 2.9-2.9 4.9-2.9 3.5 0 5.5 3.5 4.3 6.9-1.7 4.7-9.2 9.1-9.2 9.1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The favourite toggle: a button named after what it keeps ("Add Jute basket to favourites") whose
 * pressed state says whether it is kept. It works for guests too (their favourites move to the
 * account at signup).
 */
export function Heart({
  kind,
  id,
  name,
  className = '',
  size = 'md',
}: {
  kind: FavouriteKind;
  id: string;
  name: string;
  className?: string;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('social');
  const favourites = useFavourites();
  const hydrated = useHydrated();
  const on = favourites.isFavourite(kind, id);
  // No bidi isolates here: the name is only spoken (and shown as a tooltip), never laid out in the line.
  const label = kind === 'products' ? t('heart.addProduct', { title: name }) : t('heart.addStore', { name });
  const box = size === 'lg' ? 'h-12 w-12' : 'h-10 w-10';
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={label}
      title={label}
      disabled={!hydrated}
      data-testid={`heart-${kind}`}
      data-favourite={on ? 'true' : 'false'}
      onClick={() => void favourites.toggle(kind, id)}
      className={`inline-flex ${box} shrink-0 items-center justify-center rounded-full border border-sand-200 bg-white/95 shadow-xs transition-colors hover:bg-clay-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss-700 disabled:opacity-100 ${
        on ? 'text-clay-600' : 'text-ink-muted hover:text-clay-600'
      } ${className}`}
    >
      <HeartIcon filled={on} size={size === 'lg' ? 24 : 20} />
    </button>
  );
}
