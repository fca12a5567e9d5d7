import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { CartIcon, UserIcon } from '../../ui/icons';
import { TagIcon, WalletIcon } from '../../ui/money-icons';
import { BuildingIcon, ChevronDownIcon, LogOutIcon, MapPinIcon } from '../../ui/more-icons';
import { ChatIcon } from '../catalog/components/inline-icons';
import { useSnackbar } from '../../ui/snackbar';
import { logOut, useAccount } from './account';

const ENTRY =
  'inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-moss-800 transition-colors hover:bg-moss-50';
const ITEM = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-ink hover:bg-sand-100';

/**
 * The header's account entry: "Log in" for a guest; for a signed-in buyer their name, opening a
 * menu with the profile, addresses, company and logout (seed §4 logout).
 */
export function AccountEntry({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Close on navigation, on Escape and on a click elsewhere.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!account.signedIn) {
    const label = t('header.login');
    return (
      <NavLink
        to="/login"
        aria-label={compact ? label : undefined}
        data-testid="header-login"
        data-state={account.ready ? 'guest' : 'unknown'}
        className={({ isActive }) => `${ENTRY} ${isActive ? 'bg-moss-100 text-moss-900' : ''}`}
      >
        <UserIcon />
        {compact ? null : <span>{label}</span>}
      </NavLink>
    );
  }

  const name = account.profile?.firstName || account.profile?.name || t('header.account');
  const picture = account.profile?.profilePic;

  async function endSession() {
    setBusy(true);
    await logOut();
    setBusy(false);
    setOpen(false);
    snackbar(t('header.loggedOut'));
    void navigate('/');
  }

  return (
    <div ref={wrapper} className="relative" data-testid="account-entry">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={compact ? t('header.accountMenu', { name }) : undefined}
        onClick={() => setOpen((o) => !o)}
        className={`${ENTRY} ${open ? 'bg-moss-100 text-moss-900' : ''}`}
      >
        {picture ? <img src={picture} alt="" className="h-7 w-7 rounded-full object-cover" /> : <UserIcon />}
        {compact ? null : (
          <span className="max-w-32 truncate" data-testid="account-name" dir="auto">
            {name}
          </span>
        )}
        <ChevronDownIcon width={16} height={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute end-0 top-full z-50 mt-2 w-60 rounded-2xl border border-sand-200 bg-white p-2 shadow-lg"
      >
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
    </div>
  );
}
