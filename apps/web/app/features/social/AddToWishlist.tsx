import type { TWishlistSummary } from '@tessera/contracts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '../../lib/preferences';
import { useSnackbar } from '../../ui/snackbar';
import { loginPath, useAccount } from '../auth/account';
import { wishlistsApi } from './api';
import { ListIcon } from './icons';
import { NEW_LIST, WISHLIST_TRIGGER_CLASSES } from './wishlist-menu-constants';

// The menu (React Aria's menus, overlays and collections) is loaded once the page has hydrated, not
// with the page: until then the same button stands there, disabled, as the menu's was before hydration.
const WishlistMenu = lazy(() => import('./WishlistMenu').then((module) => ({ default: module.WishlistMenu })));
// The new list's name field is needed only after 'New list…': its download starts when the menu opens.
const loadNewWishlistForm = () => import('./NewWishlistForm');
const NewWishlistForm = lazy(() => loadNewWishlistForm().then((module) => ({ default: module.NewWishlistForm })));

/**
 * 'Add to wishlist' on the product page: a menu of the buyer's lists (read when it opens) and
 * 'New list…', which asks for a name and adds the product to the new list. Guests are offered the
 * login page (wishlists belong to accounts).
 */
export function AddToWishlist({ productId }: { productId: string }) {
  const { t } = useTranslation('social');
  const account = useAccount();
  const hydrated = useHydrated();
  const location = useLocation();
  const snackbar = useSnackbar();
  const [lists, setLists] = useState<TWishlistSummary[] | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (hydrated && account.ready && !account.signedIn) {
    return (
      <Link to={loginPath(location.pathname + location.search)} className="inline-flex items-center gap-2 text-sm font-semibold text-moss-700 hover:underline">
        <ListIcon width={18} height={18} />
        {t('wishlists.signIn')}
      </Link>
    );
  }

  async function load() {
    try {
      setLists(await wishlistsApi.list());
    } catch (failure) {
      setLists([]);
      snackbar(failure instanceof Error ? failure.message : t('wishlists.failed'), { variant: 'error' });
    }
  }

  async function addTo(list: TWishlistSummary) {
    try {
      const saved = await wishlistsApi.addProduct(list.id, productId);
      setLists((now) => now?.map((l) => (l.id === saved.id ? saved : l)) ?? null);
      snackbar(t('wishlists.addedTo', { name: saved.name }));
    } catch (failure) {
      snackbar(failure instanceof Error ? failure.message : t('wishlists.failed'), { variant: 'error' });
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const list = await wishlistsApi.create(name.trim() || t('wishlists.defaultName'));
      setNaming(false);
      setName('');
      setError(undefined);
      setLists((now) => [...(now ?? []), list]);
      await addTo(list);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('wishlists.failed'));
    }
  }

  const placeholder = (
    <button type="button" disabled className={WISHLIST_TRIGGER_CLASSES}>
      <ListIcon width={18} height={18} />
      {t('wishlists.add')}
    </button>
  );

  return (
    <div data-testid="add-to-wishlist">
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <WishlistMenu
            lists={lists}
            onOpen={() => {
              void load();
              void loadNewWishlistForm();
            }}
            onAction={(key) => {
              if (key === NEW_LIST) return setNaming(true);
              const list = lists?.find((l) => l.id === key);
              if (list) void addTo(list);
            }}
          />
        </Suspense>
      ) : (
        placeholder
      )}
      {naming ? (
        <Suspense fallback={null}>
          <NewWishlistForm
            name={name}
            error={error}
            texts={{
              label: t('wishlists.name'),
              placeholder: t('wishlists.defaultName'),
              submit: t('wishlists.createSubmit'),
              cancel: t('wishlists.cancel'),
            }}
            onName={setName}
            onSubmit={(e) => void create(e)}
            onCancel={() => setNaming(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
