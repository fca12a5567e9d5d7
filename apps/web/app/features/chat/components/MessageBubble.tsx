import type { TChatAttachment } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { formatFileSize, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { FileIcon } from '../../../ui/more-icons';
import type { ThreadMessage } from '../model';
import { DownloadIcon } from './icons';
import { StatusTicks } from './StatusTicks';

function Attachment({ attachment }: { attachment: TChatAttachment }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  if (attachment.attachmentType === 'image') {
    return (
      <a href={attachment.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-xl">
        <img src={attachment.url} alt={t('message.imageAlt', { name: attachment.name })} loading="lazy" className="max-h-64 w-auto max-w-full rounded-xl bg-sand-100 object-contain" />
      </a>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.name}
      rel="noopener noreferrer"
      className="flex items-center gap-3 rounded-xl border border-sand-200 bg-white/70 px-3 py-2 text-ink hover:bg-white"
      aria-label={t('message.download', { name: attachment.name })}
    >
      <FileIcon width={22} height={22} className="shrink-0 text-moss-700" />
      <span className="min-w-0 flex-1">
        <span dir="auto" className="block truncate text-sm font-semibold">
          {attachment.name}
        </span>
        <span className="block text-xs text-ink-muted">{formatFileSize(attachment.size, language)}</span>
      </span>
      <DownloadIcon width={18} height={18} className="shrink-0 text-ink-muted" />
    </a>
  );
}

/**
 * One message. Bodies are text, never HTML (React escapes them); `dir="auto"` lets an Arabic
 * message read right to left inside an English page and the other way round.
 */
export function MessageBubble({ message, mine, senderLabel, onRetry, offer }: { message: ThreadMessage; mine: boolean; senderLabel?: string | undefined; onRetry?(): void; offer?: ReactNode }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const broadcast = (message.metaData as { isBroadcastMessage?: unknown }).isBroadcastMessage === true;
  return (
    <li
      data-testid="message"
      data-message-id={message.messageId}
      data-mine={mine ? 'true' : 'false'}
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
    >
      <div className={`flex max-w-[85%] flex-col gap-1 sm:max-w-[70%] ${mine ? 'items-end' : 'items-start'}`}>
        {senderLabel || broadcast ? (
          <span className="px-1 text-xs font-semibold text-moss-800">{broadcast ? t('message.broadcast') : senderLabel}</span>
        ) : null}
        {offer ?? (
          <div
            className={`rounded-2xl px-3.5 py-2 shadow-sm ${
              mine ? 'rounded-ee-md bg-moss-700 text-white' : 'rounded-es-md border border-sand-200 bg-white text-ink'
            } ${message.local === 'failed' ? 'opacity-70' : ''}`}
          >
            {message.deleted ? (
              <p className={`text-sm italic ${mine ? 'text-white/80' : 'text-ink-muted'}`}>{t('message.deleted')}</p>
            ) : (
              <>
                {message.attachments.length > 0 ? (
                  <div className="mb-1 space-y-2">
                    {message.attachments.map((attachment) => (
                      <Attachment key={attachment.attachmentId} attachment={attachment} />
                    ))}
                  </div>
                ) : null}
                {message.body ? (
                  <p dir="auto" data-testid="message-body" className="whitespace-pre-wrap break-words text-[0.95rem] leading-snug">
                    {message.body}
                  </p>
                ) : null}
                {message.masked && !mine ? <p className="mt-1 text-xs text-ink-muted">{t('message.masked')}</p> : null}
              </>
            )}
          </div>
        )}
        <span className="flex items-center gap-1 px-1 text-xs text-ink-muted">
          <time dateTime={new Date(message.timestamp).toISOString()}>{formatTime(message.timestamp, language)}</time>
          {mine ? <StatusTicks status={message.status} local={message.local} /> : null}
          {message.local === 'failed' ? (
            <span className="inline-flex items-center gap-1 text-red-700" role="status">
              {t('status.failed')}
              {onRetry ? (
                <button type="button" onClick={onRetry} className="font-semibold underline">
                  {t('status.retry')}
                </button>
              ) : null}
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
}
