import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { buttonClasses } from '../../ui/Button';
import { DialogShell, DialogTitle } from '../../ui/DialogShell';

/** Seed §4: adding from another seller to a self-pickup cart asks whether to replace the cart. */
export function ReplaceCartDialog({ open, onReplace, onKeep }: { open: boolean; onReplace: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogShell open={open} onClose={onKeep} role="alertdialog" testId="replace-cart-dialog">
      <DialogTitle>{t('cart.replaceTitle')}</DialogTitle>
      <p className="mt-2 text-ink-muted">{t('cart.replaceBody')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button className={buttonClasses('secondary')} onPress={onKeep}>
          {t('cart.cancel')}
        </Button>
        <Button className={buttonClasses('primary')} onPress={onReplace} data-testid="replace-cart-confirm">
          {t('cart.replaceConfirm')}
        </Button>
      </div>
    </DialogShell>
  );
}
