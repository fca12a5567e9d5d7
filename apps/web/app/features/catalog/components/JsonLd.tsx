import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../../lib/root-data';
import { serializeJsonLd } from '../json-ld';

/**
 * Structured data in the page, carrying the page's CSP nonce like every inline script. Browsers hide
 * nonce attributes from the DOM once parsed, so hydration must not compare it.
 */
export function JsonLd({ data }: { data: unknown }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
