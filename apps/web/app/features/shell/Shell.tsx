import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { useIsMobile, usePreferences } from '../../lib/preferences';
import { CartProvider, useCart } from '../cart/CartProvider';
import { FavouritesProvider } from '../social/FavouritesProvider';
import { Footer } from './Footer';
import { Header } from './Header';

/** Skip link, header, main landmark and footer around every page. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <CartProvider>
      <FavouritesProvider>
        <PricesFollowCurrency />
        <div className="flex min-h-dvh flex-col" data-mobile={isMobile ? 'true' : 'false'}>
          <a
            href="#main"
            className="sr-only z-50 rounded-full bg-moss-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
          >
            {t('common.skipToContent')}
          </a>
          <Header />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <Footer />
        </div>
      </FavouritesProvider>
    </CartProvider>
  );
}

/**
 * Prices come from the server in the chosen currency (its `currencycode` header, from the cookie):
 * when the buyer picks another, the page's data and the cart are read again in it.
 */
function PricesFollowCurrency() {
  const { currencyCode } = usePreferences();
  const revalidator = useRevalidator();
  const cart = useCart();
  const shown = useRef(currencyCode);
  useEffect(() => {
    if (shown.current === currencyCode) return;
    shown.current = currencyCode;
    void revalidator.revalidate();
    void cart.refresh();
    // Only a change of currency reads again; the revalidator and the cart change identity often.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currencyCode]);
  return null;
}
