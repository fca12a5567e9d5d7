import { SORT_KEYS, type FacetKey, type TFacet, type TListingResponse, type TProductCard } from '@tessera/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Form, Link, useFetcher, useSubmit } from 'react-router';
import { useHydrated } from '../../../lib/preferences';
import { CloseIcon, SearchIcon } from '../../../ui/icons';
import {
  activeFilters,
  clearAllFilters,

  queryString,
  toggleFacet,
  toSearchParams,
  type ListingState,

} from '../listing-url';
import { FacetList, listingHref, useFacetValueLabel, type ListingLinks } from './Facets';
import { ProductGrid } from './ProductCard';

export type ListingData = TListingResponse['data'];

export interface ListingPageData {
  listing: ListingData;
  state: ListingState;
}

function SortForm({ state, links }: { state: ListingState; links: ListingLinks }) {
  const { t } = useTranslation('catalog');
  const submit = useSubmit();
  const hydrated = useHydrated();
  const id = useId();
  const others = toSearchParams({ ...state, sort: null, cursor: null }, { fixed: links.fixed });
  return (
    <Form method="get" action={links.basePath} preventScrollReset className="flex items-center gap-2" data-testid="sort-form">
      {[...others.entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="whitespace-nowrap text-sm font-medium text-ink-muted max-sm:sr-only">
        {t('sort.label')}
      </label>
      <select
        id={id}
        name="sort"
        data-testid="sort-select"
        defaultValue={state.sort ?? 'popularity'}
        key={state.sort ?? 'popularity'}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        className="select h-10 py-1.5 text-sm"
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="h-10 rounded-full border border-moss-700 px-3 text-sm font-semibold text-moss-800">
          {t('sort.apply')}
        </button>
      )}
    </Form>
  );
}

function ActiveChips({ state, links, currency, facets }: { state: ListingState; links: ListingLinks; currency: string; facets: readonly TFacet[] }) {
  const { t } = useTranslation('catalog');
  const label = useFacetValueLabel(currency);
  // The listing names what it filtered by (a brand's, store's or category's name, a size's label):
  // a chip shows that name, never the code or slug of the URL.
  const named = (key: FacetKey, value: string) => facets.find((facet) => facet.key === key)?.values.find((option) => option.value === value)?.label;
  const active = activeFilters(state, links.fixed);
  if (active.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      {active.map(({ key, value }) => {
        const name = label(key, value, named(key, value));
        return (
          <Link
            key={`${key}-${value}`}
            to={listingHref(links, toggleFacet(state, key, value))}
            preventScrollReset
            rel="nofollow"
            aria-label={t('listing.remove', { name })}
            className="inline-flex items-center gap-1 rounded-full border border-moss-300 bg-moss-50 py-1 ps-3 pe-2 text-sm font-medium text-moss-900 hover:bg-moss-100"
          >
            {name}
            <CloseIcon width={14} height={14} />
          </Link>
        );
      })}
      <Link to={listingHref(links, clearAllFilters(state))} preventScrollReset rel="nofollow" className="text-sm font-semibold text-clay-700 underline-offset-2 hover:underline">
        {t('listing.clearAll')}
      </Link>
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('catalog');
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-moss-50 text-moss-700">
        <SearchIcon width={30} height={30} />
      </span>
      <p className="mt-6 text-2xl font-semibold text-moss-900 first-letter:uppercase" data-testid="search-empty">
        {t('listing.empty')}
      </p>
      <p className="mt-2 text-ink-muted">{t('listing.emptyHint')}</p>
    </div>
  );
}

/**
 * Next pages: "load more" appends them; without JavaScript the same link opens the next page. Pages
 * loaded belong to the listing they followed: a new filter, sort or language starts over.
 */
function useMoreItems(listing: ListingData) {
  const fetcher = useFetcher<ListingPageData>();
  const [more, setMore] = useState<{ base: ListingData; items: TProductCard[]; cursor: string | null } | null>(null);
  const requestedFor = useRef<ListingData | null>(null);

  useEffect(() => {
    const page = fetcher.data?.listing;
    const base = requestedFor.current;
    if (!page || fetcher.state !== 'idle' || base === null) return;
    requestedFor.current = null;
    if (base !== listing) return;
    setMore((previous) => {
      const earlier = previous && previous.base === listing ? previous.items : [];
      const known = new Set([...listing.items, ...earlier].map((item) => item.id));
      return { base: listing, items: [...earlier, ...page.items.filter((item) => !known.has(item.id))], cursor: page.nextCursor };
    });
  }, [fetcher.data, fetcher.state, listing]);

  const current = more && more.base === listing ? more : null;
  return {
    items: current ? [...listing.items, ...current.items] : listing.items,
    cursor: current ? current.cursor : listing.nextCursor,
    busy: fetcher.state !== 'idle',
    load(href: string) {
      if (fetcher.state !== 'idle') return;
      requestedFor.current = listing;
      void fetcher.load(href);
    },
  };
}

