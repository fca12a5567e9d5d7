import { useId, useState, type ReactNode } from 'react';
import { describedBy, FieldError } from './Field';
import { CloseIcon } from './icons';

const CHIP = 'inline-flex max-w-full items-center gap-1 rounded-full bg-moss-100 py-1 ps-3 pe-1 text-sm font-medium text-moss-900';
const CHIP_REMOVE = 'inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-moss-800 hover:bg-moss-300/40';

/** Selected values as removable chips (shared by ChipsInput and CheckList). */
export function Chips({ values, labelOf, removeLabel, onRemove, listLabel }: { values: readonly string[]; labelOf?: (value: string) => string; removeLabel(label: string): string; onRemove(value: string): void; listLabel: string }) {
  if (values.length === 0) return null;
  return (
    <ul aria-label={listLabel} className="mt-2 flex flex-wrap gap-2">
      {values.map((value) => {
        const label = labelOf ? labelOf(value) : value;
        return (
          <li key={value} className={CHIP}>
            <span className="truncate" dir="auto">
              {label}
            </span>
            <button type="button" className={CHIP_REMOVE} aria-label={removeLabel(label)} onClick={() => onRemove(value)}>
              <CloseIcon width={14} height={14} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Free values typed one at a time (cities): Enter or the add button makes a chip; leaving the
 * field with text in it adds it too, so a typed value is never lost on submit.
 */
export function ChipsInput({
  label,
  hint,
  error,
  name,
  values,
  onChange,
  addText,
  removeLabel,
  listLabel,
  placeholder,
  maxLength = 80,
  className = '',
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  name: string;
  values: readonly string[];
  onChange(values: string[]): void;
  addText: string;
  removeLabel(value: string): string;
  /** Names the list of chosen values (not the field's label: that names the text box). */
  listLabel: string;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function add() {
    const value = draft.trim().replace(/\s+/g, ' ');
    if (!value) return;
    if (!values.some((v) => v.toLocaleLowerCase() === value.toLocaleLowerCase())) onChange([...values, value]);
    setDraft('');
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <Chips values={values} listLabel={listLabel} removeLabel={removeLabel} onRemove={(value) => onChange(values.filter((v) => v !== value))} />
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name={name}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId, error && errorId)}
          className={`field min-w-0 flex-1 ${error ? 'border-clay-700' : ''}`}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={add}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            } else if (event.key === 'Backspace' && !draft && values.length > 0) {
              onChange(values.slice(0, -1));
            }
          }}
        />
        <button
          type="button"
          onClick={add}
          className="shrink-0 rounded-full border border-moss-700 px-4 text-sm font-semibold text-moss-800 hover:bg-moss-50"
        >
          {addText}
        </button>
      </div>
      {error ? <FieldError id={errorId} message={error} name={name} /> : null}
    </div>
  );
}

export interface CheckListOption {
  value: string;
  label: string;
}

/**
 * Several choices out of a long list (countries): a filter box, a scrolling list of checkboxes
 * and the chosen ones as removable chips.
 */
export function CheckList({
  legend,
  hint,
  error,
  name,
  options,
  values,
  onChange,
  filterLabel,
  filterPlaceholder,
  noMatchText,
  selectedText,
  removeLabel,
  className = '',
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  name: string;
  options: readonly CheckListOption[];
  values: readonly string[];
  onChange(values: string[]): void;
  filterLabel: string;
  filterPlaceholder?: string;
  noMatchText: string;
  /** "3 selected", in the caller's words. */
  selectedText: string;
  removeLabel(label: string): string;
  className?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const labels = new Map(options.map((o) => [o.value, o.label]));
  const needle = fold(filter.trim());
  const shown = needle ? options.filter((o) => fold(o.label).includes(needle) || o.value.toLowerCase() === needle) : options;
  const toggle = (value: string, on: boolean) => onChange(on ? [...values, value] : values.filter((v) => v !== value));

  return (
    <fieldset className={className} aria-describedby={describedBy(hint && hintId, error && errorId)} aria-invalid={error ? true : undefined}>
      <legend className="block text-sm font-semibold text-ink">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <Chips values={values} labelOf={(v) => labels.get(v) ?? v} listLabel={selectedText} removeLabel={removeLabel} onRemove={(value) => toggle(value, false)} />
      <div className={`mt-2 overflow-hidden rounded-xl border bg-white ${error ? 'border-clay-700' : 'border-sand-500'}`}>
        <div className="flex items-center justify-between gap-3 border-b border-sand-200 bg-sand-50 p-2">
          <input
            type="search"
            aria-label={filterLabel}
            placeholder={filterPlaceholder}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            className="field min-w-0 flex-1 py-1.5 text-sm"
          />
          <span className="shrink-0 text-sm text-ink-muted" aria-live="polite">
            {selectedText}
          </span>
        </div>
        <div className="max-h-56 overflow-y-auto p-1" role="group" aria-label={typeof legend === 'string' ? legend : name}>
          {shown.length === 0 ? <p className="px-3 py-2 text-sm text-ink-muted">{noMatchText}</p> : null}
          {shown.map((option) => (
            <label key={option.value} className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5 text-sm hover:bg-sand-100">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={values.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="h-4 w-4 shrink-0 accent-moss-700"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </div>
      {error ? <FieldError id={errorId} message={error} name={name} /> : null}
    </fieldset>
  );
}

/** Lower case without accents, for filtering ("Espana" finds "España"). */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase();
}
