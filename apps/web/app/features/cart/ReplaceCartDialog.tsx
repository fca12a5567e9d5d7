import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../ui/Button';

/** Seed §4: adding from another seller to a self-pickup cart asks whether to replace the cart. */
export function ReplaceCartDialog({ open, onReplace, onKeep }: { open: boolean; onReplace: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onKeep())}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-moss-950/40 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl outline-none">
        <Dialog role="alertdialog" className="outline-none" data-testid="replace-cart-dialog">
          <Heading slot="title" className="text-xl font-semibold text-moss-900">
            {t('cart.replaceTitle')}
          </Heading>
          <p className="mt-2 text-ink-muted">{t('cart.replaceBody')}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button className={buttonClasses('secondary')} onPress={onKeep}>
              {t('cart.cancel')}
            </Button>
            <Button className={buttonClasses('primary')} onPress={onReplace} data-testid="replace-cart-confirm">
              {t('cart.replaceConfirm')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
