import { useId, useMemo, useState, type ReactNode } from 'react';
import { describedBy, FieldError } from './Field';

/**
 * A calendar date as three selects (day, month, year). Unlike <input type="date">, whose
 * "mm/dd/yyyy" follows the browser's language, every word here is the page's: month names come
 * from Intl in `locale`, the part names from the caller. Answers 'YYYY-MM-DD', or '' while a part
 * is missing. Intl month names can differ between the server and browsers: render it in the browser.
 */
export function DateField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  locale,
  years,
  partLabels,
  className = '',
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  name: string;
  value: string;
  onChange(value: string): void;
  locale: string;
  /** The years offered, in order. */
  years: readonly number[];
  partLabels: { day: string; month: string; year: string };
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [parts, setParts] = useState(() => {
    const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-') : [];
    return { year, month, day };
  });
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1).padStart(2, '0'), label: format.format(Date.UTC(2000, i, 1)) }));
  }, [locale]);
  const numbers = useMemo(() => new Intl.NumberFormat(locale, { useGrouping: false }), [locale]);

  function update(part: 'year' | 'month' | 'day', next: string) {
    const merged = { ...parts, [part]: next };
    setParts(merged);
    onChange(merged.year && merged.month && merged.day ? `${merged.year}-${merged.month}-${merged.day}` : '');
  }

  const select = `select mt-0.5 ${error ? 'border-clay-700 hover:border-clay-700' : ''}`;
  const described = describedBy(hint && hintId, error && errorId);
  return (
    <fieldset className={className} aria-describedby={described}>
      <legend className="block text-sm font-semibold text-ink">{label}</legend>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5 grid grid-cols-[4.75rem_minmax(0,1fr)_6rem] gap-x-2">
        {/* Visible names of the parts; the selects carry them as their accessible names. */}
        <span aria-hidden="true" className="text-xs text-ink-muted">
          {partLabels.day}
        </span>
        <span aria-hidden="true" className="text-xs text-ink-muted">
          {partLabels.month}
        </span>
        <span aria-hidden="true" className="text-xs text-ink-muted">
          {partLabels.year}
        </span>
        <select
          name={`${name}-day`}
          aria-label={partLabels.day}
          aria-invalid={error ? true : undefined}
          value={parts.day}
          onChange={(event) => update('day', event.target.value)}
          className={select}
        >
          <option value="" disabled>
            –
          </option>
          {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((day) => (
            <option key={day} value={day}>
              {numbers.format(Number(day))}
            </option>
          ))}
        </select>
        <select
          name={`${name}-month`}
          aria-label={partLabels.month}
          aria-invalid={error ? true : undefined}
          value={parts.month}
          onChange={(event) => update('month', event.target.value)}
          className={select}
        >
          <option value="" disabled>
            –
          </option>
          {months.map((month) => (
            <option key={month.value} value={month.value}>
              {month.label}
            </option>
          ))}
        </select>
        <select
          name={`${name}-year`}
          aria-label={partLabels.year}
          aria-invalid={error ? true : undefined}
          value={parts.year}
          onChange={(event) => update('year', event.target.value)}
          className={select}
        >
          <option value="" disabled>
            –
          </option>
          {years.map((year) => (
            <option key={year} value={String(year)}>
              {numbers.format(year)}
            </option>
          ))}
        </select>
      </div>
      {error ? <FieldError id={errorId} message={error} name={name} /> : null}
    </fieldset>
  );
}
