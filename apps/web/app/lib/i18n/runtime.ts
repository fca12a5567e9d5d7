import type { Language } from '@tessera/contracts';
import type { Namespace as I18nextNamespace, TFunction } from 'i18next';

// The texts' runtime: what the app used of i18next, in about a hundred lines (docs/decisions/009).
// Resource files, keys and namespaces are i18next's (nested keys, `{{name}}` placeholders, the
// `_zero/_one/_two/_few/_many/_other` plural suffixes of its v4 JSON); its types still check every key
// at compile time (`TFunction` from 'i18next', imported for its types only).

/** One namespace's texts in one language: nested objects of strings (and arrays of them). */
export type Bundle = { readonly [key: string]: unknown };
/** Texts by language, then namespace. */
export type Resources = { [language in Language]?: { [namespace: string]: Bundle } };
/** Fetches one namespace's texts in one language (the browser's `import()` of its chunk). */
export type Loader = (language: Language, namespace: string) => Promise<Bundle>;

/** The options `t` understands: i18next's names. Every other entry is a `{{placeholder}}` value. */
export interface TranslateOptions {
  ns?: string | readonly string[];
  lng?: string;
  count?: number;
  returnObjects?: boolean;
  [value: string]: unknown;
}

/** `t` as the app calls it, typed by i18next's own types (keys checked against the resources). */
export type Translate<Ns extends I18nextNamespace = 'translation'> = TFunction<Ns>;

type Listener = (language: Language) => void;

/**
 * The namespace a key is looked up in when the asked one lacks it: the storefront screens' texts left
 * 'translation' for 'screens' under the same keys (decision 008 §1), as i18next's `fallbackNS` did.
 */
export const FALLBACK_NAMESPACE = 'screens';
const DEFAULT_NAMESPACE = 'translation';
/** How long a namespace whose download failed counts as settled, so that a render shows the page instead of waiting forever; then it is tried again. */
const FAILED_FOR_MS = 10_000;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function lookUp(bundle: Bundle | undefined, key: string): unknown {
  let node: unknown = bundle;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

/**
 * `{{name}}` (and i18next's unescaped `{{- name}}`) replaced by `values.name`, `{{a.b}}` by a nested
 * value. A placeholder without a value stays as written, or becomes empty when the option is named
 * but undefined: i18next's `skipOnVariables` behaviour. Values are not escaped (React escapes them).
 */
function interpolate(text: string, values: TranslateOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/{{(.+?)}}/g, (whole, inner: string) => {
    const name = inner.replace(/^\s*-/, '').trim();
    const value = name in values ? values[name] : lookUp(values, name);
    if (value === undefined) return name in values ? '' : whole;
    return value === null ? '' : String(value);
  });
}

export class I18n {
  language: Language;
  readonly isInitialized = true;
  private readonly store: Resources;
  private readonly loader: Loader | undefined;
  /** The namespaces in use: those loaded in the page's language; a language switch loads them all. */
  private readonly used = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly failedAt = new Map<string, number>();
  private readonly listeners = new Set<Listener>();

  constructor(language: Language, resources: Resources, loader?: Loader) {
    this.language = language;
    this.store = resources;
    this.loader = loader;
    for (const namespace of Object.keys(resources[language] ?? {})) this.used.add(namespace);
  }

  /** `t` in the current language (or `options.lng`), in 'translation' (or `options.ns`) then 'screens'. */
  readonly t: Translate = ((key: string, options?: TranslateOptions) => this.translate(key, options)) as unknown as Translate;

  /** A `t` fixed to a language (null: the current one at each call) and namespace. */
  getFixedT<Ns extends I18nextNamespace = 'translation'>(language: Language | null, namespace?: Ns): Translate<Ns> {
    return ((key: string, options?: TranslateOptions) =>
      this.translate(key, {
        ns: namespace as string | readonly string[] | undefined,
        ...options,
        lng: options?.lng ?? language ?? undefined,
      })) as unknown as Translate<Ns>;
  }

