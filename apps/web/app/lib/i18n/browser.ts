import { toLanguage, type Language } from "@tessera/contracts";
import type { BackendModule, i18n as I18n, Resource } from "i18next";
import { createI18n, isNamespace, NAMESPACES_ATTRIBUTE, namespacesFromAttribute, setTranslator, type Namespace } from "./index";
import { loadTexts } from "./texts";

// The browser's one i18next instance for the page's lifetime. It starts with the page's language of
// the page's namespaces, fetched before hydration (entry.client.tsx), so the first render has every
// text the server rendered. Anything else is fetched through the backend below before i18next uses
// it: `changeLanguage` loads the new language of every namespace in use, then switches.

const backend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    if (!isNamespace(namespace)) return callback(new Error(`unknown i18n namespace ${namespace}`), false);
    loadTextsRetrying(toLanguage(language), namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let pageI18n: I18n | undefined;

const RETRY_DELAYS_MS = [250, 1000];

/**
 * A namespace's texts, tried again after a short wait when the download fails (a dropped connection
 * on a phone): without them the page cannot hydrate. The caller decides what to do when all fail.
 */
async function loadTextsRetrying<N extends Namespace>(language: Language, namespace: N) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loadTexts(language, namespace);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Fetches the page's language of the page's namespaces, as the server rendered them, and makes the page's instance. */
export async function startBrowserI18n(): Promise<I18n> {
  const root = document.documentElement;
  const language = toLanguage(root.lang);
  const namespaces = namespacesFromAttribute(root.getAttribute(NAMESPACES_ATTRIBUTE));
  const texts = await Promise.all(namespaces.map(async (ns) => [ns, await loadTextsRetrying(language, ns)] as const));
  const resources: Resource = { [language]: Object.fromEntries(texts) };
  const instance = createI18n(language, resources, { backend });
  pageI18n = instance;
  setTranslator((lng) => instance.getFixedT(lng) as unknown as (key: string, values?: Record<string, string | number>) => string);
  return instance;
}

/** Fetches `namespaces` in the current language (a portal's layout, before its pages render); resolves at once when loaded. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const instance = pageI18n;
  if (!instance || namespaces.every((ns) => instance.hasResourceBundle(instance.language, ns))) return;
  await instance.loadNamespaces([...namespaces]);
}

/**
 * Fetches `language` of every namespace in use, without switching to it: after this, `changeLanguage`
 * switches at once and `t(key, { lng: language })` has its texts (the language switch says so in the new language).
 */
export async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  const namespaces = (instance.options.ns as readonly string[] | string | undefined) ?? [];
  const missing = (typeof namespaces === "string" ? [namespaces] : [...namespaces])
    .filter(isNamespace)
    .filter((ns) => !instance.hasResourceBundle(language, ns));
  const texts = await Promise.all(missing.map(async (ns) => [ns, await loadTextsRetrying(language, ns)] as const));
  for (const [ns, bundle] of texts) instance.addResourceBundle(language, ns, bundle);
}
