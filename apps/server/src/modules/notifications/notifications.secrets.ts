import type { TemplateName, TemplateParams } from './notifications.templates.js';

/**
 * The params that grant access to whoever reads them: a password-reset or invitation link, a
 * verification code. Only the recipient may see them (docs/security.md, "The outbox"): the outbox
 * stores the message with them hidden, and the whole message only sealed until it is delivered.
 */
export const SECRET_PARAMS: { readonly [K in TemplateName]?: readonly (keyof TemplateParams[K] & string)[] } = {
  'mobile-verification-code': ['code'],
  'password-reset': ['link'],
  'team-invitation': ['link'],
};

/** What the outbox shows in place of a code or a link. */
export const HIDDEN_SECRET = '••••••';

/** A sealed message is dropped after this long when its params do not say how long it works. */
export const DEFAULT_SECRET_TTL_MS = 24 * 60 * 60_000;

/** The params with their secrets hidden, or undefined when the template carries none. */
export function hideSecrets<T extends TemplateName>(template: T, params: TemplateParams[T]): TemplateParams[T] | undefined {
  const secret = SECRET_PARAMS[template] as readonly string[] | undefined;
  if (!secret?.length) return undefined;
  const hidden: Record<string, unknown> = { ...params };
  for (const name of secret) hidden[name] = HIDDEN_SECRET;
  return hidden as TemplateParams[T];
}

/** How long the secrets of a message work: its `minutes` param when it has one. */
export function secretLifetimeMs(params: object): number {
  const minutes = (params as { minutes?: unknown }).minutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : DEFAULT_SECRET_TTL_MS;
}