/**
 * The listing: heading, sort, filters with counts (a sidebar; a drawer on phones), active filter
 * chips, results and "load more". Every control is a link or a GET form, so the page works before
 * hydration and every state has its own URL.
 */
export function ListingView({
  data,
  links,
  heading,
  intro,
}: {
  data: ListingPageData;
  links: ListingLinks;
  heading: ReactNode;
  intro?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const { listing, state } = data;
  const hydrated = useHydrated();
  const [drawer, setDrawer] = useState(false);
  const currency = listing.items[0]?.price.currency ?? 'EUR';
  const resetKey = queryString(toSearchParams(state, { fixed: links.fixed }));
  const { items, cursor, busy, load } = useMoreItems(listing);
  const filterCount = activeFilters(state, links.fixed).length;
  const nextHref = cursor ? `${links.basePath}${queryString(toSearchParams({ ...state, cursor }, { fixed: links.fixed, cursor: true }))}` : null;

  useEffect(() => setDrawer(false), [resetKey]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawer(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className="py-6 sm:py-8" data-testid="listing" data-total={listing.total}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {heading}
          {listing.correctedQuery ? (
            <p className="mt-2 text-ink-muted" data-testid="corrected-query">
              {t('listing.showingFor', { corrected: listing.correctedQuery })}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-ink-muted" data-testid="result-count">
            {t('listing.results', { count: listing.total })}
          </p>
        </div>
        <div className="flex w-full items-center justify-between gap-2 sm:w-auto">
          <a
            href="#filters"
            onClick={(event) => {
              event.preventDefault();
              setDrawer(true);
            }}
            className="inline-flex h-10 items-center whitespace-nowrap rounded-full border border-moss-700 px-4 text-sm font-semibold text-moss-800 md:hidden"
            data-testid="filters-open"
          >
            {filterCount > 0 ? t('listing.filtersCount', { count: filterCount }) : t('listing.filters')}
          </a>
          <SortForm state={state} links={links} />
        </div>
      </div>
      {intro}
      <div className="mt-4">
        <ActiveChips state={state} links={links} currency={currency} facets={listing.facets} />
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-[240px_1fr] lg:grid-cols-[260px_1fr]">
        <aside
          id="filters"
          aria-label={t('listing.filters')}
          data-open={drawer ? 'true' : 'false'}
          className={`${
            drawer ? 'max-md:fixed' : hydrated ? 'max-md:hidden' : 'max-md:hidden max-md:target:fixed max-md:target:block'
          } max-md:inset-0 max-md:z-50 max-md:overflow-y-auto max-md:bg-sand-50 max-md:p-4 md:block`}
        >
          <div className="mb-2 flex items-center justify-between md:hidden">
            <h2 className="text-xl font-semibold">{t('listing.filters')}</h2>
            <a
              href="#"
              onClick={(event) => {
                event.preventDefault();
                setDrawer(false);
              }}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-moss-50"
              aria-label={t('listing.closeFilters')}
            >
              <CloseIcon />
            </a>
          </div>
          {links.fixed.length === 0 && state.q === '' && listing.facets.length === 0 ? null : (
            <FacetList facets={listing.facets} state={state} links={links} currency={currency} />
          )}
          <div className="sticky bottom-0 mt-4 bg-sand-50 py-3 md:hidden">
            <a
              href="#"
              onClick={(event) => {
                event.preventDefault();
                setDrawer(false);
              }}
              className="flex h-11 w-full items-center justify-center rounded-full bg-moss-700 font-semibold text-white"
              data-testid="filters-show-results"
            >
              {t('listing.showResults', { count: listing.total })}
            </a>
          </div>
        </aside>
        <div className="min-w-0" aria-live="polite">
          {items.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <ProductGrid products={items} eagerFirst={4} />
              {nextHref ? (
                <div className="mt-8 flex justify-center">
                  <Link
                    to={nextHref}
                    rel="next"
                    data-testid="load-more"
                    onClick={(event) => {
                      event.preventDefault();
                      load(nextHref);
                    }}
                    className="inline-flex h-11 items-center rounded-full border border-moss-700 px-6 font-semibold text-moss-800 hover:bg-moss-50"
                    aria-busy={busy}
                  >
                    {busy ? t('listing.loading') : t('listing.loadMore')}
                  </Link>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

