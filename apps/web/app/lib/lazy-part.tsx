import { lazy, type ComponentType, type ReactNode } from 'react';

/**
 * `React.lazy` for a part of a page downloaded when it is first used (the header's search list and
 * account menu). If the download fails — no network, or a new deployment has replaced the file — the
 * part renders `fallback` (nothing by default) instead of throwing to the page's error boundary, and
 * the next time it is mounted it asks again.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null): ComponentType<P> {
  const attempt = () =>
    lazy<ComponentType<P>>(() =>
      load().then(
        (component) => ({ default: component }),
        () => {
          current = attempt();
          return { default: fallback as ComponentType<P> };
        },
      ),
    );
  let current = attempt();
  return function LazyPart(props: P) {
    const Current = current;
    return <Current {...props} />;
  };
}
