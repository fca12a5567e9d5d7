import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { buttonClasses } from '../../ui/Button';

/**
 * 'Cancel the commission' and its confirmation: the dialog says first what comes back (`refund`,
 * already worded by the caller), then cancels with an optional reason.
 */
export function CancelDialog({ refund, onConfirm, busy }: { refund: string; onConfirm: (note: string | undefined) => Promise<void>; busy: boolean }) {
  const { t } = useTranslation('commissions');
  const [note, setNote] = useState('');
  return (
    <DialogTrigger>
      <Button className={buttonClasses('secondary')} isDisabled={busy} data-testid="commission-cancel">
        {t('cancel')}
      </Button>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-end justify-center bg-moss-950/40 p-4 sm:items-center">
        <Modal className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl outline-none">
          <Dialog role="alertdialog" className="outline-none" data-testid="cancel-dialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="text-xl font-semibold text-moss-900">
                  {t('cancelTitle')}
                </Heading>
                <p className="mt-2 text-ink" data-testid="cancel-refund">
                  {refund}
                </p>
                <label className="mt-4 block text-sm font-semibold text-moss-900">
                  {t('cancelNote')}
                  <textarea
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                    dir="auto"
                    rows={2}
                    maxLength={2000}
                    className="field mt-1.5 min-h-16"
                  />
                </label>
                <div className="mt-6 flex flex-wrap justify-end gap-3">
                  <Button className={buttonClasses('secondary')} onPress={close}>
                    {t('cancelKeep')}
                  </Button>
                  <Button
                    className={buttonClasses('primary')}
                    isDisabled={busy}
                    onPress={() => void onConfirm(note.trim() || undefined).then(close)}
                    data-testid="cancel-confirm"
                  >
                    {t('cancelConfirm')}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
