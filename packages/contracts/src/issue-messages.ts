import { INTL_LOCALES, type Language } from './locale.js';
import { VALIDATION_MESSAGES, isValidationMessageKey, type ValidationMessageKey } from './validation.js';

/**
 * The one mapping from a failed check to the message a person reads, shared by the server's 400
 * answers and the web forms. A schema may name its own message key ('Enter Valid Name'); otherwise
 * the kind of mistake decides: an empty field is "required", a value that is there but too long,
 * too short, too big or of the wrong shape says so (never "required" for a value that was given).
 */

/** The parts of a zod issue this needs (the web app does not depend on zod itself). */
export interface CheckIssue {
  message: string;
  code?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

export interface IssueText {
  key: ValidationMessageKey;
  text: string;
}

export function isBlankValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A validation message in a language, its `{name}` placeholders filled (numbers in the language's digits). */
export function validationText(language: Language, key: ValidationMessageKey, values: Record<string, number> = {}): string {
  const format = new Intl.NumberFormat(INTL_LOCALES[language]);
  return VALIDATION_MESSAGES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? format.format(values[name] as number) : whole));
}

function bySize(issue: CheckIssue, value: unknown): { key: ValidationMessageKey; values: Record<string, number> } | undefined {
  const max = Number(issue.maximum);
  const min = Number(issue.minimum);
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return { key: 'TOO_LONG', values: { max, length: typeof value === 'string' ? value.trim().length : max + 1 } };
    if (issue.origin === 'number' || issue.origin === 'bigint') return { key: 'NUMBER_TOO_LARGE', values: { max } };
    if (issue.origin === 'array' || issue.origin === 'set') return { key: 'TOO_MANY_ITEMS', values: { max } };
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return { key: 'TOO_SHORT', values: { min } };
    if (issue.origin === 'number' || issue.origin === 'bigint') return { key: 'NUMBER_TOO_SMALL', values: { min } };
    // Too few items in a list: nothing chosen reads as "required".
    if (issue.origin === 'array' || issue.origin === 'set') return { key: 'REQUIRED', values: {} };
  }
  return undefined;
}

/**
 * What to tell the person about one issue on a field holding `value`, or undefined when no message
 * of ours fits (the caller keeps its own fallback: the server zod's translated text, a form its
 * "check this field").
 */
export function describeIssue(issue: CheckIssue, language: Language, value: unknown): IssueText | undefined {
  const own = isValidationMessageKey(issue.message) ? issue.message : undefined;
  // A schema's own message says what a good value looks like; "required" is only true of an empty
  // field, so it stands for a built-in check only when the value is empty (a refinement's own
  // "required" has looked at the value itself).
  if (own && (own !== 'REQUIRED' || issue.code === 'custom')) return { key: own, text: validationText(language, own) };
  if (isBlankValue(value)) return { key: 'REQUIRED', text: validationText(language, 'REQUIRED') };
  const sized = bySize(issue, value);
  if (sized) return { key: sized.key, text: validationText(language, sized.key, sized.values) };
  if (issue.code === 'invalid_format') return { key: 'INVALID_FORMAT', text: validationText(language, 'INVALID_FORMAT') };
  if (issue.code === 'invalid_value') return { key: 'INVALID_CHOICE', text: validationText(language, 'INVALID_CHOICE') };
  if (own === 'REQUIRED') return { key: 'INVALID_FORMAT', text: validationText(language, 'INVALID_FORMAT') };
  return undefined;
}
