import type { TWishlistSummary } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useSnackbar } from '../../ui/snackbar';
import { loginPath, useAccount } from '../auth/account';
import { wishlistsApi } from './api';
import { ListIcon } from './icons';

const NEW_LIST = '__new';

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

  return (
    <div className="mt-3" data-testid="add-to-wishlist">
      <MenuTrigger onOpenChange={(open) => open && void load()}>
        <AriaButton
          isDisabled={!hydrated}
          className="inline-flex items-center gap-2 rounded-full border border-moss-700 px-4 py-2 text-sm font-semibold text-moss-800 outline-none hover:bg-moss-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600"
        >
          <ListIcon width={18} height={18} />
          {t('wishlists.add')}
        </AriaButton>
        <Popover placement="bottom start" className="min-w-56 max-w-80 rounded-xl border border-sand-200 bg-white py-1 shadow-lg outline-none">
          <Menu
            aria-label={t('wishlists.add')}
            className="max-h-72 overflow-auto outline-none"
            onAction={(key) => {
              if (key === NEW_LIST) return setNaming(true);
              const list = lists?.find((l) => l.id === key);
              if (list) void addTo(list);
            }}
          >
            {(lists ?? []).map((list) => (
              <MenuItem key={list.id} id={list.id} textValue={list.name} className="cursor-pointer px-4 py-2 text-sm outline-none data-[focused]:bg-sand-50">
                {t('wishlists.addTo', { name: `\u2068${list.name}\u2069` })}
              </MenuItem>
            ))}
            <MenuItem
              id={NEW_LIST}
              className="cursor-pointer border-t border-sand-100 px-4 py-2 text-sm font-semibold text-moss-800 outline-none data-[focused]:bg-sand-50"
            >
              {t('wishlists.newList')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {naming ? (
        <form onSubmit={(e) => void create(e)} className="mt-3 flex flex-wrap items-end gap-2" data-testid="new-wishlist-form">
          <TextField
            label={t('wishlists.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('wishlists.defaultName')}
            maxLength={80}
            error={error}
            className="min-w-0 flex-1"
            autoFocus
          />
          <Button type="submit">{t('wishlists.createSubmit')}</Button>
          <Button variant="ghost" onClick={() => setNaming(false)}>
            {t('wishlists.cancel')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
