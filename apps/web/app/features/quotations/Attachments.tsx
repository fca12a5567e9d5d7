import { QUOTATION_LIMITS, UPLOAD_RULES, type TQuotationAttachment } from '@tessera/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { checkUploadFiles } from '../../lib/file-check';
import { formatFileSize, formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { FieldError } from '../../ui/Field';
import { useFileProblemText } from '../../ui/file-problems';
import { CloseIcon } from '../../ui/icons';
import { FileIcon } from '../../ui/more-icons';

const PURPOSE = 'quotation-attachment';
/** A file's name isolated from the sentence around it, so that a Latin name keeps its order in Arabic. */
const isolate = (name: string) => `\u2068${name}\u2069`;

/**
 * The files that go with a request or an answer (drawings, specifications, pictures). Each chosen
 * file is checked at once with the server's upload rules (kind by content, size, decodable): the
 * good ones are listed with a remove button, each refused one is named with the reason, in the
 * page's language, and never sent. The form uploads `files` when it is sent.
 */
export function AttachmentsField({ files, onChange, error }: { files: File[]; onChange(files: File[]): void; error?: string | undefined }) {
  const { t } = useTranslation('quotations');
  const { language } = usePreferences();
  const problemText = useFileProblemText();
  const id = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const room = QUOTATION_LIMITS.attachments - files.length;
  const size = formatNumber(UPLOAD_RULES[PURPOSE].maxBytes / (1024 * 1024), language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // Choosing the same file again after fixing it still fires a change.
    event.currentTarget.value = '';
    const { ok, refused: bad } = await checkUploadFiles(chosen, PURPOSE);
    const fits = ok.slice(0, Math.max(0, room));
    onChange([...files, ...fits]);
    setRefused([
      ...bad.map(({ file, problem }) => problemText(problem, file.name, PURPOSE)),
      ...ok.slice(fits.length).map((file) => t('attachmentsLimit', { name: isolate(file.name), count: QUOTATION_LIMITS.attachments })),
    ]);
  }

  return (
    <div data-testid="attachments-field">
      <p className="text-sm font-semibold text-ink" id={`${id}-label`}>
        {t('attachments')}
      </p>
      <p className="mt-0.5 text-sm text-ink-muted" id={`${id}-hint`}>
        {t('attachmentsHint', { count: QUOTATION_LIMITS.attachments, size })}
      </p>
      {files.length > 0 ? (
        <ul className="mt-2 grid gap-2" aria-labelledby={`${id}-label`}>
          {files.map((file, i) => (
            <li
              key={`${file.name}-${i}`}
              className="flex min-w-0 items-center gap-2 rounded-xl border border-sand-200 bg-white px-3 py-2 text-sm"
              data-testid="attachment-chosen"
            >
              <FileIcon width={18} height={18} className="shrink-0 text-moss-700" aria-hidden="true" />
              <bdi className="min-w-0 flex-1 truncate">{file.name}</bdi>
              <span className="shrink-0 text-ink-muted" dir="ltr">
                {formatFileSize(file.size, language)}
              </span>
              <button
                type="button"
                onClick={() => onChange(files.filter((kept) => kept !== file))}
                aria-label={t('removeFile', { name: isolate(file.name) })}
                className="shrink-0 rounded-full p-1 text-ink-muted hover:bg-sand-100 hover:text-clay-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-moss-600"
              >
                <CloseIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <label className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-full border border-moss-700 px-4 py-1.5 text-sm font-semibold text-moss-800 hover:bg-moss-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-moss-600">
          <FileIcon width={18} height={18} aria-hidden="true" />
          {t('chooseFiles')}
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif,application/pdf"
            className="sr-only"
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void choose(event)}
            data-testid="attachments-input"
          />
        </label>
      ) : null}
      {refused.length > 0 ? (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-clay-800" data-testid="attachments-refused">
          {refused.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} name="attachmentIds" /> : null}
    </div>
  );
}

/**
 * A request's or a quotation's files as links. On the storefront the token cookie lets the browser
 * open `/v1/quotations/attachments/:id`; the seller portal's session is no cookie, so there a file
 * is a link only when the read signed one (`url`, expiring) and a name otherwise (`links={false}`).
 */
export function AttachmentLinks({ attachments, links = true }: { attachments: readonly TQuotationAttachment[]; links?: boolean }) {
  const { language } = usePreferences();
  if (attachments.length === 0) return <>—</>;
  return (
    <ul className="grid gap-1" data-testid="quotation-attachments">
      {attachments.map((file) => {
        const href = file.url ?? (links ? `/v1/quotations/attachments/${encodeURIComponent(file.id)}` : undefined);
        return (
          <li key={file.id} className="flex min-w-0 items-center gap-1.5">
            <FileIcon width={16} height={16} className="shrink-0 text-moss-700" aria-hidden="true" />
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 break-all font-semibold text-moss-800 underline"
                data-testid="quotation-attachment"
              >
                <bdi>{file.name}</bdi>
              </a>
            ) : (
              <bdi className="min-w-0 break-all" data-testid="quotation-attachment">
                {file.name}
              </bdi>
            )}
            <span className="shrink-0 text-xs text-ink-muted" dir="ltr">
              {formatFileSize(file.size, language)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
