import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '../lib/i18n/react';

interface FieldFrame {
  label: string;
  /** Shown under the field, linked with aria-describedby. */
  hint?: string;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
}

const CONTROL_INVALID = 'aria-[invalid=true]:border-clay-600 aria-[invalid=true]:bg-clay-50';

function Frame({
  id,
  label,
  hint,
  error,
  optional,
  className = '',
  name,
  children,
}: FieldFrame & { id: string; name?: string | undefined; children: ReactNode }) {
  const { t } = useTranslation('portal');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {optional ? (
          <>
            {' '}
            <span className="font-normal text-ink-muted">({t('common.optional')})</span>
          </>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-clay-700" data-testid={name ? `error-${name}` : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The id and ARIA wiring every control of the frame takes. */
function control(id: string, hint: string | undefined, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) };
}

export function TextField({ label, hint, error, optional, className, ...input }: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const id = useId();
  return (
    <Frame id={id} name={input.name} label={label} hint={hint} error={error} optional={optional} className={className}>
      <input {...control(id, hint, error)} className={`field ${CONTROL_INVALID}`} required={!optional} {...input} />
    </Frame>
  );
}

export function PasswordField({ label, hint, error, className, ...input }: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'>) {
  const id = useId();
  const { t } = useTranslation('portal');
  const [visible, setVisible] = useState(false);
  return (
    <Frame id={id} name={input.name} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input {...control(id, hint, error)} type={visible ? 'text' : 'password'} className={`field pe-20 ${CONTROL_INVALID}`} required {...input} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-1 end-1 rounded-md px-2.5 text-sm font-semibold text-moss-800 hover:bg-moss-50"
        >
          {visible ? t('auth.hidePassword') : t('auth.showPassword')}
        </button>
      </div>
    </Frame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  optional,
  className,
  ...input
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const id = useId();
  return (
    <Frame id={id} name={input.name} label={label} hint={hint} error={error} optional={optional} className={className}>
      <textarea {...control(id, hint, error)} rows={4} className={`field min-h-24 ${CONTROL_INVALID}`} required={!optional} {...input} />
    </Frame>
  );
}

export function SelectField({
  label,
  hint,
  error,
  optional,
  className,
  children,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const id = useId();
  return (
    <Frame id={id} name={select.name} label={label} hint={hint} error={error} optional={optional} className={className}>
      <select {...control(id, hint, error)} className={`select ${CONTROL_INVALID}`} required={!optional} {...select}>
        {children}
      </select>
    </Frame>
  );
}
