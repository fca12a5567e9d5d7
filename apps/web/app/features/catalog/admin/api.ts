import type { Language } from '@tessera/contracts';
import type { HttpClient } from '../../../lib/http';
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

/** The picture fields the catalog's items upload: `${path}/${id}/${field}` with the file under that name. */
export type PictureField = 'image' | 'logo';

/** What an editor's save asks of its route's action (as JSON beside the picture, if one was chosen). */
export interface CatalogSaveInput {
  /** The item's id once the server has it: the save changes it (`patch`) rather than creating it (`body`). */
  id: string | null;
  body: unknown;
  patch?: unknown;
  /** The field the chosen picture is uploaded as. */
  upload?: PictureField;
  /** What the route's `after` step sets apart from the item (a speciality's stores). */
  links?: unknown;
}

/** What the save did: the item as the server has it, whether the picture went up, and what failed once the item existed. */
export interface CatalogSaved<S> {
  saved: S;
  pictureSent: boolean;
  failure: unknown;
}

/** The save as the editor sends it to `catalogSave`. */
export function catalogSaveForm(input: CatalogSaveInput, picture: File | null): FormData {
  const form = new FormData();
  form.set('save', JSON.stringify(input));
  if (input.upload && picture) form.append(input.upload, picture, picture.name);
  return form;
}

/**
 * The route's `save` intent for the items at `path`: creates the item (or changes it), uploads the
 * chosen picture, then does what else the item needs (`after`, with the save's `links`). A refused
 * creation is the action's refusal (nothing was made). Once the item exists a failure is returned
 * with it, not thrown: the editor adopts the item's id (a second try changes it rather than creating
 * another) and keeps the picture that did not go up.
 */
export function catalogSave<S extends { id: string }, L = never>(path: string, after?: (saved: S, links: L, client: HttpClient) => Promise<void>) {
  return async (form: FormData): Promise<CatalogSaved<S>> => {
    const input = JSON.parse(String(form.get('save'))) as CatalogSaveInput;
    const client = portalClient('admin');
    const saved = input.id
      ? (await client.request<{ data: S }>('PATCH', `${path}/${input.id}`, { body: input.patch ?? input.body })).data
      : (await client.post<{ data: S }>(path, input.body)).data;
    let pictureSent = false;
    try {
      const picture = input.upload ? form.get(input.upload) : null;
      if (input.upload && picture instanceof File) {
        const data = new FormData();
        data.append(input.upload, picture, picture.name);
        await client.post(`${path}/${saved.id}/${input.upload}`, data);
        pictureSent = true;
      }
      await after?.(saved, input.links as L, client);
      return { saved, pictureSent, failure: null };
    } catch (failure) {
      return { saved, pictureSent, failure };
    }
  };
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
