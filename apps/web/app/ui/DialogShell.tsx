import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * The one modal shell (React Aria Components): a dimmed backdrop that closes on a click outside or
 * Escape, focus kept inside and given back on close, the card at the bottom of a phone's screen and
 * centred on wider ones. The dialogs put their title (`DialogTitle`), text and buttons inside.
 */
export function DialogShell({
  open,
  onClose,
  role = 'dialog',
  size = 'md',
  testId,
  children,
}: {
  open: boolean;
  /** Called on Escape, a click on the backdrop, or when the dialog closes itself. */
  onClose(): void;
  /** 'alertdialog' for a question that needs an answer (leave the cart, confirm a payment). */
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-moss-900/50 p-4 sm:items-center"
    >
      <Modal className={`max-h-[90vh] w-full overflow-y-auto rounded-3xl bg-white p-6 shadow-xl outline-none ${size === 'lg' ? 'max-w-lg' : 'max-w-md'}`}>
        <Dialog role={role} className="outline-none" data-testid={testId}>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The dialog's title: its accessible name. */
export function DialogTitle({ children }: { children: ReactNode }) {
  return (
    <Heading slot="title" className="text-xl font-semibold text-moss-900">
      {children}
    </Heading>
  );
}
