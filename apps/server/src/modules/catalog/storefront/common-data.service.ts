import type { Kysely } from 'kysely';
import type { Language, MenuKind, TAppConfig, TBanner, TCategory, TCommonData, TFooterData, THomeData, TMenuItem } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { type Dictionary, loadCards, mediaUrl, pickText } from '../model/index.js';
import type { ProductReadService } from './product-read.service.js';
import type { StoresPublicService } from './stores-public.service.js';

const FEATURED_MAKERS = 8;
const FEATURED_PRODUCTS = 12;

/** The footer's column titles and fixed links, per language. */
const FOOTER_TEXT: Record<Language, { shop: string; makers: string; brands: string; help: string; about: string; specialities: string; sell: string }> = {
  en: { shop: 'Shop', makers: 'Makers', brands: 'Brands', help: 'Tessera', about: 'About us', specialities: 'Skills and specialities', sell: 'Sell on Tessera' },
  es: { shop: 'Comprar', makers: 'Artesanos', brands: 'Marcas', help: 'Tessera', about: 'Quiénes somos', specialities: 'Oficios y especialidades', sell: 'Vende en Tessera' },
  ar: { shop: 'تسوّق', makers: 'الحرفيون', brands: 'العلامات التجارية', help: 'تيسيرا', about: 'من نحن', specialities: 'المهارات والتخصصات', sell: 'بِع على تيسيرا' },
  ms: { shop: 'Beli-belah', makers: 'Pembuat', brands: 'Jenama', help: 'Tessera', about: 'Tentang kami', specialities: 'Kemahiran dan kepakaran', sell: 'Jual di Tessera' },
};

/** The page shell (`/v1/fetch/common/data/…`) and the home page's data, both read through the read cache. */
export class CommonDataService {
  private readonly db: Kysely<Database>;
  private readonly dictionary: () => Promise<Dictionary>;
  private readonly products: ProductReadService;
  private readonly stores: StoresPublicService;
  private readonly appConfig: TAppConfig;

  constructor(deps: { db: Kysely<Database>; dictionary: () => Promise<Dictionary>; products: ProductReadService; stores: StoresPublicService; appConfig: TAppConfig }) {
    this.db = deps.db;
    this.dictionary = deps.dictionary;
    this.products = deps.products;
    this.stores = deps.stores;
    this.appConfig = deps.appConfig;
  }

  async commonData(options: { language: Language; isMobile: boolean; now?: number }): Promise<TCommonData> {
    const { language } = options;
    const [menus, categories, banners] = await Promise.all([this.menus(language), this.products.categories({ language }), this.banners(options.now ?? Date.now(), language)]);
    const menuCategories = categories.filter((c) => c.parentId === null);
    return {
      footerData: this.footer(language, menuCategories, menus.store, menus.brand),
      megaMenu: menus.mega,
      brandsMenu: menus.brand,
      storesMenu: menus.store,
      menuCategories,
      banners,
      appConfig: this.appConfig,
      isMobile: options.isMobile,
    };
  }

  async home(options: { language: Language; now?: number }): Promise<THomeData> {
    const { language } = options;
    const now = options.now ?? Date.now();
    const [featuredMakers, popular, categories, banners] = await Promise.all([
      this.stores.listStores({ featured: true, language, limit: FEATURED_MAKERS }),
      this.db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('popularity', 'desc')
        .orderBy('id')
        .limit(FEATURED_PRODUCTS)
        .execute(),
      this.products.categories({ language }),
      this.banners(now, language),
    ]);
    return {
      featuredMakers,
      featuredProducts: await loadCards(this.db, popular.map((p) => p.id), language, now),
      categories: categories.filter((c) => c.parentId === null),
      heroBanners: banners.filter((b) => b.placement === 'hero'),
      stripBanners: banners.filter((b) => b.placement === 'strip'),
    };
  }

  /** Active banners inside their window now, by sort. */
  async banners(now: number, language: Language): Promise<TBanner[]> {
    const rows = await this.db
      .selectFrom('banners')
      .select(['id', 'title', 'subtitle', 'image_upload_id', 'href', 'placement', 'sort'])
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: pickText(row.title, language),
      subtitle: pickText(row.subtitle, language),
      imageUrl: mediaUrl(row.image_upload_id),
      href: row.href,
      placement: row.placement === 'strip' ? 'strip' : 'hero',
    }));
  }

  /** The three menus as trees; a link to a category, brand or store that no longer resolves is left out. */
  async menus(language: Language): Promise<Record<MenuKind, TMenuItem[]>> {
    const [rows, dictionary] = await Promise.all([
      this.db.selectFrom('menu_items').select(['id', 'menu', 'parent_id', 'label', 'link_type', 'link_value', 'image_upload_id', 'sort']).orderBy('sort').orderBy('id').execute(),
      this.dictionary(),
    ]);
    const storeIds = rows.filter((r) => r.link_type === 'store').map((r) => r.link_value);
    const stores = storeIds.length
      ? await this.db.selectFrom('stores').select(['id', 'store_alias_name']).where('status', '=', 'approved').where((eb) => eb.or([eb('id', 'in', storeIds), eb('store_alias_name', 'in', storeIds)])).execute()
      : [];
    const aliasOf = new Map<string, string>();
    for (const s of stores) {
      aliasOf.set(s.id, s.store_alias_name);
      aliasOf.set(s.store_alias_name, s.store_alias_name);
    }
    const href = (type: string, value: string): string | null => {
      switch (type) {
        case 'category': {
          const c = dictionary.categories.get(value) ?? dictionary.categoryBySlug.get(value);
          return c ? `/c/${c.slug}` : null;
        }
        case 'brand': {
          const b = dictionary.brands.get(value) ?? dictionary.brandBySlug.get(value);
          return b ? `/search?brand=${encodeURIComponent(b.slug)}` : null;
        }
        case 'store': {
          const alias = aliasOf.get(value);
          return alias ? `/store/${alias}` : null;
        }
        case 'search':
          return `/search?q=${encodeURIComponent(value)}`;
        default:
          return value.startsWith('/') ? value : null;
      }
    };
    const nodes = new Map<string, { item: TMenuItem; menu: string; parent: string | null }>();
    for (const row of rows) {
      const link = href(row.link_type, row.link_value);
      if (link === null) continue;
      nodes.set(row.id, { item: { id: row.id, label: pickText(row.label, language), href: link, imageUrl: mediaUrl(row.image_upload_id), children: [] }, menu: row.menu, parent: row.parent_id });
    }
    const menus: Record<MenuKind, TMenuItem[]> = { mega: [], brand: [], store: [] };
    for (const node of nodes.values()) {
      if (node.parent === null) {
        if (node.menu in menus) menus[node.menu as MenuKind].push(node.item);
      } else nodes.get(node.parent)?.item.children.push(node.item);
    }
    return menus;
  }

  private footer(language: Language, categories: TCategory[], stores: TMenuItem[], brands: TMenuItem[]): TFooterData {
    const text = FOOTER_TEXT[language];
    const links = (items: Array<{ label: string; href: string }>) => items.slice(0, 8).map(({ label, href }) => ({ label, href }));
    return {
      columns: [
        { title: text.shop, links: links(categories.map((c) => ({ label: c.name, href: `/c/${c.slug}` }))) },
        { title: text.makers, links: [...links(stores), { label: text.specialities, href: '/makers' }] },
        { title: text.brands, links: links(brands) },
        { title: text.help, links: [{ label: text.about, href: '/about' }, { label: text.sell, href: '/seller/signup' }] },
      ],
    };
  }
}
