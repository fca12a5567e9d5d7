import type { TWishlist } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { useSnackbar } from '../../ui/snackbar';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { ProductCard } from '../catalog/components/ProductCard';
import { AccountLayout } from '../profile/AccountLayout';
import { wishlistsApi } from './api';
import { ShareControls } from './ShareControls';

/** /profile/wishlists/:id — one list's products, each removable, and its share link. */
export function WishlistPage({ id }: { id: string }) {
  const { t } = useTranslation('social');
  const { t: tRoot } = useTranslation();
  const account = useBuyerAccount();
  const snackbar = useSnackbar();
  const signedIn = Boolean(account.profile);
  const [list, setList] = useState<TWishlist | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    wishlistsApi.get(id).then(setList, (failure: unknown) => setFailed(failure instanceof Error ? failure.message : t('wishlists.failed')));
  }, [signedIn, id, t]);

  async function remove(productId: string) {
    try {
      const saved = await wishlistsApi.removeProduct(id, productId);
      setList((now) => (now ? { ...now, ...saved, products: now.products.filter((p) => p.id !== productId) } : now));
      snackbar(t('wishlists.removed'));
    } catch (failure) {
      snackbar(failure instanceof Error ? failure.message : t('wishlists.failed'), { variant: 'error' });
    }
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
      {failed ? (
        <p role="alert" className="mt-4 rounded-2xl bg-clay-50 p-4 text-clay-800">
          {failed}
        </p>
      ) : !list ? (
        <p role="status" className="mt-4">
          {tRoot('common.loading')}
        </p>
      ) : (
        <>
          <div className="mt-4 rounded-3xl border border-sand-200 bg-white p-5">
            <p className="text-sm text-ink-muted">
              {t('wishlists.items', { count: list.itemCount })} · {list.shareToken ? t('wishlists.publicLink') : t('wishlists.private')}
            </p>
            <ShareControls list={list} onSaved={(saved) => setList((now) => (now ? { ...now, ...saved } : now))} />
          </div>
          {list.products.length === 0 ? (
            <p className="mt-6 text-ink-muted">{t('wishlists.empty')}</p>
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
                      onClick={() => void remove(product.id)}
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
