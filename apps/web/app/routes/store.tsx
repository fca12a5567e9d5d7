import type { TPublicStore } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import { data, Link } from 'react-router';
import type { Route } from './+types/store';
import { RequestCustomPiece } from '../features/commissions/CustomiseLinks';
import { ListingView } from '../features/catalog/components/ListingView';
import { SellerCard, StoreLogo } from '../features/catalog/components/SellerCard';
import { Stars } from '../features/catalog/components/Price';
import { placeName } from '../features/catalog/format';
import { loadListing } from '../features/catalog/listing-loader';
import { Heart } from '../features/social/Heart';
import { catalogGetOrNotFound, isSiteLocked } from '../features/catalog/server-api';
import { usePreferences } from '../lib/preferences';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';
import { MapPinIcon } from '../ui/more-icons';

export async function loader(args: Route.LoaderArgs) {
  const alias = args.params.alias;
  if (isSiteLocked(args)) throw data(null, { status: 404 });
  const answer = await catalogGetOrNotFound<{ data: TPublicStore[] }>(args, `/v1/store?storeId=${encodeURIComponent(alias)}`);
  const store = answer.data[0];
  if (!store) throw data(null, { status: 404 });
  const listing = await loadListing(args, { store: store.id });
  return { ...listing, store };
}

export const meta: Route.MetaFunction = (args) => {
  const store = args.data?.store;
  return pageMeta(args, () => ({
    title: store?.storeName,
    description: store ? (store.description || store.story).replace(/\s+/g, ' ').slice(0, 160) : undefined,
    image: store?.logoImages.logoImageweb ?? undefined,
    noIndex: args.location.search.length > 1,
  }));
};

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const { store } = loaderData;
  const year = new Date(store.memberSince).getUTCFullYear();
  return (
    <>
      <section className="border-b border-sand-200 bg-white" data-testid="store-header">
        <Container className="grid gap-8 py-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <div>
            <div className="flex items-center gap-4">
              <StoreLogo store={store} size={88} />
              <div className="min-w-0">
                <div className="flex items-start gap-3">
                  <h1 className="text-3xl font-semibold sm:text-4xl" data-testid="store-name">
                    <bdi>{store.storeName}</bdi>
                  </h1>
                  <Heart kind="stores" id={store.id} name={store.storeName} />
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                  <span className="inline-flex items-center gap-1" data-testid="store-location">
                    <MapPinIcon width={16} height={16} />
                    {placeName(store.city, store.country, language)}
                  </span>
                  <Stars rating={store.rating} reviewCount={0} compact />
                  <span>{t('seller.since', { year })}</span>
                  <span>{t('seller.products', { count: store.productCount })}</span>
                </p>
              </div>
            </div>
            {store.description ? <p className="mt-5 text-lg text-ink">{store.description}</p> : null}
            {store.story ? (
              <section className="mt-5" aria-labelledby="story-title">
                <h2 id="story-title" className="text-xl font-semibold">
                  {t('store.story')}
                </h2>
                <div className="mt-2 space-y-3 text-ink-muted" data-testid="store-story">
                  {store.story.split(/\n{2,}/).map((p, i) => (
                    <p key={i}>{p}</p>
                  ))}
                </div>
              </section>
            ) : null}
          </div>
          <div className="space-y-4">
            {store.specialities.length > 0 ? (
              <section aria-labelledby="specialities-title" className="rounded-3xl border border-sand-200 bg-sand-50 p-5">
                <h2 id="specialities-title" className="text-lg font-semibold">
                  {t('store.specialities')}
                </h2>
                <ul className="mt-3 flex flex-wrap gap-2" data-testid="store-specialities">
                  {store.specialities.map((s) => (
                    <li key={s.id}>
                      <Link to={`/makers/${s.slug}`} className="inline-flex h-8 items-center rounded-full bg-moss-100 px-3 text-sm font-medium text-moss-900 hover:bg-moss-300/40">
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <SellerCard seller={store} heading={false} />
            <RequestCustomPiece store={{ id: store.id, name: store.storeName }} />
          </div>
        </Container>
      </section>
      <Container>
        <ListingView
          data={loaderData}
          links={{ basePath: `/store/${store.storeAliasName}`, fixed: ['store'] }}
          heading={<h2 className="text-2xl font-semibold sm:text-3xl">{t('store.products')}</h2>}
        />
      </Container>
    </>
  );
}
