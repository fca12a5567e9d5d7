import type { Language, TAppConfig } from '@tessera/contracts';

/** What the root loader returns: the server's context for this page plus the chosen currency. */
export interface RootData {
  config: TAppConfig;
  language: Language;
  currencyCode: string;
  isMobile: boolean;
  siteLocked: boolean;
  publicUrl: string;
  nonce: string;
}

export function isRootData(value: unknown): value is RootData {
  return typeof value === 'object' && value !== null && 'config' in value && 'language' in value;
}
