import { isValidationMessageKey, VALIDATION_MESSAGES, type Language } from '@tessera/contracts';
import { HttpError, NotSignedIn } from './http';
import type { Translate } from './i18n/runtime';

/** Errors by form field: what the server or the client-side check said about each. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first error at `path` or under it ("variants.0" finds "variants.0.stock"). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`) && errors[k]);
  return key ? errors[key] : undefined;
}

/** A sentence for an error: the server's own message (translated by the `language` header) when there is one. */
export function errorText(error: unknown, t: Translate<'portal'>): string {
  if (error instanceof NotSignedIn) return t('common.notSignedIn');
  if (error instanceof HttpError) {
    if (error.status >= 500 && error.message.startsWith('HTTP ')) return t('common.genericError');
    return error.message;
  }
  // fetch rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return t('common.networkError');
  return t('common.genericError');
}

/** The field an HTTP error is about, as a dotted path (validation, and conflicts such as a taken alias). */
export function errorField(error: unknown): string | undefined {
  return error instanceof HttpError ? error.field : undefined;
}

export interface SchemaIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * Client-side errors from a contracts schema (the same schema the server validates with). The
 * schemas name message keys of the validation catalogue; any other issue gets `fallback(field)`.
 */
export function fieldErrorsFromIssues(issues: readonly SchemaIssue[], language: Language, fallback: (field: string) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!field || errors[field]) continue;
    errors[field] =
      isValidationMessageKey(issue.message) && issue.message !== 'REQUIRED' ? VALIDATION_MESSAGES[language][issue.message] : fallback(field);
  }
  return errors;
}
