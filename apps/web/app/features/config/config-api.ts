import type { TAppConfig, TAppConfigResponse } from '@tessera/contracts';
import { api } from '../../lib/api';
import { API_PATHS } from '../../lib/http';
import { CONFIG_STORAGE_KEY } from '../../lib/session-keys';

/** The seed's "get config data": GET /v1/config through the token queue. */
export async function fetchAppConfig(signal?: AbortSignal): Promise<TAppConfig> {
  const response = await api().get<TAppConfigResponse>(API_PATHS.config, signal ? { signal } : {});
  return response.data;
}

/** Keeps the last config in local storage (seed §3 browser storage key "config"). */
export function storeAppConfig(config: TAppConfig): void {
  try {
    window.localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage full or disabled: the config is only a cache.
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
