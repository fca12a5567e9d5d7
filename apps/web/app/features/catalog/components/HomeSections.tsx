import type { TBanner, TCategory, TMenuItem, TProductCard, TStoreSummary } from '@tessera/contracts';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Container } from '../../../ui/Container';
import { placeName } from '../format';
import { ChevronIcon } from './inline-icons';
import { ProductGrid } from './ProductCard';
import { ScrollRow } from './ScrollRow';
import { StoreLogo } from './StoreLogo';

function SectionHeading({ id, title, href }: { id: string; title: string; href?: string }) {
  const { t } = useTranslation('catalog');
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
        {title}
      </h2>
      {href ? (
        <Link to={href} className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-moss-700 hover:underline">
          {t('home.viewAll')}
          <ChevronIcon width={16} height={16} />
        </Link>
      ) : null}
    </div>
  );
}

/** Hero banners: a row that scrolls and snaps (swipe on phones, buttons elsewhere); no JavaScript needed to read them. */
export function HeroBanners({ banners }: { banners: TBanner[] }) {
  const { t } = useTranslation('catalog');
  const { dir } = usePreferences();
  const row = useRef<HTMLUListElement>(null);
  const hero = banners;
  if (hero.length === 0) return null;
  const scroll = (step: 1 | -1) => {
    const el = row.current;
    if (!el) return;
    el.scrollBy({ left: step * el.clientWidth * (dir === 'rtl' ? -1 : 1), behavior: 'smooth' });
  };
  return (
    <section aria-label={t('home.featuredProducts')} className="relative" data-testid="hero-banners">
      <ul ref={row} className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]">
        {hero.map((banner, index) => (
          <li key={banner.id} className="w-full shrink-0 snap-start">
            <Link to={banner.href} className="on-dark relative block h-64 overflow-hidden bg-moss-800 sm:h-80 lg:h-96">
              {banner.imageUrl ? (
                <img
                  src={banner.imageUrl}
                  alt=""
                  className="absolute inset-0 h-full w-full object-cover opacity-80"
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
              ) : null}
              <span className="absolute inset-0 bg-gradient-to-t from-moss-900/85 via-moss-900/30 to-transparent" aria-hidden="true" />
              <Container className="relative flex h-full flex-col justify-end pb-8">
                <span className="max-w-2xl font-serif text-3xl font-semibold text-white sm:text-4xl">{banner.title}</span>
                {banner.subtitle ? <span className="mt-2 max-w-xl text-base text-sand-100 sm:text-lg">{banner.subtitle}</span> : null}
              </Container>
            </Link>
          </li>
        ))}
      </ul>
      {hero.length > 1 ? (
        <div className="pointer-events-none absolute inset-x-0 top-1/2 hidden -translate-y-1/2 justify-between px-3 sm:flex">
          <button type="button" onClick={() => scroll(-1)} aria-label={t('home.previous')} className="pointer-events-auto inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-moss-900 shadow hover:bg-white">
            <ChevronIcon className="rotate-180" />
          </button>
          <button type="button" onClick={() => scroll(1)} aria-label={t('home.next')} className="pointer-events-auto inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-moss-900 shadow hover:bg-white">
            <ChevronIcon />
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The mega menu: every category with its children behind "All categories", the top ones as a row of links. */
export function MegaMenu({ items }: { items: TMenuItem[] }) {
  const { t } = useTranslation('catalog');
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('home.menu')} className="relative z-30 border-b border-sand-200 bg-white" data-testid="mega-menu">
      <Container className="flex items-center gap-2">
        <details className="group shrink-0">
          <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-1 rounded-full bg-moss-700 px-4 text-sm font-semibold text-white hover:bg-moss-800 [&::-webkit-details-marker]:hidden">
            {t('home.menu')}
            <ChevronIcon width={16} height={16} className="rotate-90 transition-transform group-open:-rotate-90" />
          </summary>
          <div className="absolute inset-x-0 top-full border-b border-sand-200 bg-white shadow-lg">
            <Container className="grid max-h-[70vh] gap-6 overflow-y-auto py-6 sm:grid-cols-2 lg:grid-cols-4">
              {items.map((item) => (
                <div key={item.id}>
                  <Link to={item.href} className="font-semibold text-moss-900 hover:underline">
                    {item.label}
                  </Link>
                  {item.children.length > 0 ? (
                    <ul className="mt-2 space-y-1 text-sm">
                      {item.children.map((child) => (
                        <li key={child.id}>
                          <Link to={child.href} className="text-ink-muted hover:text-moss-800 hover:underline">
                            {child.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
            </Container>
          </div>
        </details>
        <ScrollRow className="gap-1 py-2 text-sm font-semibold" testId="category-bar">
          {items.map((item) => (
            <li key={item.id} className="shrink-0">
              <Link to={item.href} className="inline-flex h-9 items-center rounded-full px-3 text-moss-900 hover:bg-moss-50" data-testid="mega-menu-item">
                {item.label}
              </Link>
            </li>
          ))}
        </ScrollRow>
      </Container>
    </nav>
  );
}

export function CategoryGrid({ categories }: { categories: TCategory[] }) {
  const { t } = useTranslation('catalog');
  const top = categories.filter((c) => c.parentId === null);
  if (top.length === 0) return null;
  return (
    <section aria-labelledby="home-categories" className="py-10" data-testid="home-categories">
      <Container>
        <SectionHeading id="home-categories" title={t('home.categories')} />
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {top.map((category) => (
            <li key={category.id}>
              <Link to={`/c/${category.slug}`} className="group block overflow-hidden rounded-2xl border border-sand-200 bg-white hover:border-moss-300 hover:shadow-md">
                <div className="aspect-[4/3] overflow-hidden bg-sand-100">
                  {category.imageUrl ? (
                    <img src={category.imageUrl} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105" />
                  ) : null}
                </div>
                <div className="p-3">
                  <span className="block truncate font-semibold text-moss-900">{category.name}</span>
                  <span className="text-xs text-ink-muted">{t('seller.products', { count: category.productCount })}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function FeaturedProducts({ products }: { products: TProductCard[] }) {
  const { t } = useTranslation('catalog');
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="home-featured-products" className="py-10" data-testid="home-featured-products">
      <Container>
        <SectionHeading id="home-featured-products" title={t('home.featuredProducts')} href="/search" />
        <div className="mt-5">
          <ProductGrid products={products.slice(0, 8)} />
        </div>
      </Container>
    </section>
  );
}

export function FeaturedMakers({ stores }: { stores: (TStoreSummary & { story?: string; productCount?: number })[] }) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  if (stores.length === 0) return null;
  return (
    <section aria-labelledby="home-featured-makers" className="bg-moss-50/70 py-10" data-testid="home-featured-makers">
      <Container>
        <SectionHeading id="home-featured-makers" title={t('home.featuredMakers')} href="/makers" />
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stores.slice(0, 8).map((store) => (
            <li key={store.id}>
              <Link to={`/store/${store.storeAliasName}`} className="flex h-full items-center gap-3 rounded-2xl border border-moss-100 bg-white p-4 hover:border-moss-300 hover:shadow-md">
                <StoreLogo store={store} size={52} />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-moss-900 rtl:text-right" dir="auto">
                    {store.storeName}
                  </span>
                  <span className="block truncate text-sm text-ink-muted">{placeName(store.city, store.country, language)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** The brand and store menus: short rows of links. */
export function LinkMenu({ id, title, items }: { id: string; title: string; items: TMenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="py-6" data-testid={id}>
      <Container>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={item.href} className="inline-flex h-9 items-center gap-2 rounded-full border border-sand-300 bg-white px-4 text-sm font-medium hover:border-moss-500">
                {item.imageUrl ? <img src={item.imageUrl} alt="" width={20} height={20} className="h-5 w-5 rounded-full object-cover" loading="lazy" /> : null}
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** Strip banners: smaller promotions in a row of cards. */
export function StripBanners({ banners }: { banners: TBanner[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="py-8" data-testid="strip-banners">
      <Container>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {banners.map((banner) => (
            <li key={banner.id}>
              <Link to={banner.href} className="on-dark relative block h-40 overflow-hidden rounded-3xl bg-clay-700">
                {banner.imageUrl ? <img src={banner.imageUrl} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover opacity-70" /> : null}
                <span className="absolute inset-0 bg-gradient-to-t from-ink/80 to-transparent" aria-hidden="true" />
                <span className="absolute inset-x-0 bottom-0 p-5">
                  <span className="block text-xl font-semibold text-white">{banner.title}</span>
                  {banner.subtitle ? <span className="block text-sm text-sand-100">{banner.subtitle}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
