import { toLanguage, type Language } from "@tessera/contracts";
import { createI18n, isNamespace, NAMESPACES_ATTRIBUTE, namespacesFromAttribute, setTranslator, type I18n, type Namespace } from "./index";
import type { Bundle, Loader, Resources } from "./runtime";
import { loadTexts } from "./texts";

// The browser's one instance for the page's lifetime. It starts with the page's language of the
// page's namespaces, fetched before hydration (entry.client.tsx), so the first render has every text
// the server rendered. Anything else is fetched through the loader below before it is used:
// `changeLanguage` loads the new language of every namespace in use, then switches.

const loader: Loader = async (language, namespace) => {
  if (!isNamespace(namespace)) throw new Error(`unknown i18n namespace ${namespace}`);
  return (await loadTextsRetrying(language, namespace)) as unknown as Bundle;
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
  const resources: Resources = { [language]: Object.fromEntries(texts) };
  const instance = createI18n(language, resources, loader);
  pageI18n = instance;
  setTranslator((lng) => (key, values) => instance.translate(key, { ...values, lng }) as string);
  return instance;
}

/** Fetches `namespaces` in the current language (a portal's layout, before its pages render); resolves at once when loaded. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const instance = pageI18n;
  if (!instance) return;
  // As i18next's did: a failed download does not fail the route's loader; the page renders once it
  // counts as settled (./runtime.ts), and a later render tries again.
  await instance.loadNamespaces(namespaces).catch((error: unknown) => console.warn("Page texts could not be loaded", error));
}
