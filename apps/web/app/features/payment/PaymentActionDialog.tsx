import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../ui/Button';

/**
 * A card payment's second step (3-D Secure on the built-in test gateway): the bank asks the buyer to
 * confirm. Nothing is charged or ordered until he does; closing the dialog counts as cancelling.
 */
export function PaymentActionDialog({ open, onAnswer }: { open: boolean; onAnswer: (result: 'complete' | 'fail') => void }) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onAnswer('fail'))}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-moss-950/40 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl outline-none">
        <Dialog role="alertdialog" className="outline-none" data-testid="payment-action">
          <Heading slot="title" className="text-xl font-semibold text-moss-900">
            {t('checkout.actionTitle')}
          </Heading>
          <p className="mt-2 text-ink-muted">{t('checkout.actionBody')}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button className={buttonClasses('secondary')} onPress={() => onAnswer('fail')} data-testid="payment-action-cancel">
              {t('checkout.actionFail')}
            </Button>
            <Button className={buttonClasses('primary')} onPress={() => onAnswer('complete')} data-testid="payment-action-confirm">
              {t('checkout.actionConfirm')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
