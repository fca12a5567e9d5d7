/** The menu item that asks for a new list's name. */
export const NEW_LIST = '__new';

/** The trigger's look: the menu's button, and the placeholder AddToWishlist shows until the menu has loaded. */
export const WISHLIST_TRIGGER_CLASSES =
  'inline-flex items-center gap-2 rounded-full border border-moss-700 px-4 py-2 text-sm font-semibold text-moss-800 outline-none hover:bg-moss-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600';
