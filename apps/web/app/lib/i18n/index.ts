import type { Language } from "@tessera/contracts";
import { I18n, type Loader, type Resources } from "./runtime";
import type { en } from "./en";
import type { Translation } from "./types";
import type { portalEn, PortalTranslation } from "../../features/portal-shell/i18n";
import type { catalogEn, CatalogTranslation } from "../../features/catalog/i18n";
import type { sellerCatalogEn, SellerCatalogTranslation } from "../../features/catalog/seller/i18n";
import type { adminCatalogEn, AdminCatalogTranslation } from "../../features/catalog/admin/i18n";
import type { chatEn, ChatTranslation } from "../../features/chat/i18n";
import type { blogEn, BlogTranslation } from "../../features/blog/i18n";
import type { socialEn, SocialTranslation } from "../../features/social/i18n";
import type { quotationsEn, QuotationsTranslation } from "../../features/quotations/i18n";
import type { commissionsEn, CommissionsTranslation } from "../../features/commissions/i18n";
import type { screensEn, ScreensTranslation } from "./screens";

// This module holds no texts, so that the browser bundle does not carry every language: the server
// registers all of them synchronously (./all.server.ts), the browser fetches the page's language
// before hydrating and the others when the visitor switches (./browser.ts).

export type { Translation };

/**
 * The namespaces (i18next's, decision 009). 'translation': the storefront's shell and pages; 'catalog': the public
 * catalog pages; 'portal': the seller portal and the admin console (features/portal-shell/i18n);
 * 'sellerCatalog' and 'adminCatalog': the portals' catalog screens; 'chat': the message center (all three); 'social': hearts, favourites, wishlists and reviews (every storefront
 * page shows hearts, and the portals' review screens use it); 'screens': the storefront's other screens
 * (account, checkout, orders, information pages) and what the portals share with them (./screens).
 */
export const NAMESPACES = ["translation", "screens", "portal", "catalog", "sellerCatalog", "adminCatalog", "chat", "blog", "social", "quotations", "commissions"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every page needs: the shell's texts, the catalog's and the hearts'. */
export const BASE_NAMESPACES = ["translation", "catalog", "social"] as const satisfies readonly Namespace[];
/** What every storefront page but the light ones loads; the portals add theirs through their layout's `handle.i18n` (see ./browser.ts). */
export const STOREFRONT_NAMESPACES = ["translation", "screens", "catalog", "social", "quotations", "commissions"] as const satisfies readonly Namespace[];
export const PORTAL_NAMESPACES = ["portal", "sellerCatalog", "adminCatalog", "blog", "social", "quotations", "commissions"] as const satisfies readonly Namespace[];

/**
 * The public pages, by route id (the module's path under app/ without extension), with the namespaces
 * each needs beyond BASE_NAMESPACES: the only pages whose first-load JavaScript is budgeted (issue #17
 * §1, docs/decisions/008-light-public-pages.md). Every other page loads STOREFRONT_NAMESPACES; a new
 * page does so without saying anything, so it cannot miss a text. ./light-pages.test.ts reads the code
 * each light page reaches and fails on a text it would not have.
 */
export const LIGHT_ROUTES: ReadonlyMap<string, readonly Namespace[]> = new Map<string, readonly Namespace[]>([
  ["root", []],
  ["routes/home", []],
  ["routes/search", []],
  ["routes/category", []],
  ["routes/product", []],
  ["routes/store", []],
  ["routes/makers", []],
  ["routes/makers-speciality", []],
  ["routes/blog", []],
  ["routes/blog-post", []],
  ["routes/not-found", []],
]);

export const isNamespace = (name: string): name is Namespace => (NAMESPACES as readonly string[]).includes(name);

/** The namespaces of a page from its route matches: the base ones, what each light route adds or else the storefront's, and those the routes' `handle.i18n` ask for. */
export function pageNamespaces(matches: readonly { id: string; handle?: unknown }[]): Namespace[] {
  const names = new Set<Namespace>(BASE_NAMESPACES);
  for (const match of matches) {
    for (const name of LIGHT_ROUTES.get(match.id) ?? STOREFRONT_NAMESPACES) names.add(name);
    const wanted = (match.handle as { i18n?: unknown } | null | undefined)?.i18n;
    if (Array.isArray(wanted)) for (const name of wanted) if (typeof name === "string" && isNamespace(name)) names.add(name);
  }
  return [...names];
}

/** The namespaces the server rendered a page with, from NAMESPACES_ATTRIBUTE's value. */
export function namespacesFromAttribute(value: string | null): Namespace[] {
  const names = new Set<Namespace>(BASE_NAMESPACES);
  for (const name of (value ?? "").split(/\s+/)) if (isNamespace(name)) names.add(name);
  return [...names];
}

/** The attribute of <html> that names the namespaces the server rendered the page with (root.tsx, ./browser.ts). */
export const NAMESPACES_ATTRIBUTE = "data-i18n-namespaces";

/** One namespace's texts in any language: the English shape with every literal widened to string. */
export interface NamespaceTexts {
  translation: Translation;
  screens: ScreensTranslation;
  portal: PortalTranslation;
  catalog: CatalogTranslation;
  sellerCatalog: SellerCatalogTranslation;
  adminCatalog: AdminCatalogTranslation;
  chat: ChatTranslation;
  blog: BlogTranslation;
  social: SocialTranslation;
  quotations: QuotationsTranslation;
  commissions: CommissionsTranslation;
}

/** Each language's name written in that language, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  ar: "العربية",
  ms: "Bahasa Melayu",
};

// i18next's types stay (the package is kept for them, decision 009): `t` from ./react.tsx is typed
// `TFunction`, so a key missing from its namespace fails the typecheck.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    // A key 'translation' lacks is looked up in 'screens' (see createI18n).
    fallbackNS: "screens";
    resources: {
      translation: typeof en;
      screens: typeof screensEn;
      portal: typeof portalEn;
      catalog: typeof catalogEn;
      sellerCatalog: typeof sellerCatalogEn;
      adminCatalog: typeof adminCatalogEn;
      chat: typeof chatEn;
      blog: typeof blogEn;
      social: typeof socialEn;
      quotations: typeof quotationsEn;
      commissions: typeof commissionsEn;
    };
  }
}

/**
 * A fresh instance in `language` with `resources` (whatever the caller has loaded). With a `loader`,
 * what is missing is fetched: a language switch (`changeLanguage`) and `loadNamespaces` wait for the
 * texts before anything renders with them. The runtime is our own (./runtime.ts, decision 009); its
 * lookups are i18next's with this app's options: `fallbackNS: ['screens']` (the screens' texts left
 * 'translation' under the same keys), no fallback language (every language has every key, the i18n
 * tests check it, and a fallback would make the browser download English beside the page's language),
 * no escaping (React escapes).
 */
export function createI18n(language: Language, resources: Resources, loader?: Loader): I18n {
  return new I18n(language, resources, loader);
}

export type { I18n };

type Translate = (key: string, values?: Record<string, string | number>) => string;
let translatorFor: ((language: Language) => Translate) | undefined;

/** Where `translate` finds its texts: every language on the server, the page's instance in the browser. */
export function setTranslator(translator: (language: Language) => Translate): void {
  translatorFor = translator;
}

/** A translation outside React (route `meta` functions). */
export function translate(language: Language, key: string, values?: Record<string, string | number>): string {
  if (!translatorFor) throw new Error("No translations registered: the server imports lib/i18n/all.server, the browser starts lib/i18n/browser");
  return translatorFor(language)(key, values);
}
