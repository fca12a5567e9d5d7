import { useId, useState, type FormEvent } from 'react';
import type { RefundDestination } from '@tessera/contracts';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { buttonClasses } from '../../ui/Button';
import { DialogShell, DialogTitle } from '../../ui/DialogShell';

/**
 * Asks for the reason (and comments) of a cancellation; the seed's order labels keep both. For a paid
 * order (`askRefund`) the buyer also says where the money goes back: the original payment, or his
 * wallet at once.
 */
export function CancelDialog({
  title,
  confirm,
  open,
  askRefund = false,
  onClose,
  onConfirm,
}: {
  title: string;
  confirm: string;
  open: boolean;
  askRefund?: boolean;
  onClose: () => void;
  onConfirm: (reason: string, comments: string, refundTo: RefundDestination | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const commentsId = useId();
  const [busy, setBusy] = useState(false);
  const [refundTo, setRefundTo] = useState<RefundDestination>('original');
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await onConfirm(String(form.get('reason') ?? '').trim(), String(form.get('comments') ?? '').trim(), askRefund ? refundTo : undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <DialogShell open={open} onClose={onClose} testId="cancel-dialog">
      <form onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle>{title}</DialogTitle>
        <label htmlFor={reasonId} className="mt-4 block text-sm font-semibold">
          {t('orders.reason')}
        </label>
        <input id={reasonId} name="reason" required maxLength={200} dir="auto" className="field mt-1 h-11 w-full" data-testid="cancel-reason" />
        <label htmlFor={commentsId} className="mt-3 block text-sm font-semibold">
          {t('orders.comments')}
        </label>
        <textarea id={commentsId} name="comments" maxLength={1000} rows={3} dir="auto" className="field mt-1 w-full" />
        {askRefund ? (
          <RadioGroup value={refundTo} onChange={(value) => setRefundTo(value as RefundDestination)} className="mt-3" data-testid="refund-to">
            <Label className="block text-sm font-semibold">{t('orders.refundTo')}</Label>
            <div className="mt-2 space-y-2">
              {(['original', 'wallet'] as const).map((destination) => (
                <Radio
                  key={destination}
                  value={destination}
                  data-testid={`refund-to-${destination}`}
                  className={({ isSelected, isFocusVisible }) =>
                    `block cursor-pointer rounded-2xl border px-4 py-2 text-sm ${isSelected ? 'border-moss-700 bg-moss-50 font-semibold text-moss-900' : 'border-sand-300 text-moss-800'} ${
                      isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''
                    }`
                  }
                >
                  {t(destination === 'wallet' ? 'orders.refundWallet' : 'orders.refundOriginal')}
                </Radio>
              ))}
            </div>
          </RadioGroup>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button className={buttonClasses('secondary')} onPress={onClose}>
            {t('orders.keep')}
          </Button>
          <Button type="submit" isDisabled={busy} className={buttonClasses('primary')} data-testid="cancel-confirm">
            {confirm}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
