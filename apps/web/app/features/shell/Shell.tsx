import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/preferences';
import { Footer } from './Footer';
import { Header } from './Header';

/** Skip link, header, main landmark and footer around every page. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
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
  );
}
