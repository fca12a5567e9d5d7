import { MESSAGE_STATUS } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { ClockIcon } from '../../../ui/more-icons';
import { DoubleTickIcon, TickIcon } from './icons';

/**
 * A message's state as a tick (seed §4: 0 sent, 1 delivered, 2 read), with its name for screen
 * readers: a clock while it is on its way, one tick stored, two delivered, two coloured read.
 */
export function StatusTicks({ status, local, compact = false }: { status: number; local?: 'sending' | 'failed' | undefined; compact?: boolean }) {
  const { t } = useTranslation('chat');
  const size = compact ? 15 : 16;
  if (local === 'failed') return null;
  const [label, icon, tone] =
    local === 'sending'
      ? [t('status.sending'), <ClockIcon key="c" width={size - 2} height={size - 2} />, 'text-ink-muted']
      : status >= MESSAGE_STATUS.read
        ? [t('status.read'), <DoubleTickIcon key="r" width={size} height={size} />, 'text-sky-600']
        : status >= MESSAGE_STATUS.delivered
          ? [t('status.delivered'), <DoubleTickIcon key="d" width={size} height={size} />, 'text-ink-muted']
          : [t('status.sent'), <TickIcon key="s" width={size} height={size} />, 'text-ink-muted'];
  return (
    <span className={`inline-flex shrink-0 items-center ${tone}`} data-testid="message-status" data-status={local === 'sending' ? 'sending' : String(status)} title={label}>
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
