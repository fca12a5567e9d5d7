import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { buttonClasses } from '../../ui/Button';
import { DialogShell, DialogTitle } from '../../ui/DialogShell';

/**
 * A card payment's second step (3-D Secure on the built-in test gateway): the bank asks the buyer to
 * confirm. Nothing is charged or ordered until he does; closing the dialog counts as cancelling.
 */
export function PaymentActionDialog({ open, onAnswer }: { open: boolean; onAnswer: (result: 'complete' | 'fail') => void }) {
  const { t } = useTranslation();
  return (
    <DialogShell open={open} onClose={() => onAnswer('fail')} role="alertdialog" testId="payment-action">
      <DialogTitle>{t('checkout.actionTitle')}</DialogTitle>
      <p className="mt-2 text-ink-muted">{t('checkout.actionBody')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button className={buttonClasses('secondary')} onPress={() => onAnswer('fail')} data-testid="payment-action-cancel">
          {t('checkout.actionFail')}
        </Button>
        <Button className={buttonClasses('primary')} onPress={() => onAnswer('complete')} data-testid="payment-action-confirm">
          {t('checkout.actionConfirm')}
        </Button>
      </div>
    </DialogShell>
  );
}
