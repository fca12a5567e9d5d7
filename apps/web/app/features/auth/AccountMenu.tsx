import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useNavigate } from 'react-router';
import { CartIcon, UserIcon } from '../../ui/icons';
import { TagIcon, WalletIcon } from '../../ui/money-icons';
import { BuildingIcon, LogOutIcon, MapPinIcon } from '../../ui/more-icons';
import { ChatIcon } from '../catalog/components/inline-icons';
import { useSnackbar } from '../../ui/snackbar';
import { logOut, useAccount } from './account';

const ITEM = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-ink hover:bg-sand-100';

/**
 * The signed-in buyer's menu under his name in the header (./AccountEntry.tsx): profile, orders,
 * wallet, offers, addresses, company, messages and logout (seed §4 logout). Loaded when first opened;
 * closes on Escape (focus back on the button) and on a click elsewhere.
 */
export function AccountMenu({
  menuId,
  name,
  wrapper,
  button,
  onClose,
}: {
  menuId: string;
  name: string;
  wrapper: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [wrapper, button, onClose]);

  async function endSession() {
    setBusy(true);
    await logOut();
    setBusy(false);
    onClose();
    snackbar(t('header.loggedOut'));
    void navigate('/');
  }

  return (
    <div id={menuId} className="absolute end-0 top-full z-50 mt-2 w-60 rounded-2xl border border-sand-200 bg-white p-2 shadow-lg">
      <p className="truncate px-3 pb-2 pt-1 text-xs text-ink-muted rtl:text-right" dir="auto">
        {account.profile?.email ?? name}
      </p>
      <ul className="space-y-0.5">
        <li>
          <Link to="/profile" className={ITEM}>
            <UserIcon width={18} height={18} /> {t('header.menu.profile')}
          </Link>
        </li>
        <li>
          <Link to="/profile/orders" className={ITEM}>
            <CartIcon width={18} height={18} /> {t('header.menu.orders')}
          </Link>
        </li>
        <li>
          <Link to="/profile/wallet" className={ITEM} data-testid="menu-wallet">
            <WalletIcon width={18} height={18} /> {t('header.menu.wallet')}
          </Link>
        </li>
        <li>
          <Link to="/offers" className={ITEM}>
            <TagIcon width={18} height={18} /> {t('header.menu.offers')}
          </Link>
        </li>
        <li>
          <Link to="/profile/addresses" className={ITEM}>
            <MapPinIcon width={18} height={18} /> {t('header.menu.addresses')}
          </Link>
        </li>
        <li>
          <Link to="/profile/company" className={ITEM}>
            <BuildingIcon width={18} height={18} /> {t('header.menu.company')}
          </Link>
        </li>
        <li>
          <Link to="/profile/message-center" className={ITEM} data-testid="menu-messages">
            <ChatIcon width={18} height={18} /> {t('header.menu.messages')}
          </Link>
        </li>
        <li className="mt-1 border-t border-sand-200 pt-1">
          <button type="button" className={ITEM} onClick={() => void endSession()} disabled={busy}>
            <LogOutIcon width={18} height={18} /> {t('header.menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
