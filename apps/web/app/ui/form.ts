import { describeIssue, VALIDATION_MESSAGES, type CheckIssue, type Language, type ValidationMessageKey } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { HttpError } from '../lib/http';

/**
 * Form helpers shared by every form: the contracts' schemas validate in the browser with the same
 * messages the server answers (seed §5), and a server error with a `field` lands beside that field.
 */

/** Messages by field name; `form` holds an error that belongs to no one field. */
export type FieldErrors = Partial<Record<string, string>>;

/** A zod issue: where it is, and what the contracts' message mapping reads of it. */
interface Issue extends CheckIssue {
  path: readonly PropertyKey[];
}

/** The part of a zod schema used here (the web app does not depend on zod itself). */
export interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** The value an issue's path points at (a nested field's own value, not its parent's). */
function valueAt(values: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let current: unknown = values;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/**
 * The first message of each field, from the contracts' one mapping (the server answers the same):
 * the schema's own text where it names one ('Enter Valid Name'), "This field is required" only for
 * an empty field, "Use at most 200 characters" and its siblings for a value that is there but wrong,
 * else `fallback`.
 */
export function issuesToErrors(issues: readonly Issue[], language: Language, values: Record<string, unknown>, fallback: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (errors[field]) continue;
    const value = issue.path.length > 0 ? valueAt(values, issue.path) : values;
    errors[field] = describeIssue(issue, language, value)?.text ?? fallback;
  }
  return errors;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validateWith<T>(schema: SafeParser<T>, values: Record<string, unknown>, language: Language, fallback: string): Validated<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues, language, values, fallback) };
}

/** The message of a validation key in a language (client-side checks that have no schema). */
export function validationMessage(language: Language, key: ValidationMessageKey): string {
  return VALIDATION_MESSAGES[language][key];
}

/**
 * What to show for a failed request: the server's (translated) message, and the field it names
 * when that field is one of the form's. `networkMessage` covers a request that got no answer.
 */
export function describeFailure(error: unknown, fields: readonly string[], networkMessage: string): { message: string; field?: string } {
  if (error instanceof HttpError) {
    const field = error.field?.split('.')[0];
    const message = error.message && !/^HTTP \d+$/.test(error.message) ? error.message : networkMessage;
    return field && fields.includes(field) ? { message, field } : { message };
  }
  return { message: networkMessage };
}

/**
 * Values and errors of a form of text fields. `bind(name)` gives a field its value, change handler
 * and error; editing a field clears its error. After a failed submit, call `showErrors(errors)`:
 * the first invalid control takes the focus.
 */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef);
  }, [attempt]);

  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name as string] && !current.form) return current;
      const { [name as string]: _removed, form: _form, ...rest } = current;
      return rest;
    });
  }, []);

  const bind = (name: keyof T & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, event.target.value as T[typeof name]),
  });

  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  }, []);

  return { values, setValues, set, bind, errors, setErrors, showErrors, formRef };
}

/** Moves the focus to the first control marked invalid in the form. */
export function focusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): void {
  const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  // A fieldset (choices, lists) is not focusable itself: its first control is.
  const target = invalid.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input, select, textarea, button') : invalid;
  target?.focus();
}
