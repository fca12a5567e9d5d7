import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, NavLink } from 'react-router';
import { useIsMobile } from '../../lib/preferences';
import { Container } from '../../ui/Container';
import { CartIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { AccountEntry } from '../auth/AccountEntry';
import { useCart } from '../cart/CartProvider';
import { CurrencySwitch } from './CurrencySwitch';
import { LanguageSwitch } from './LanguageSwitch';
import { SearchBox } from './SearchBox';

function NavEntry({ to, label, icon, compact, badge }: { to: string; label: string; icon: ReactNode; compact: boolean; badge?: ReactNode }) {
  return (
    <NavLink
      to={to}
      aria-label={compact || badge ? label : undefined}
      className={({ isActive }) =>
        `inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold transition-colors ${
          isActive ? 'bg-moss-100 text-moss-900' : 'text-moss-800 hover:bg-moss-50'
        }`
      }
    >
      <span className="relative inline-flex">
        {icon}
        {badge}
      </span>
      {compact ? null : <span aria-hidden={badge ? true : undefined}>{label}</span>}
    </NavLink>
  );
}

/** Units in the cart, on the cart icon; it follows every change without a reload. */
function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -end-2 -top-2 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-clay-600 px-1 text-[11px] font-bold leading-none text-white tabular-nums"
      data-testid="cart-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function Header() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { itemCount } = useCart();
  return (
    <header className="relative z-40 border-b md:sticky md:top-0 border-sand-200 bg-sand-50/95 backdrop-blur supports-[backdrop-filter]:bg-sand-50/85">
      <Container className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
        <Link to="/" aria-label={t('header.homeLabel')} className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <SearchBox className="order-last w-full md:order-none md:w-auto md:flex-1 md:max-w-md" />
        <nav aria-label={t('header.mainNav')} className="ms-auto flex items-center gap-1">
          <NavEntry
            to="/cart"
            label={itemCount > 0 ? t('cart.badge', { count: itemCount }) : t('header.cart')}
            icon={<CartIcon />}
            badge={<CartBadge count={itemCount} />}
            compact={isMobile}
          />
          <AccountEntry compact={isMobile} />
        </nav>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <LanguageSwitch className="min-w-0 flex-1 sm:w-44 sm:flex-none" />
          <CurrencySwitch className="min-w-0 flex-1 sm:w-32 sm:flex-none" />
        </div>
      </Container>
    </header>
  );
}
