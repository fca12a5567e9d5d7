import type { TPublicStore, TSpeciality } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import { data, Link } from 'react-router';
import type { Route } from './+types/makers-speciality';
import { placeName } from '../features/catalog/format';
import { StoreLogo } from '../features/catalog/components/SellerCard';
import { Breadcrumbs } from '../features/catalog/components/Breadcrumbs';
import { catalogGetOr, isSiteLocked } from '../features/catalog/server-api';
import { usePreferences } from '../lib/preferences';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

export async function loader(args: Route.LoaderArgs) {
  const slug = args.params.slug;
  if (isSiteLocked(args)) throw data(null, { status: 404 });
  const specialities = await catalogGetOr<TSpeciality[]>(args, `/v1/specialities/all?status=1`, []);
  const speciality = specialities.find((s) => s.slug === slug);
  if (!speciality) throw data(null, { status: 404 });
  const { stores } = await catalogGetOr<{ stores: TPublicStore[] }>(args, `/v1/stores?speciality=${encodeURIComponent(speciality.id)}`, { stores: [] });
  return { speciality, stores };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: args.data ? t('catalog:makers.storesWith', { name: args.data.speciality.name }) : t('catalog:makers.title'),
    description: args.data?.speciality.description || undefined,
  }));

/** The stores whose makers have one speciality. */
export default function MakersSpecialityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const { speciality, stores } = loaderData;
  return (
    <Container className="py-8 sm:py-12">
      <Breadcrumbs items={[{ href: '/makers', label: t('makers.all') }, { href: `/makers/${speciality.slug}`, label: speciality.name }]} />
      <h1 className="mt-4 text-4xl font-semibold">{t('makers.storesWith', { name: speciality.name })}</h1>
      {speciality.description ? <p className="mt-3 max-w-2xl text-lg text-ink-muted">{speciality.description}</p> : null}
      {stores.length === 0 ? (
        <p className="mt-10 rounded-3xl border border-dashed border-sand-300 bg-white p-10 text-center text-lg text-ink-muted">{t('makers.noStores')}</p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="speciality-stores">
          {stores.map((store) => (
            <li key={store.id}>
              <Link to={`/store/${store.storeAliasName}`} className="flex h-full gap-4 rounded-3xl border border-sand-200 bg-white p-5 hover:border-moss-300 hover:shadow-md">
                <StoreLogo store={store} size={56} />
                <span className="min-w-0">
                  <span className="block font-semibold text-moss-900">{store.storeName}</span>
                  <span className="block text-sm text-ink-muted">{placeName(store.city, store.country, language)}</span>
                  {store.description ? <span className="mt-2 line-clamp-3 block text-sm text-ink">{store.description}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
