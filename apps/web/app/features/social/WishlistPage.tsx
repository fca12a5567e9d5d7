import type { TWishlist } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { useAction, type Refusable } from '../../lib/route-data';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/PageState';
import { useSnackbar } from '../../ui/snackbar';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { ProductCard } from '../catalog/components/ProductCard';
import { AccountLayout } from '../profile/AccountLayout';
import { ShareControls } from './ShareControls';

/**
 * /profile/wishlists/:id — one list's products, each removable, and its share link. The route's
 * clientLoader reads it: a list that is not there (or not the buyer's) is the server's refusal, shown
 * in its words; a guest's refused read is never shown, useBuyerAccount sends him to the login page.
 * A removal is the route's `removeFromWishlist` intent, after which the list is read again.
 */
export function WishlistPage({ wishlist }: { wishlist: Refusable<TWishlist> }) {
  const { t } = useTranslation('social');
  const { t: tRoot } = useTranslation();
  const account = useBuyerAccount();
  const snackbar = useSnackbar();
  const list = wishlist.data;
  const [removing, setRemoving] = useState<string | null>(null);
  const removal = useAction({
    done: () => snackbar(t('wishlists.removed')),
    failed: (problem) => snackbar(problem.message, { variant: 'error' }),
  });

  function remove(productId: string) {
    if (!list) return;
    setRemoving(productId);
    void removal.submit('removeFromWishlist', { id: list.id, productId });
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={list ? <bdi>{list.name}</bdi> : t('wishlists.title')} testId="wishlist-page">
      <Link to="/profile/wishlists" className="text-sm font-semibold text-moss-700 hover:underline">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {t('wishlists.back')}
      </Link>
      {!list ? (
        <p role="alert" className="mt-4 rounded-2xl bg-clay-50 p-4 text-clay-800" data-testid="wishlist-refused">
          {wishlist.problem?.message}
        </p>
      ) : (
        <>
          <div className="mt-4 rounded-3xl border border-sand-200 bg-white p-5">
            <p className="text-sm text-ink-muted">
              {t('wishlists.items', { count: list.itemCount })} · {list.shareToken ? t('wishlists.publicLink') : t('wishlists.private')}
            </p>
            <ShareControls list={list} />
          </div>
          {list.products.length === 0 ? (
            <Empty>{t('wishlists.empty')}</Empty>
          ) : (
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" data-testid="wishlist-products">
              {list.products.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  action={
                    <Button
                      variant="ghost"
                      className="w-full px-3 py-1.5 text-sm text-clay-700"
                      onClick={() => remove(product.id)}
                      disabled={removal.pending && removing === product.id}
                      aria-label={t('wishlists.remove', { title: product.title })}
                    >
                      {tRoot('cart.remove')}
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
        </>
      )}
    </AccountLayout>
  );
}
