import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { AlertIcon } from './icons';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './more-icons';

/**
 * Form fields: a visible label, an optional hint, the control and an inline error, wired together
 * with ids (aria-describedby, aria-invalid) so that screen readers read the error with the field.
 * The text comes from the caller (already translated); nothing here knows a language.
 */
export interface FieldChrome {
  label: ReactNode;
  /** Shown under the label, read with the field. */
  hint?: ReactNode;
  /** The error beside the field; its presence marks the control invalid. */
  error?: string | undefined;
  /** E.g. "(optional)", after the label. */
  optionalText?: string;
  /** Classes of the wrapper. */
  className?: string;
}

const LABEL = 'block text-sm font-semibold text-ink';
const HINT = 'mt-0.5 text-sm text-ink-muted';
const INVALID = 'border-clay-700 hover:border-clay-700 focus:border-clay-700';

/** Joins the ids that are set (`hint && hintId` may be any falsy value). */
export function describedBy(...ids: unknown[]): string | undefined {
  const joined = ids.filter((id): id is string => typeof id === 'string' && id !== '').join(' ');
  return joined || undefined;
}

/** An inline error message; `name` lets tests and styles find the error of a field. */
export function FieldError({ id, message, name }: { id?: string; message: string; name?: string }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-clay-700" data-field-error={name}>
      <AlertIcon width={16} height={16} className="mt-0.5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

function FieldLabel({ htmlFor, id, label, optionalText }: { htmlFor?: string; id?: string; label: ReactNode; optionalText?: string | undefined }) {
  return (
    <label htmlFor={htmlFor} id={id} className={LABEL}>
      {label}
      {optionalText ? <span className="ms-1 font-normal text-ink-muted">{optionalText}</span> : null}
    </label>
  );
}

function useFieldIds(given: string | undefined) {
  const generated = useId();
  const id = given ?? generated;
  return { id, hintId: `${id}-hint`, errorId: `${id}-error`, labelId: `${id}-label` };
}

/** The label, the hint under it, the control (children) and the error: the frame of every one-control field. */
function FieldFrame({
  ids: { id, hintId, errorId },
  label,
  hint,
  error,
  optionalText,
  className = '',
  name,
  children,
}: FieldChrome & { ids: ReturnType<typeof useFieldIds>; name?: string | undefined; children: ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} optionalText={optionalText} />
      {hint ? (
        <p id={hintId} className={HINT}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? <FieldError id={errorId} message={error} name={name} /> : null}
    </div>
  );
}

/** The ARIA wiring of an invalid control and its hint and error. */
function controlAria(ids: ReturnType<typeof useFieldIds>, hint: ReactNode, error: string | undefined, more?: string) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(hint && ids.hintId, error && ids.errorId, more) };
}

export type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    /** Content that is always left to right (e-mail, phone, web address): right-aligned in Arabic. */
    ltr?: boolean;
    inputClassName?: string;
    /** Something drawn at the end of the control (a button); the input leaves room for it. */
    end?: ReactNode;
  };

export function TextField({ label, hint, error, optionalText, className = '', ltr, inputClassName = '', end, id: givenId, ...input }: TextFieldProps) {
  const ids = useFieldIds(givenId);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} optionalText={optionalText} className={className} name={input.name}>
      <div className="relative mt-1.5">
        <input
          id={ids.id}
          {...controlAria(ids, hint, error, input['aria-describedby'])}
          // People's text (names, addresses) takes the direction of what is typed: '12 Jalan Ampang' stays in
          // order in an Arabic form, aligned to the form's side like the always-LTR fields.
          dir={ltr ? 'ltr' : 'auto'}
          className={`field rtl:text-right ${end ? 'pe-12' : ''} ${error ? INVALID : ''} ${inputClassName}`}
          {...input}
        />
        {end ? <div className="absolute inset-y-0 end-1 flex items-center">{end}</div> : null}
      </div>
    </FieldFrame>
  );
}

