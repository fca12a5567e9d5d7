import type { TFavourites } from '@tessera/contracts';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { usePreferences } from '../../lib/preferences';
import { Stars } from '../catalog/components/Price';
import { ProductGrid } from '../catalog/components/ProductCard';
import { StoreLogo } from '../catalog/components/StoreLogo';
import { placeName } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { Heart } from './Heart';

const TAB =
  'flex cursor-pointer items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-moss-800 outline-none transition-colors hover:bg-white/60 data-[selected]:bg-white data-[selected]:text-moss-900 data-[selected]:shadow-sm data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600';

/**
 * /profile/favourites: the favourite products (cards) and stores, in React Aria tabs. Guests have
 * favourites too (kept on their guest session until they sign up), so the page does not ask to log in. The route's clientLoader reads them (routes/profile-favourites.tsx).
 */
export function FavouritesPage({ favourites }: { favourites: TFavourites }) {
  const { t } = useTranslation('social');
  const { language } = usePreferences();
  const { products, stores } = favourites;
  return (
    <AccountLayout title={t('favourites.title')} lead={t('favourites.lead')} testId="favourites-page">
      <Tabs>
        <TabList aria-label={t('favourites.tabs')} className="grid max-w-md auto-cols-fr grid-flow-col gap-1 rounded-full bg-sand-100 p-1">
          <Tab id="products" className={TAB}>
            {t('favourites.products')} <span className="tabular-nums">({products.length})</span>
          </Tab>
          <Tab id="stores" className={TAB}>
            {t('favourites.stores')} <span className="tabular-nums">({stores.length})</span>
          </Tab>
        </TabList>
        <TabPanel id="products" className="mt-6 outline-none" data-testid="favourite-products">
          {products.length === 0 ? <p className="text-ink-muted">{t('favourites.noProducts')}</p> : <ProductGrid products={products} />}
        </TabPanel>
        <TabPanel id="stores" className="mt-6 outline-none" data-testid="favourite-stores">
          {stores.length === 0 ? (
            <p className="text-ink-muted">{t('favourites.noStores')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {stores.map((store) => (
                <li key={store.id} className="flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-4" data-testid="favourite-store">
                  <StoreLogo store={store} size={56} />
                  <div className="min-w-0 flex-1">
                    <Link to={`/store/${store.storeAliasName}`} dir="auto" className="block truncate text-start font-semibold text-moss-900 hover:underline">
                      {store.storeName}
                    </Link>
                    <p className="text-sm text-ink-muted">{placeName(store.city, store.country, language)}</p>
                    <p className="flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
                      <Stars rating={store.rating} reviewCount={0} compact />
                      <span>{t('favourites.storeProducts', { count: store.productCount })}</span>
                    </p>
                  </div>
                  <Heart kind="stores" id={store.id} name={store.storeName} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
      </Tabs>
    </AccountLayout>
  );
}
