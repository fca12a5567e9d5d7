import type { TWishlistSummary } from '@tessera/contracts';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useAction } from '../../lib/route-data';
import { Button } from '../../ui/Button';
import { useSnackbar } from '../../ui/snackbar';
import { LinkIcon } from './icons';

/** The public page of a shared list (noindex, read-only). */
export const sharedWishlistPath = (token: string) => `/wishlists/shared/${encodeURIComponent(token)}`;

/**
 * Share by link, copy the link, stop sharing (every link given out stops working). Sharing is the
 * route's `shareWishlist` / `unshareWishlist` intent (features/social/wishlist-actions.ts): the loader
 * then reads the list again with its new link.
 */
export function ShareControls({ list }: { list: TWishlistSummary }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const id = useId();
  const link = list.shareToken && typeof window !== 'undefined' ? new URL(sharedWishlistPath(list.shareToken), window.location.origin).toString() : null;
  const sharing = useAction({
    done: (_, intent) => snackbar(t(intent === 'shareWishlist' ? 'wishlists.shared' : 'wishlists.unshared')),
    failed: (problem) => snackbar(problem.message, { variant: 'error' }),
  });
  const change = (share: boolean) => void sharing.submit(share ? 'shareWishlist' : 'unshareWishlist', list.id);
  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      snackbar(t('wishlists.copied'));
    } catch {
      // No clipboard (insecure page, refused permission): the field is selected for a manual copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <div className="mt-4 border-t border-sand-100 pt-4" data-testid="wishlist-share">
      {link ? (
        <div className="space-y-2">
          <label htmlFor={id} className="block text-sm font-semibold">
            {t('wishlists.link')}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={id}
              readOnly
              value={link}
              dir="ltr"
              className="field h-10 min-w-0 flex-1 basis-64 text-sm"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="wishlist-link"
            />
            <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => void copy()}>
              <LinkIcon width={16} height={16} />
              {t('wishlists.copy')}
            </Button>
            <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={() => change(false)} disabled={sharing.pending}>
              {t('wishlists.unshare')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => change(true)} disabled={sharing.pending}>
          <LinkIcon width={16} height={16} />
          {t('wishlists.share')}
        </Button>
      )}
    </div>
  );
}
