import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from './icons';
import { ClockIcon, InfoIcon } from './more-icons';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

/**
 * The border and background of a message box by what it says, shared by the storefront's Alert and
 * the portals' Notice (bits.tsx): the two boxes differ in shape and text, not in these colours.
 */
export const MESSAGE_BOX = {
  calm: 'border-moss-300 bg-moss-50',
  caution: 'border-ochre-400 bg-[#fdf6e7]',
  danger: 'border-clay-500 bg-clay-50',
  plain: 'border-sand-300 bg-sand-100',
} as const;

const TONES: Record<AlertTone, string> = {
  info: `${MESSAGE_BOX.calm} text-moss-900`,
  success: `${MESSAGE_BOX.calm} text-moss-900`,
  warning: `${MESSAGE_BOX.caution} text-ink`,
  error: `${MESSAGE_BOX.danger} text-clay-700`,
};

const ICONS: Record<AlertTone, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckIcon />,
  warning: <ClockIcon />,
  error: <AlertIcon />,
};

/**
 * A message in the page (not a snackbar): approval notices, form-wide errors. Errors are announced
 * at once (role alert); the others politely (role status) when `live` is set.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  className = '',
  live = false,
  testId,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  live?: boolean;
  testId?: string;
}) {
  const role = tone === 'error' ? 'alert' : live ? 'status' : undefined;
  return (
    <div role={role} data-testid={testId} data-tone={tone} className={`flex items-start gap-3 rounded-2xl border px-4 py-3 ${TONES[tone]} ${className}`}>
      <span className="mt-0.5 shrink-0">{ICONS[tone]}</span>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-1 text-sm leading-6' : 'text-sm leading-6'}>{children}</div> : null}
      </div>
    </div>
  );
}

/** A form's error that belongs to no one field (the server's answer, a lost connection); nothing when there is none. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <Alert tone="error" testId="form-error">
      {message}
    </Alert>
  ) : null;
}