  translate(key: string, options?: TranslateOptions): unknown {
    let namespaces = options?.ns === undefined ? [DEFAULT_NAMESPACE] : typeof options.ns === 'string' ? [options.ns] : [...options.ns];
    // 'portal:common.adminConsole': the namespace named in the key (route meta functions use it).
    const colon = key.indexOf(':');
    if (colon > 0 && this.isKnownNamespace(key.slice(0, colon))) {
      namespaces = [key.slice(0, colon)];
      key = key.slice(colon + 1);
    }
    if (!namespaces.includes(FALLBACK_NAMESPACE)) namespaces.push(FALLBACK_NAMESPACE);
    const language = (options?.lng as Language | undefined) ?? this.language;
    const count = options?.count;
    // i18next's order: `_zero` for 0, then the language's plural category, then the bare key; and
    // `_other` before the bare key, for a language whose category a resource did not write.
    const candidates =
      typeof count === 'number' ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(language, count)}`, `${key}_other`, key] : [key];
    for (const namespace of namespaces) {
      const bundle = this.store[language]?.[namespace];
      if (!bundle) continue;
      for (const candidate of candidates) {
        const found = lookUp(bundle, candidate);
        if (typeof found === 'string') return interpolate(found, options);
        if (found !== undefined && found !== null && options?.returnObjects) return found;
      }
    }
    // As i18next: a missing text shows its key (the unit tests check no language misses one).
    return key;
  }

  private isKnownNamespace(name: string): boolean {
    return Object.values(this.store).some((namespaces) => namespaces !== undefined && name in namespaces) || this.used.has(name);
  }

  hasResourceBundle(language: Language, namespace: string): boolean {
    return this.store[language]?.[namespace] !== undefined;
  }

  addResourceBundle(language: Language, namespace: string, bundle: Bundle): void {
    (this.store[language] ??= {})[namespace] = bundle;
    if (language === this.language) this.used.add(namespace);
  }

  /** The namespaces in use (loaded in the current language, or asked for). */
  get namespaces(): string[] {
    return [...this.used];
  }

  /** Whether a render can go ahead with `namespaces`: each is loaded, or failed to load a moment ago. */
  settled(namespaces: readonly string[], language: Language = this.language): boolean {
    return namespaces.every((ns) => this.hasResourceBundle(language, ns) || Date.now() - (this.failedAt.get(`${language}|${ns}`) ?? -Infinity) < FAILED_FOR_MS);
  }

  /**
   * Fetches what is missing of `namespaces` in `language` (the current one by default); the same
   * promise while a download is under way, so that a suspended render and its retry share it. Resolves
   * when all are there; rejects when one could not be fetched (it then counts as settled for a while).
   */
  loadNamespaces(namespaces: readonly string[], language: Language = this.language): Promise<void> {
    for (const ns of namespaces) if (language === this.language) this.used.add(ns);
    const missing = namespaces.filter((ns) => !this.hasResourceBundle(language, ns));
    if (missing.length === 0) return Promise.resolve();
    const loader = this.loader;
    if (!loader) return Promise.reject(new Error(`No texts for ${missing.join(', ')} in ${language}`));
    return Promise.all(
      missing.map((ns) => {
        const id = `${language}|${ns}`;
        let load = this.pending.get(id);
        if (!load) {
          load = loader(language, ns).then(
            (bundle) => {
              this.pending.delete(id);
              this.failedAt.delete(id);
              this.addResourceBundle(language, ns, bundle);
            },
            (error: unknown) => {
              this.pending.delete(id);
              this.failedAt.set(id, Date.now());
              throw error;
            },
          );
          this.pending.set(id, load);
        }
        return load;
      }),
    ).then(() => undefined);
  }

  /**
   * Fetches `language` of every namespace in use without switching to it: after this, `changeLanguage`
   * switches at once and `t(key, { lng: language })` has its texts (the language switch says so in the new language).
   */
  loadLanguage(language: Language): Promise<void> {
    return this.loadNamespaces([...this.used], language);
  }

  /**
   * Switches once the new language's texts are there, then tells the listeners (the document's
   * `lang`, every component's texts). As i18next did, it switches even when a download failed: the
   * callers fetch first (loadLanguage) and say so when that fails.
   */
  async changeLanguage(language: Language): Promise<void> {
    try {
      await this.loadLanguage(language);
    } catch (error) {
      console.warn(`The ${language} texts could not all be loaded`, error);
    }
    if (language === this.language) return;
    this.language = language;
    for (const listener of [...this.listeners]) listener(language);
  }

  on(_event: 'languageChanged', listener: Listener): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.listeners.delete(listener);
  }
}
