import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { CloseIcon } from './icons';

/**
 * A modal dialog on the native <dialog> element: focus moves into it and is kept there, Escape
 * closes it, and the page behind is inert while it is open.
 */
export function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  description?: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useTranslation('portal');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-sand-200 bg-white p-0 text-ink shadow-xl backdrop:bg-moss-900/50"
    >
      {open ? (
        <div className="p-6 sm:p-7">
          <div className="flex items-start gap-3">
            <h2 id={titleId} className="flex-1 text-xl font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('common.close')}
              className="-me-2 -mt-1 rounded-full p-2 text-ink-muted hover:bg-sand-100 hover:text-ink"
            >
              <CloseIcon />
            </button>
          </div>
          {description ? (
            <p id={descriptionId} className="mt-2 text-ink-muted">
              {description}
            </p>
          ) : null}
          <div className="mt-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
