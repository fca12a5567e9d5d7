import type { Language } from "@tessera/contracts";
import type { Namespace, NamespaceTexts } from "./index";

/**
 * Every namespace in every language as its own module, fetched when the browser needs it: each
 * `import()` is a chunk of its own, so a page downloads its language of its namespaces only. The
 * types check that each file has the English shape.
 */
const LOADERS: { [N in Namespace]: Record<Language, () => Promise<NamespaceTexts[N]>> } = {
  translation: {
    en: () => import("./en").then((m) => m.en),
    es: () => import("./es").then((m) => m.es),
    ar: () => import("./ar").then((m) => m.ar),
    ms: () => import("./ms").then((m) => m.ms),
  },
  screens: {
    en: () => import("./screens/en").then((m) => m.screensEn),
    es: () => import("./screens/es").then((m) => m.screensEs),
    ar: () => import("./screens/ar").then((m) => m.screensAr),
    ms: () => import("./screens/ms").then((m) => m.screensMs),
  },
  catalog: {
    en: () => import("../../features/catalog/i18n/en").then((m) => m.catalogEn),
    es: () => import("../../features/catalog/i18n/es").then((m) => m.catalogEs),
    ar: () => import("../../features/catalog/i18n/ar").then((m) => m.catalogAr),
    ms: () => import("../../features/catalog/i18n/ms").then((m) => m.catalogMs),
  },
  portal: {
    en: () => import("../../features/portal-shell/i18n/en").then((m) => m.portalEn),
    es: () => import("../../features/portal-shell/i18n/es").then((m) => m.portalEs),
    ar: () => import("../../features/portal-shell/i18n/ar").then((m) => m.portalAr),
    ms: () => import("../../features/portal-shell/i18n/ms").then((m) => m.portalMs),
  },
  sellerCatalog: {
    en: () => import("../../features/catalog/seller/i18n/en").then((m) => m.sellerCatalogEn),
    es: () => import("../../features/catalog/seller/i18n/es").then((m) => m.sellerCatalogEs),
    ar: () => import("../../features/catalog/seller/i18n/ar").then((m) => m.sellerCatalogAr),
    ms: () => import("../../features/catalog/seller/i18n/ms").then((m) => m.sellerCatalogMs),
  },
  adminCatalog: {
    en: () => import("../../features/catalog/admin/i18n/en").then((m) => m.adminCatalogEn),
    es: () => import("../../features/catalog/admin/i18n/es").then((m) => m.adminCatalogEs),
    ar: () => import("../../features/catalog/admin/i18n/ar").then((m) => m.adminCatalogAr),
    ms: () => import("../../features/catalog/admin/i18n/ms").then((m) => m.adminCatalogMs),
  },
  chat: {
    en: () => import("../../features/chat/i18n/en").then((m) => m.chatEn),
    es: () => import("../../features/chat/i18n/es").then((m) => m.chatEs),
    ar: () => import("../../features/chat/i18n/ar").then((m) => m.chatAr),
    ms: () => import("../../features/chat/i18n/ms").then((m) => m.chatMs),
  },
  blog: {
    en: () => import("../../features/blog/i18n/en").then((m) => m.blogEn),
    es: () => import("../../features/blog/i18n/es").then((m) => m.blogEs),
    ar: () => import("../../features/blog/i18n/ar").then((m) => m.blogAr),
    ms: () => import("../../features/blog/i18n/ms").then((m) => m.blogMs),
  },
  social: {
    en: () => import("../../features/social/i18n/en").then((m) => m.socialEn),
    es: () => import("../../features/social/i18n/es").then((m) => m.socialEs),
    ar: () => import("../../features/social/i18n/ar").then((m) => m.socialAr),
    ms: () => import("../../features/social/i18n/ms").then((m) => m.socialMs),
  },
  quotations: {
    en: () => import("../../features/quotations/i18n/en").then((m) => m.quotationsEn),
    es: () => import("../../features/quotations/i18n/es").then((m) => m.quotationsEs),
    ar: () => import("../../features/quotations/i18n/ar").then((m) => m.quotationsAr),
    ms: () => import("../../features/quotations/i18n/ms").then((m) => m.quotationsMs),
  },
  commissions: {
    en: () => import("../../features/commissions/i18n/en").then((m) => m.commissionsEn),
    es: () => import("../../features/commissions/i18n/es").then((m) => m.commissionsEs),
    ar: () => import("../../features/commissions/i18n/ar").then((m) => m.commissionsAr),
    ms: () => import("../../features/commissions/i18n/ms").then((m) => m.commissionsMs),
  },
};

/** One namespace's texts in one language. */
export function loadTexts<N extends Namespace>(language: Language, namespace: N): Promise<NamespaceTexts[N]> {
  return LOADERS[namespace][language]();
}

/** Where each namespace's language files are, as the client build's manifest names them. */
const NAMESPACE_DIRS: Record<Namespace, string> = {
  translation: "app/lib/i18n",
  screens: "app/lib/i18n/screens",
  catalog: "app/features/catalog/i18n",
  portal: "app/features/portal-shell/i18n",
  sellerCatalog: "app/features/catalog/seller/i18n",
  adminCatalog: "app/features/catalog/admin/i18n",
  chat: "app/features/chat/i18n",
  blog: "app/features/blog/i18n",
  social: "app/features/social/i18n",
  quotations: "app/features/quotations/i18n",
  commissions: "app/features/commissions/i18n",
};

/** Source path → built chunk URL of every text module: set in the server build only (vite.config.ts). */
declare const __TEXT_CHUNKS__: Record<string, string> | undefined;

/**
 * The URLs of the chunks `loadTexts` would fetch for a page, for modulepreload links in the server's
 * HTML: the browser downloads them beside the entry script instead of after it. None in the browser's
 * own bundle, in development or in tests.
 */
export function textChunkUrls(language: Language, namespaces: readonly Namespace[]): string[] {
  if (typeof __TEXT_CHUNKS__ === "undefined") return [];
  const chunks = __TEXT_CHUNKS__;
  return namespaces.flatMap((ns) => chunks[`${NAMESPACE_DIRS[ns]}/${language}.ts`] ?? []);
}
