import { isRtl, LANGUAGES, type Language } from '@tessera/contracts';
import type { ChangeEvent } from 'react';
import { LANGUAGE_NAMES } from '../lib/i18n';
import { errorAt, type FieldErrors } from '../lib/errors';
import { TextAreaField, TextField } from './fields';
import { Tabs } from './Tabs';

/** A form's text written in each language (an empty string where it is not written). */
export type LanguageTexts = Partial<Record<Language, string>>;

/** One text of a form that is written in every language. */
export interface LocalizedField<N extends string = string> {
  /** Each language's input is named `${name}.${language}`, the path of the server's and the schema's errors. */
  name: N;
  label: string;
  /**
   * True (the default): English must be written and the other languages fall back to it, so English
   * is not marked optional and shows the error of the text as a whole. False: optional in every language.
   */
  required?: boolean;
  multiline?: boolean;
  /** Rows of a multi-line input (3 when not given). */
  rows?: number;
  maxLength?: number;
  hint?: string;
}

/**
 * One language's input of a localized text: named, marked optional, written in its language's
 * direction and showing its errors the same way in every form that edits translated texts.
 */
export function LocalizedInput({
  field,
  language,
  value,
  errors,
  onChange,
  label = field.label,
  'aria-label': ariaLabel,
}: {
  field: LocalizedField;
  language: Language;
  value: string;
  errors: FieldErrors;
  onChange(value: string): void;
  /** The visible label when it is not the text's own (a grid of languages labels each input with the language). */
  label?: string;
  'aria-label'?: string;
}) {
  const required = field.required ?? true;
  const english = language === 'en';
  const props = {
    label,
    name: `${field.name}.${language}`,
    lang: language,
    dir: isRtl(language) ? ('rtl' as const) : ('ltr' as const),
    maxLength: field.maxLength,
    optional: !required || !english,
    hint: field.hint,
    value,
    error: errorAt(errors, `${field.name}.${language}`) ?? (required && english ? errors[field.name] : undefined),
    'aria-label': ariaLabel,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return field.multiline ? <TextAreaField rows={field.rows ?? 3} {...props} /> : <TextField {...props} />;
}

/**
 * Texts in every language, one language at a time behind tabs (named in their own language). A dot
 * marks the languages whose first text is still empty.
 */
export function LocalizedTabs<N extends string>({
  label,
  missingLabel,
  fields,
  values,
  errors,
  tab,
  onTab,
  onChange,
}: {
  /** The tab list's accessible name. */
  label: string;
  /** What the dot of a language with its first text missing says to screen readers and on hover. */
  missingLabel: string;
  fields: readonly LocalizedField<N>[];
  values: NoInfer<Record<N, LanguageTexts>>;
  errors: FieldErrors;
  tab: Language;
  onTab(tab: Language): void;
  onChange(name: N, language: Language, value: string): void;
}) {
  const first = fields[0];
  const items = LANGUAGES.map((language) => ({
    key: language,
    label: LANGUAGE_NAMES[language],
    lang: language,
    badge:
      !first || values[first.name][language]?.trim() ? null : (
        <span className="h-2 w-2 rounded-full bg-ochre-400" title={missingLabel}>
          <span className="sr-only">{missingLabel}</span>
        </span>
      ),
  }));
  return (
    <Tabs<Language> label={label} items={items} selected={tab} onSelect={onTab}>
      <div className="grid gap-4" key={tab}>
        {fields.map((field) => (
          <LocalizedInput
            key={field.name}
            field={field}
            language={tab}
            value={values[field.name][tab] ?? ''}
            errors={errors}
            onChange={(value) => onChange(field.name, tab, value)}
          />
        ))}
      </div>
    </Tabs>
  );
}
