import { COOKIE_KEYS, WEB_PLATFORM } from '@tessera/contracts';
import { data } from 'react-router';
import { resolveWebContext, type WebContext } from '../../lib/context';
import { parseCookieHeader } from '../../lib/cookies';

/**
 * Catalog data for the public pages, read while the page renders on the server (crawlers get the
 * whole page; client-side navigations run the same loaders through React Router's data requests).
 * The server hands an in-process API call to the load context, so no network hop and no token: the
 * catalog's read routes are public (the visitor's token is passed on only so that searches are recorded).
 */
export interface CatalogLoaderArgs {
  context: Partial<WebContext> | undefined;
  request: Request;
}

export class CatalogApiError extends Error {
  constructor(readonly status: number) {
    super(`catalog API answered ${status}`);
    this.name = 'CatalogApiError';
  }
}

function headersFor(args: CatalogLoaderArgs): Record<string, string> {
  const ctx = resolveWebContext(args.context);
  const cookies = parseCookieHeader(args.request.headers.get('cookie'));
  const token = cookies[COOKIE_KEYS.token];
  return {
    accept: 'application/json',
    language: ctx.language,
    currencycode: cookies[COOKIE_KEYS.currencyCode] ?? ctx.config.defaultCurrency,
    platform: String(WEB_PLATFORM),
    // The read routes are public and ignore a missing or stale token; with one, a search lands in the
    // visitor's recent searches.
    ...(token ? { authorization: token } : {}),
  };
}

/** GET on the API; the `data` of the `{message, data}` envelope. Throws CatalogApiError on a non-2xx answer. */
export async function catalogGet<T>(args: CatalogLoaderArgs, path: string): Promise<T> {
  const call = args.context?.api;
  if (!call) throw new CatalogApiError(503);
  const answer = await call(path, headersFor(args));
  if (answer.status < 200 || answer.status >= 300) throw new CatalogApiError(answer.status);
  return (answer.body as { data: T }).data;
}

/** Like catalogGet, but a failure gives `fallback` (optional parts of a page: menus, related products). */
export async function catalogGetOr<T>(args: CatalogLoaderArgs, path: string, fallback: T): Promise<T> {
  try {
    return await catalogGet<T>(args, path);
  } catch {
    return fallback;
  }
}

/** For a page's main read: a 404 from the API becomes the not-found page, anything else an error page. */
export async function catalogGetOrNotFound<T>(args: CatalogLoaderArgs, path: string): Promise<T> {
  try {
    return await catalogGet<T>(args, path);
  } catch (error) {
    if (error instanceof CatalogApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

export function isSiteLocked(args: CatalogLoaderArgs): boolean {
  return resolveWebContext(args.context).siteLocked;
}
