import type { Language } from '@tessera/contracts';
import { portalClient } from '../../portal-shell/clients';
import { useAdmin } from '../../portal-shell/AdminPortal';

/** The admin catalog API's paths (apps/server/src/modules/catalog/admin/admin-catalog.routes.ts). */
export const CATALOG_PATHS = {
  categories: '/v1/admin/categories',
  brands: '/v1/admin/brands',
  menuItems: '/v1/admin/menu-items',
  banners: '/v1/admin/banners',
  specialities: '/v1/admin/specialities',
  stores: '/v1/admin/catalog/stores',
} as const;

/**
 * A list the console reads (`{ data: T[] }`), for a route's clientLoader; the loader reads it again
 * after every change (useCatalogRows revalidates).
 */
export async function catalogList<T>(path: string, signal: AbortSignal): Promise<T[]> {
  return (await portalClient('admin').get<{ data: T[] }>(path, { signal })).data;
}

/** Owners and moderators change the catalog; support reads it (the server answers 403 otherwise). */
export function useCanEditCatalog(): boolean {
  return useAdmin().canReview;
}

/** A translated text in the page's language, else English, else any. */
export function textIn(texts: Record<string, string> | undefined, language: Language): string {
  if (!texts) return '';
  return texts[language] || texts.en || Object.values(texts)[0] || '';
}
