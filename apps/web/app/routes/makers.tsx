import type { TSpeciality } from '@tessera/contracts';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { Form, Link, useSubmit } from 'react-router';
import type { Route } from './+types/makers';
import { catalogGetOr, isSiteLocked } from '../features/catalog/server-api';
import { useHydrated } from '../lib/preferences';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';
import { SearchIcon } from '../ui/icons';

const SORTS = ['name', 'stores'] as const;
type MakersSort = (typeof SORTS)[number];

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 80);
  const sortParam = url.searchParams.get('sort');
  const sort: MakersSort = (SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as MakersSort) : 'name';
  if (isSiteLocked(args)) return { specialities: [] as TSpeciality[], search, sort };
  const query = new URLSearchParams({ status: '1', sort });
  if (search) query.set('search', search);
  const specialities = await catalogGetOr<TSpeciality[]>(args, `/v1/specialities/all?${query.toString()}`, []);
  return { specialities, search, sort };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('catalog:makers.title'), description: t('catalog:makers.lead'), noIndex: args.location.search.length > 1 }));

/** The makers' skills and specialities, each with its number of stores, searchable and sortable. */
export default function MakersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { specialities, search, sort } = loaderData;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const searchId = useId();
  const sortId = useId();
  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-4xl font-semibold">{t('makers.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-muted">{t('makers.lead')}</p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search" data-testid="makers-form">
        <div className="relative min-w-0 flex-1 sm:max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {t('makers.search')}
          </label>
          <input
            id={searchId}
            name="search"
            type="search"
            defaultValue={search}
            key={search}
            placeholder={t('makers.search')}
            className="field h-11 rounded-full ps-4 pe-12"
            data-testid="makers-search"
          />
          <button type="submit" className="absolute end-1 top-1 inline-flex h-9 w-9 items-center justify-center rounded-full bg-moss-700 text-white">
            <SearchIcon width={18} height={18} />
            <span className="sr-only">{t('makers.searchSubmit')}</span>
          </button>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-ink-muted">
            {t('makers.sortLabel')}
          </label>
          <select
            id={sortId}
            name="sort"
            defaultValue={sort}
            key={sort}
            className="select h-11 py-1.5 text-sm"
            onChange={(event) => submit(event.currentTarget.form)}
            data-testid="makers-sort"
          >
            <option value="name">{t('makers.sortName')}</option>
            <option value="stores">{t('makers.sortStores')}</option>
          </select>
          {hydrated ? null : (
            <button type="submit" className="h-11 rounded-full border border-moss-700 px-3 text-sm font-semibold text-moss-800">
              {t('sort.apply')}
            </button>
          )}
        </div>
      </Form>
      {specialities.length === 0 ? (
        <p className="mt-10 rounded-3xl border border-dashed border-sand-300 bg-white p-10 text-center text-lg text-ink-muted" data-testid="makers-empty">
          {t('makers.empty')}
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="specialities">
          {specialities.map((s) => (
            <li key={s.id} data-testid="speciality">
              <Link
                to={`/makers/${s.slug}`}
                className="flex h-full flex-col rounded-3xl border border-sand-200 bg-white p-5 transition-shadow hover:border-moss-300 hover:shadow-md"
              >
                <span className="text-lg font-semibold text-moss-900">{s.name}</span>
                {s.description ? <span className="mt-1 line-clamp-3 text-sm text-ink-muted">{s.description}</span> : null}
                <span className="mt-auto pt-3 text-sm font-semibold text-clay-700">{t('makers.stores', { count: s.storeCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
