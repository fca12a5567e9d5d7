import { INTL_LOCALES, type Language, type TAppConfig } from '@tessera/contracts';
import type { MetaDescriptor } from 'react-router';
import { SOCIAL_IMAGE_PATH } from './context';
import { translate } from './i18n';
import { isRootData, type RootData } from './root-data';

/** What a page may set; everything else comes from the app config (seed §2 "shared page-head"). */
export interface PageSeo {
  /** The page's own title; the site name is appended. Without it the config's title is used. */
  title?: string;
  description?: string;
  /** Absolute URL or a path on this site. */
  image?: string;
  /** Keep the page out of search engines (not-found, cart, account, search results). */
  noIndex?: boolean;
  type?: 'website' | 'article';
}

export interface SeoDefaults {
  seo: TAppConfig['seo'];
  appName: string;
  publicUrl: string;
  language: Language;
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

/** The canonical URL: the public origin plus the path, without query or hash or trailing slash. */
export function canonicalUrl(publicUrl: string, pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : '/';
  return `${publicUrl.replace(/\/+$/, '')}${trimmed.startsWith('/') ? trimmed : `/${trimmed}`}`;
}

/** The full page head: title, description, canonical, Open Graph and Twitter tags, 512×512 image. */
export function buildMeta(defaults: SeoDefaults, pathname: string, page: PageSeo = {}): MetaDescriptor[] {
  const { seo, appName, publicUrl, language } = defaults;
  const title = page.title ? `${page.title} · ${appName}` : seo.title;
  const description = page.description ?? seo.description;
  const url = canonicalUrl(publicUrl, pathname);
  const image = absolute(publicUrl, page.image ?? (seo.image || SOCIAL_IMAGE_PATH));
  const ogLocale = INTL_LOCALES[language].replace('-', '_');
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(page.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: appName },
    { property: 'og:locale', content: ogLocale },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(seo.imageWidth) },
    { property: 'og:image:height', content: String(seo.imageHeight) },
    { property: 'og:image:alt', content: appName },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The root loader's data as a route `meta` function sees it. */
export function rootDataFrom(args: MetaArgsLike): RootData | undefined {
  const root = args.matches.find((m) => m?.id === 'root');
  return isRootData(root?.loaderData) ? root.loaderData : undefined;
}

/**
 * For a route's `meta` export: merges the config defaults with the page's own values. `page` gets a
 * translator in the page's language, so titles and descriptions are translated.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: (t: (key: string, values?: Record<string, string | number>) => string) => PageSeo = () => ({}),
): MetaDescriptor[] {
  const root = rootDataFrom(args);
  if (!root) return [{ title: 'Tessera' }];
  const t = (key: string, values?: Record<string, string | number>) => translate(root.language, key, values);
  const defaults = { seo: root.config.seo, appName: root.config.appName, publicUrl: root.publicUrl, language: root.language };
  // Behind the password gate the head tells nothing about the page behind it.
  if (root.siteLocked) return buildMeta(defaults, '/', { title: t('gate.title'), noIndex: true });
  return buildMeta(defaults, args.location.pathname, page(t));
}
