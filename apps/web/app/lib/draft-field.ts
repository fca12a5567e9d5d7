import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './errors';

/** A form's change to its draft, naming the field it changes (whose error then goes). */
export type DraftUpdate<D> = (change: (draft: D) => D, field: string) => void;

/**
 * The props that tie a text field or a select to one key of a form's draft: its value, its error,
 * and a change that writes the key (through `clean`, e.g. `asciiDigits`) and clears the error.
 * `<TextField name="price" {...bind('price', asciiDigits)} />` instead of the same three props on every field.
 */
export function draftBinder<D>(draft: D, errors: FieldErrors, update: DraftUpdate<D>) {
  return <K extends keyof D & string>(key: K, clean: (value: string) => string = (value) => value) => ({
    value: draft[key] as unknown as string,
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = clean(event.target.value);
      update((current) => ({ ...current, [key]: value }), key);
    },
  });
}

/**
 * A small form's values and field errors in state, with `bind(name)`: the field's name and
 * `draftBinder`'s value, error and change (which clears that field's error). For the flat forms
 * whose text fields are each one key (the team's invitation, a currency's row, a new currency).
 */
export function useDraft<D extends object>(initial: D) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const binder = draftBinder(values, errors, (change, field) => {
    setValues(change);
    setErrors((current) => ({ ...current, [field]: undefined }));
  });
  const bind = <K extends keyof D & string>(key: K) => ({ name: key, ...binder(key) });
  return { values, setValues, errors, setErrors, bind };
}
