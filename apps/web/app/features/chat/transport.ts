import { CHAT_HEADERS, type TAppConfig, type TChatSession } from '@tessera/contracts';
import { currentLocale } from '../../lib/api';
import { CONFIG_STORAGE_KEY } from '../../lib/session-keys';
import { fetchAppConfig, storeAppConfig } from '../config/config-api';
import { HttpError } from '../../lib/http';
import type { Realm } from '../../lib/realtime';

/**
 * One request to the chat service (seed §7): the application's licenseKey and appSecret, the chat
 * user's userToken, JSON both ways. Errors are the house's HttpError ({code, message, field}).
 * The application credentials come from the app config (GET /v1/config, kept in local storage and
 * refreshed on every page load), so a deployment that sets CHAT_LICENSE_KEY / CHAT_APP_SECRET
 * changes them here too; nothing is embedded in the web code.
 */
let fetchingCredentials: Promise<TAppConfig['chat']> | undefined;

async function chatCredentials(): Promise<TAppConfig['chat']> {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null') as Partial<TAppConfig> | null;
    if (stored?.chat?.licenseKey) return stored.chat;
  } catch {
    // No storage or a broken copy: ask the server.
  }
  fetchingCredentials ??= fetchAppConfig()
    .then((config) => {
      storeAppConfig(config);
      return config.chat;
    })
    .finally(() => {
      fetchingCredentials = undefined;
    });
  return fetchingCredentials;
}

export async function chatFetch<T>(
  _realm: Realm,
  session: TChatSession,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string | number | boolean | undefined>; signal?: AbortSignal } = {},
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const credentials = await chatCredentials();
  const headers: Record<string, string> = {
    accept: 'application/json',
    [CHAT_HEADERS.licenseKey]: credentials.licenseKey,
    [CHAT_HEADERS.appSecret]: credentials.appSecret,
    [CHAT_HEADERS.userToken]: session.userToken,
    language: currentLocale().language,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body, credentials: 'same-origin', ...(options.signal ? { signal: options.signal } : {}) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw new HttpError(response.status, parsed);
  return parsed as T;
}
