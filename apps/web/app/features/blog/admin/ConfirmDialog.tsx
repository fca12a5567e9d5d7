import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { DialogShell, DialogTitle } from '../../../ui/DialogShell';

/**
 * Asks before something that cannot be undone (deleting a post). An alert dialog (React Aria): focus
 * moves into it and stays, Escape or Cancel closes it, the page behind is inert. The confirm button
 * stays busy until the action has finished, so a double click deletes once.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  cancel,
  onClose,
  onConfirm,
  testId,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  cancel: string;
  onClose(): void;
  onConfirm(): Promise<void>;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <DialogShell open={open} onClose={onClose} role="alertdialog" testId={testId}>
      <DialogTitle>{title}</DialogTitle>
      <p className="mt-2 text-ink-muted">{description}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {cancel}
        </Button>
        <button
          type="button"
          onClick={() => void run()}
          disabled={busy}
          data-testid="confirm"
          className="inline-flex items-center justify-center rounded-full bg-clay-700 px-5 py-2.5 font-semibold text-white hover:bg-clay-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {confirm}
        </button>
      </div>
    </DialogShell>
  );
}
