import type { TWishlistSummary } from '@tessera/contracts';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { ListIcon } from './icons';
import { NEW_LIST, WISHLIST_TRIGGER_CLASSES } from './wishlist-menu-constants';

/**
 * The menu of the buyer's wishlists (React Aria's MenuTrigger, Popover and Menu), and 'New list…'.
 * Its own module: AddToWishlist loads it after the product page has hydrated, so the page's first
 * download does not carry React Aria's menus, overlays and collections.
 */
export function WishlistMenu({ lists, onOpen, onAction }: { lists: TWishlistSummary[] | null; onOpen(): void; onAction(key: Key): void }) {
  const { t } = useTranslation('social');
  return (
    <MenuTrigger onOpenChange={(open) => open && onOpen()}>
      <AriaButton className={WISHLIST_TRIGGER_CLASSES}>
        <ListIcon width={18} height={18} />
        {t('wishlists.add')}
      </AriaButton>
      <Popover placement="bottom start" className="min-w-56 max-w-80 rounded-xl border border-sand-200 bg-white py-1 shadow-lg outline-none">
        <Menu aria-label={t('wishlists.add')} className="max-h-72 overflow-auto outline-none" onAction={onAction}>
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
  );
}
