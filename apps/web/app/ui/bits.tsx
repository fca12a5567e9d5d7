import { useId, type ReactNode } from 'react';
import { MESSAGE_BOX } from './Alert';
import { AlertIcon, CheckIcon } from './icons';

/** A portal card; with a `title`, its heading (an h2 that names the card), which most cards start with. */
export function Card({
  children,
  className = '',
  as: As = 'section',
  padded = true,
  title,
  ...rest
}: {
  children: ReactNode;
  className?: string;
  /** False for a card whose content (a table) reaches its edges. */
  padded?: boolean;
  as?: 'section' | 'div' | 'article';
  title?: ReactNode;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}) {
  const titleId = useId();
  return (
    <As
      className={`rounded-2xl border border-sand-200 bg-white shadow-sm ${padded ? 'p-5 sm:p-6' : ''} ${className}`}
      {...rest}
      {...(title ? { 'aria-labelledby': titleId } : {})}
    >
      {title ? (
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
      ) : null}
      {children}
    </As>
  );
}

/**
 * The head row of a portal table (the outbox, the team): a `th` a column on the sand band, each
 * column with its own padding, alignment and the width from which it shows (`className`).
 */
export function TableHead({ columns }: { columns: ReadonlyArray<{ label: ReactNode; className: string } | false> }) {
  return (
    <thead className="bg-sand-100 text-ink-muted">
      <tr>
        {columns.map((column, index) =>
          column ? (
            <th key={index} scope="col" className={`py-2.5 font-semibold ${column.className}`}>
              {column.label}
            </th>
          ) : null,
        )}
      </tr>
    </thead>
  );
}

export function PageTitle({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 max-w-3xl">
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-2 text-ink-muted">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}

export type Tone = 'pending' | 'approved' | 'rejected' | 'neutral';

const BADGE: Record<Tone, string> = {
  pending: 'bg-ochre-300/40 text-[#6b4a0c] ring-ochre-400',
  approved: 'bg-moss-100 text-moss-900 ring-moss-300',
  rejected: 'bg-clay-100 text-clay-700 ring-clay-500/50',
  neutral: 'bg-sand-100 text-ink ring-sand-300',
};

export function Badge({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE[tone]}`}
    >
      {children}
    </span>
  );
}

const NOTICE: Record<Tone, string> = {
  pending: MESSAGE_BOX.caution,
  approved: MESSAGE_BOX.calm,
  rejected: MESSAGE_BOX.danger,
  neutral: MESSAGE_BOX.plain,
};

/** A highlighted message box; `live` announces it to screen readers when it appears. */
export function Notice({
  tone,
  title,
  children,
  testId,
  live = false,
}: {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  testId?: string;
  live?: boolean;
}) {
  const icon = tone === 'approved' ? <CheckIcon /> : <AlertIcon />;
  const iconColour =
    tone === 'approved' ? 'text-moss-700' : tone === 'rejected' ? 'text-clay-700' : tone === 'pending' ? 'text-[#8a5d0a]' : 'text-ink-muted';
  return (
    <div data-testid={testId} role={live ? 'status' : undefined} className={`flex gap-3 rounded-xl border-s-4 border px-4 py-3.5 ${NOTICE[tone]}`}>
      <span className={`mt-0.5 shrink-0 ${iconColour}`}>{icon}</span>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold text-ink">{title}</p> : null}
        {children ? <div className={title ? 'mt-1 text-ink' : 'text-ink'}>{children}</div> : null}
      </div>
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-ink-muted">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-moss-300 border-t-moss-700" />
      {label}
    </p>
  );
}

/**
 * A definition list row: label and value side by side where the row is wide enough (the label up to
 * 14rem, the value at least 12rem), else the label above the value. It wraps by the row's own width,
 * not the screen's: in a narrow side panel on a laptop the value keeps a readable width.
 */
export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-0.5 py-2" data-testid={testId}>
      <dt className="min-w-36 shrink basis-56 text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="min-w-0 grow basis-48 break-words text-ink">{children}</dd>
    </div>
  );
}
