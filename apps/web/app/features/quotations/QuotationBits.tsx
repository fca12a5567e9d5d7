import type { QuotationState } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';

const TONES: Record<QuotationState, string> = {
  requested: 'bg-sand-100 text-ink',
  answered: 'bg-moss-100 text-moss-900',
  accepted: 'bg-moss-700 text-white',
  declined: 'bg-clay-50 text-clay-800',
  expired: 'bg-sand-200 text-ink-muted',
  withdrawn: 'bg-sand-200 text-ink-muted',
};

/** A quotation's state as a small label (the state's name in the page's language). */
export function StateBadge({ state }: { state: QuotationState }) {
  const { t } = useTranslation('quotations');
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`} data-testid="quotation-state" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}

/** "a, b, c" typed by a person → the list of values. */
export const splitList = (value: string): string[] =>
  value
    .split(/[,،]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A date input's value (yyyy-mm-dd) → the end of that day in UTC ms, or undefined. */
export const endOfDay = (value: string): number | undefined => (value ? Date.parse(`${value}T23:59:59Z`) : undefined);

/** A price typed with a decimal point or comma → minor units (2 digits). */
export const toMinor = (value: string): number => Math.round(Number(value.replace(',', '.')) * 100);

/**
 * A refusal shown under its field: the server's sentence reads "Please check the highlighted
 * field. unitPrice: enter a number of at least 1"; under the field only the part that says what is
 * wrong is kept (the field's code name means nothing to the person, in any language).
 */
export function fieldMessage(message: string, field: string): string {
  const marker = `${field}: `;
  const at = message.indexOf(marker);
  return at >= 0 && field !== 'form' ? message.slice(at + marker.length) : message;
}
