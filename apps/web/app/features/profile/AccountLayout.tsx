import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { NavLink } from 'react-router';
import { Container } from '../../ui/Container';
import { CartIcon, UserIcon } from '../../ui/icons';
import { BuildingIcon, MapPinIcon } from '../../ui/more-icons';
import { CardIcon, StarIcon, WalletIcon } from '../../ui/money-icons';
import { ChatIcon } from '../catalog/components/inline-icons';
import { HeartIcon } from '../social/Heart';
import { ListIcon, ReviewIcon } from '../social/icons';

/** The account pages' frame: their navigation (a column on wide screens, a row on phones) and title. */
export function AccountLayout({ title, lead, children, testId }: { title: ReactNode; lead?: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('social');
  const { t: tq } = useTranslation('quotations');
  const { t: tc } = useTranslation('commissions');
  const items = [
    { to: '/profile', label: t('header.menu.profile'), icon: <UserIcon width={18} height={18} /> },
    { to: '/profile/orders', label: t('orders.title'), icon: <CartIcon width={18} height={18} /> },
    { to: '/profile/favourites', label: ts('favourites.title'), icon: <HeartIcon filled={false} size={18} /> },
    { to: '/profile/wishlists', label: ts('wishlists.title'), icon: <ListIcon width={18} height={18} /> },
    { to: '/profile/reviews', label: ts('mine.title'), icon: <ReviewIcon width={18} height={18} /> },
    { to: '/profile/quotations', label: tq('title'), icon: <ListIcon width={18} height={18} /> },
    { to: '/profile/commissions', label: tc('title'), icon: <ListIcon width={18} height={18} /> },
    { to: '/profile/wallet', label: t('wallet.title'), icon: <WalletIcon width={18} height={18} /> },
    { to: '/profile/cards', label: t('cards.title'), icon: <CardIcon width={18} height={18} /> },
    { to: '/profile/points', label: t('points.title'), icon: <StarIcon width={18} height={18} /> },
    { to: '/profile/addresses', label: t('header.menu.addresses'), icon: <MapPinIcon width={18} height={18} /> },
    { to: '/profile/company', label: t('header.menu.company'), icon: <BuildingIcon width={18} height={18} /> },
    { to: '/profile/message-center', label: t('header.menu.messages'), icon: <ChatIcon width={18} height={18} /> },
  ];
  return (
    <Container className="py-8 sm:py-12">
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label={t('profile.navLabel')} className="min-w-0 lg:pt-2">
          <ul className="flex flex-wrap gap-1.5 sm:gap-2 lg:flex-col lg:gap-1">
            {items.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold transition-colors sm:px-4 lg:rounded-xl ${
                      isActive ? 'bg-moss-800 text-white' : 'bg-white text-moss-800 hover:bg-moss-50 lg:bg-transparent'
                    }`
                  }
                >
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0" data-testid={testId}>
          <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
          {lead ? <p className="mt-2 max-w-2xl text-ink-muted">{lead}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </Container>
  );
}

/** A white panel of an account page. */
export function Panel({ title, children, className = '', action, id }: { title?: ReactNode; children: ReactNode; className?: string; action?: ReactNode; id?: string }) {
  return (
    <section className={`rounded-3xl border border-sand-200 bg-white p-5 sm:p-7 ${className}`} aria-labelledby={title && id ? id : undefined}>
      {title || action ? (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          {title ? (
            <h2 id={id} className="text-xl font-semibold">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
