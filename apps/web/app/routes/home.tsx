import type { TCommonData, THomeData } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import type { Route } from './+types/home';
import { CategoryGrid, FeaturedMakers, FeaturedProducts, HeroBanners, LinkMenu, MegaMenu, StripBanners } from '../features/catalog/components/HomeSections';
import { catalogGetOr, isSiteLocked } from '../features/catalog/server-api';
import { loadEssentials, TradeEssentials } from '../features/config/TradeEssentials';
import { Audiences } from '../features/home/Audiences';
import { Hero } from '../features/home/Hero';
import { HowItWorks } from '../features/home/HowItWorks';
import { resolveWebContext } from '../lib/context';
import { pageMeta, rootDataFrom } from '../lib/seo';

type Menus = Pick<TCommonData, 'megaMenu' | 'brandsMenu' | 'storesMenu'>;
const NO_MENUS: Menus = { megaMenu: [], brandsMenu: [], storesMenu: [] };
const NO_HOME: THomeData = { featuredMakers: [], featuredProducts: [], categories: [], heroBanners: [], stripBanners: [] };

/** The catalog parts of the home page; the page still renders (without them) if the catalog cannot answer. */
export async function loader(args: Route.LoaderArgs) {
  if (isSiteLocked(args)) return { menus: NO_MENUS, home: NO_HOME, locked: true };
  const isMobile = resolveWebContext(args.context).isMobile ? 1 : 0;
  const [common, home] = await Promise.all([
    catalogGetOr<Menus>(args, `/v1/fetch/common/data/guest/${isMobile}`, NO_MENUS),
    catalogGetOr<THomeData>(args, '/v1/home', NO_HOME),
  ]);
  return { menus: { megaMenu: common.megaMenu, brandsMenu: common.brandsMenu, storesMenu: common.storesMenu }, home, locked: false };
}

/**
 * The trade essentials section reads GET /v1/config in the browser, through the API client's guest
 * token queue; the server renders the rest of the page and the section's placeholders meanwhile, so
 * no HydrateFallback. On a first load `serverLoader()` gives the server's data without a new request;
 * behind the site's password gate the page calls no API (the gate shows instead of the page).
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  return { ...server, essentials: server.locked ? undefined : await loadEssentials(request.signal) };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = (args) => {
  const root = rootDataFrom(args);
  // The config's title and description are written in its default language; other languages get
  // the translated ones.
  if (!root || root.language === root.config.defaultLanguage) return pageMeta(args);
  return pageMeta(args, (t) => ({ title: t('home.metaTitle'), description: t('home.hero.lead') }));
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { menus, home } = loaderData;
  return (
    <>
      <MegaMenu items={menus.megaMenu} />
      <HeroBanners banners={home.heroBanners} />
      <CategoryGrid categories={home.categories} />
      <FeaturedProducts products={home.featuredProducts} />
      <FeaturedMakers stores={home.featuredMakers} />
      <StripBanners banners={home.stripBanners} />
      <LinkMenu id="home-brands" title={t('home.brands')} items={menus.brandsMenu} />
      <LinkMenu id="home-stores" title={t('home.stores')} items={menus.storesMenu} />
      <Hero />
      <Audiences />
      <HowItWorks />
      <TradeEssentials essentials={'essentials' in loaderData ? loaderData.essentials : undefined} />
    </>
  );
}
