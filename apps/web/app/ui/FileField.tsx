import type { UploadPurpose } from '@tessera/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { checkUploadFile } from '../lib/file-check';
import { describedBy, FieldError } from './Field';
import { useFileProblemText } from './file-problems';
import { FileIcon } from './more-icons';

/**
 * A file picker whose every visible word comes from the caller (the browser's own "Choose file /
 * No file chosen" would follow the browser's language, not the page's). The native input stays in
 * the page, visually hidden but focusable; its label is the visible button. Images get a preview.
 *
 * With a `purpose`, a chosen file is checked at once with the upload rules of that purpose (the same
 * check as the product photos): a file that is not an accepted kind, too large or does not decode
 * is not kept (no broken preview) and `onProblem` gets the sentence that names it and says why.
 */
export function FileField({
  label,
  hint,
  error,
  name,
  accept,
  file,
  onChange,
  chooseText,
  changeText,
  noFileText,
  className = '',
  previewAlt,
  purpose,
  onProblem,
  currentText,
}: {
  purpose?: UploadPurpose;
  onProblem?(message: string): void;
  /** Shown when no new file is chosen but one is already on file (a resubmitted application). */
  currentText?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  name: string;
  accept?: string;
  file: File | null;
  onChange(file: File | null): void;
  chooseText: string;
  changeText: string;
  noFileText: string;
  previewAlt?: string;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const nameId = `${id}-name`;
  const labelId = `${id}-label`;
  const preview = useObjectUrl(file && file.type.startsWith('image/') ? file : null);
  const problemText = useFileProblemText();
  const [checking, setChecking] = useState(false);

  async function choose(chosen: File | null) {
    if (!chosen || !purpose) return onChange(chosen);
    setChecking(true);
    const problem = await checkUploadFile(chosen, purpose);
    setChecking(false);
    if (!problem) return onChange(chosen);
    onChange(null);
    onProblem?.(problemText(problem, chosen.name, purpose));
  }

  return (
    <div className={className}>
      <p id={labelId} className="block text-sm font-semibold text-ink">
        {label}
      </p>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div
        className={`mt-1.5 flex items-center gap-3 rounded-xl border border-dashed bg-white p-3 ${error ? 'border-clay-700' : 'border-sand-500'}`}
      >
        <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand-100 text-moss-700">
          {preview ? <img src={preview} alt={previewAlt ?? ''} className="h-full w-full object-contain" /> : <FileIcon width={24} height={24} />}
        </span>
        <div className="min-w-0 flex-1">
          <p id={nameId} className="truncate text-sm text-ink rtl:text-right" dir="auto">
            {file ? file.name : <span className="text-ink-muted">{currentText ?? noFileText}</span>}
          </p>
          <input
            id={id}
            type="file"
            name={name}
            accept={accept}
            className="peer sr-only"
            aria-labelledby={labelId}
            aria-describedby={describedBy(nameId, hint && hintId, error && errorId)}
            aria-invalid={error ? true : undefined}
            aria-busy={checking || undefined}
            onChange={(event) => {
              void choose(event.target.files?.[0] ?? null);
              // Choosing the same file again after fixing it elsewhere still fires a change.
              event.target.value = '';
            }}
          />
          <label
            htmlFor={id}
            className="mt-1.5 inline-flex cursor-pointer items-center rounded-full border border-moss-700 px-4 py-1.5 text-sm font-semibold text-moss-800 hover:bg-moss-50 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay-600"
          >
            {file ? changeText : chooseText}
          </label>
        </div>
      </div>
      {error ? <FieldError id={errorId} message={error} name={name} /> : null}
    </div>
  );
}

/** A blob: URL for a file while it is shown, revoked afterwards. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
