import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { NavLink, useLocation } from 'react-router';
import { UserIcon } from '../../ui/icons';
import { ChevronDownIcon } from '../../ui/more-icons';
import { lazyPart } from '../../lib/lazy-part';
import { useAccount } from './account';

const ENTRY = 'inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-moss-800 transition-colors hover:bg-moss-50';

// The menu's code comes when the buyer points at, focuses or opens it: a guest never needs it. If it
// cannot be downloaded, the menu stays shut and the next opening tries again.
const loadMenu = () => import('./AccountMenu');
const AccountMenu = lazyPart(() => loadMenu().then((module) => module.AccountMenu));

/**
 * The header's account entry: "Log in" for a guest; for a signed-in buyer their name, opening a
 * menu with the profile, addresses, company and logout (./AccountMenu.tsx).
 */
export function AccountEntry({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const account = useAccount();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // Close on navigation.
  useEffect(() => setOpen(false), [location.pathname]);

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

  return (
    <div ref={wrapper} className="relative" data-testid="account-entry">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={compact ? t('header.accountMenu', { name }) : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
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
      {open ? (
        <Suspense fallback={null}>
          <AccountMenu menuId={menuId} name={name} wrapper={wrapper} button={button} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
