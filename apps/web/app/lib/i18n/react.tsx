import type { FlatNamespace, ParseKeys } from 'i18next';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, Translate } from './runtime';

// What the app used of react-i18next: the provider, `useTranslation` and a key-only `<Trans>`
// (docs/decisions/009). The types are the ones react-i18next gave `useTranslation`, so a key that is
// not in the named namespace (or 'screens') fails `npm run typecheck`.

const I18nContext = createContext<I18n | null>(null);

/** The page's texts: one instance per request on the server, one per page in the browser (the entries make it). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** react-i18next's rule: no namespace (or not a known one) means 'translation'. */
type FallbackNs<Ns> = Ns extends undefined ? 'translation' : Ns extends FlatNamespace | readonly FlatNamespace[] ? Ns : 'translation';

/**
 * `t` for a namespace (the first of a list; the others are only loaded), re-rendering the component
 * when the language changes. When one of the namespaces is not loaded in the current language the
 * component suspends until it is: a client-side navigation, rendered in a transition, keeps the
 * previous page on screen meanwhile (root.tsx TextsLoaded).
 */
export function useTranslation<const Ns extends FlatNamespace | readonly FlatNamespace[] | undefined = undefined>(
  ns?: Ns,
): { t: Translate<FallbackNs<Ns>>; i18n: I18n; ready: true } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider (entry.client.tsx, entry.server.tsx)');
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const namespaces: readonly string[] = ns === undefined ? ['translation'] : typeof ns === 'string' ? [ns] : (ns as readonly string[]);
  const first = namespaces[0];
  if (!i18n.settled(namespaces)) throw i18n.loadNamespaces(namespaces);
  // A new `t` when the language changes, as react-i18next did (memos and effects that depend on it run
  // again), in the language this render shows (`{ lng }` still picks another).
  const t = useMemo(() => i18n.getFixedT(language, first as FlatNamespace | undefined), [i18n, language, first]);
  return { t: t as unknown as Translate<FallbackNs<Ns>>, i18n, ready: true };
}

/** A text as a React node (no child components: the app uses none): `<Trans ns="social" i18nKey="favourites.title" />`. */
export function Trans<const Key extends ParseKeys<Ns>, Ns extends FlatNamespace = 'translation'>({ ns, i18nKey }: { ns?: Ns; i18nKey: Key }): ReactNode {
  const { t } = useTranslation(ns);
  return (t as unknown as (key: string) => string)(String(i18nKey));
}