/** A password with a show/hide button (its labels come from the caller). */
export function PasswordField({ showLabel, hideLabel, ...props }: Omit<TextFieldProps, 'type' | 'end'> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      end={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          className="inline-flex h-9 w-9 items-center justify-center rounded-md text-moss-800 hover:bg-moss-50"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

export type SelectFieldProps = FieldChrome & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { selectClassName?: string };

export function SelectField({ label, hint, error, optionalText, className = '', selectClassName = '', id: givenId, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(givenId);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} optionalText={optionalText} className={className} name={select.name}>
      <select id={ids.id} {...controlAria(ids, hint, error)} className={`select mt-1.5 ${error ? INVALID : ''} ${selectClassName}`} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export function TextAreaField({ label, hint, error, optionalText, className = '', id: givenId, ...area }: TextAreaFieldProps) {
  const ids = useFieldIds(givenId);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} optionalText={optionalText} className={className} name={area.name}>
      <textarea
        id={ids.id}
        {...controlAria(ids, hint, error)}
        dir="auto"
        className={`field mt-1.5 min-h-24 rtl:text-right ${error ? INVALID : ''}`}
        {...area}
      />
    </FieldFrame>
  );
}

export interface PhoneCodeOption {
  value: string;
  /** In the open list ("+60 Malaysia"). */
  label: string;
  /** In the closed control ("+60"); the label when absent. */
  short?: string;
}

/**
 * A mobile number: the country calling code (a select) and the national number, under one label.
 * `codeName` / `name` are the two values' names; an error on either shows once under the pair.
 */
export function PhoneField({
  label,
  hint,
  error,
  optionalText,
  className = '',
  codeLabel,
  codeName,
  codeValue,
  codeOptions,
  onCodeChange,
  id: givenId,
  ...input
}: FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    codeLabel: string;
    codeName: string;
    codeValue: string;
    codeOptions: readonly PhoneCodeOption[];
    onCodeChange(value: string): void;
  }) {
  const ids = useFieldIds(givenId);
  const selected = codeOptions.find((option) => option.value === codeValue);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} optionalText={optionalText} className={className} name={input.name}>
      <div className="mt-1.5 flex gap-2">
        {/* The closed control shows the code only; the native select, transparent on top, lists the countries. */}
        <div
          className={`field relative flex w-28 shrink-0 items-center pe-8 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-clay-600 has-[:focus-visible]:outline ${error ? INVALID : ''}`}
        >
          <span aria-hidden="true" dir="ltr" className="truncate">
            {selected?.short ?? selected?.label ?? codeValue}
          </span>
          <ChevronDownIcon width={18} height={18} className="pointer-events-none absolute end-2.5 top-1/2 -translate-y-1/2 text-moss-700" />
          <select
            name={codeName}
            aria-label={codeLabel}
            value={codeValue}
            onChange={(event) => onCodeChange(event.target.value)}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          >
            {codeOptions.map((option) => (
              <option key={option.value} value={option.value} suppressHydrationWarning>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <input
          id={ids.id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          dir="ltr"
          {...controlAria(ids, hint, error)}
          className={`field min-w-0 flex-1 rtl:text-right ${error ? INVALID : ''}`}
          {...input}
        />
      </div>
    </FieldFrame>
  );
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}

/** Radio buttons drawn as cards, in a fieldset with a legend. */
export function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  hint,
  className = '',
  columns = 'sm:grid-cols-3',
}: {
  legend: ReactNode;
  name: string;
  value: T | '';
  options: readonly ChoiceOption<T>[];
  onChange(value: T): void;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  columns?: string;
}) {
  const ids = useFieldIds(undefined);
  const { hintId, errorId } = ids;
  return (
    <fieldset className={className} {...controlAria(ids, hint, error)}>
      <legend className={LABEL}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={HINT}>
          {hint}
        </p>
      ) : null}
      <div className={`mt-2 grid gap-3 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-sand-300 bg-white p-4 transition-colors hover:border-moss-500 has-[:checked]:border-moss-600 has-[:checked]:bg-moss-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-clay-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 h-4 w-4 shrink-0 accent-moss-700 focus-visible:outline-none"
            />
            <span className="min-w-0">
              <span className="flex items-center gap-2 font-semibold text-moss-900">
                {option.icon}
                {option.label}
              </span>
              {option.hint ? <span className="mt-0.5 block text-sm text-ink-muted">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? <FieldError id={errorId} message={error} name={name} /> : null}
    </fieldset>
  );
}

/** One checkbox with its label. */
export function CheckboxField({
  label,
  hint,
  className = '',
  id: givenId,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { label: ReactNode; hint?: ReactNode; className?: string }) {
  const { id, hintId } = useFieldIds(givenId);
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input id={id} type="checkbox" aria-describedby={hint ? hintId : undefined} className="mt-1 h-4 w-4 shrink-0 accent-moss-700" {...input} />
      <div>
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
