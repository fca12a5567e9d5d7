import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_BODY_MAX_CHARS, type TConversationListItem } from '@tessera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Button, Label, TextArea, TextField } from 'react-aria-components';
import { formatFileSize } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { usePreferences } from '../../../lib/preferences';
import { uploadAttachment } from '../api';
import type { ChatRealm } from '../session';
import type { MessageCenter } from '../useMessageCenter';
import { PaperclipIcon, SendIcon } from './icons';

/** "typing" is said again this often while the user keeps typing, and "stopped" after this pause. */
const TYPING_REPEAT_MS = 3_000;
const TYPING_IDLE_MS = 4_000;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; a photo or file goes up first and
 * is sent as an attachment. Typing is announced to the other side (when the conversation allows it).
 * The store team's messages go out in the seed's broadcast shape (to the buyer, userType BUYER).
 */
export function Composer({ center, realm, conversation }: { center: MessageCenter; realm: ChatRealm; conversation: TConversationListItem }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const [text, setText] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typingSince = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const broadcast = realm === 'admin';

  const stopTyping = () => {
    clearTimeout(idleTimer.current);
    if (typingSince.current) center.typingTo(conversation, false);
    typingSince.current = 0;
  };
  // Leaving the conversation ends "typing".
  useEffect(() => () => stopTyping(), [conversation.conversationId]); // eslint-disable-line react-hooks/exhaustive-deps

  if (conversation.blockedByMe || conversation.blockedMe) {
    return (
      <p className="border-t border-sand-200 bg-white px-4 py-4 text-center text-sm text-ink-muted" data-testid="composer-blocked">
        {conversation.blockedByMe ? t('composer.blocked') : t('composer.blockedMe')}
      </p>
    );
  }

  function changed(value: string) {
    setText(value);
    setNote(null);
    const now = Date.now();
    if (value.trim() && now - typingSince.current > TYPING_REPEAT_MS) {
      center.typingTo(conversation, true);
      typingSince.current = now;
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

  async function send() {
    const body = text.trim();
    if (!body) return;
    setText('');
    stopTyping();
    const failure = await center.send(conversation, body, { broadcast });
    if (failure) setNote(failure);
  }

  async function attach(file: File | undefined) {
    if (!file) return;
    if (file.size > CHAT_ATTACHMENT_MAX_BYTES) {
      setNote(t('composer.tooLarge', { size: formatFileSize(CHAT_ATTACHMENT_MAX_BYTES, language) }));
      return;
    }
    setUploading(file.name);
    setNote(null);
    try {
      const attachment = await uploadAttachment(realm, file);
      const failure = await center.send(conversation, text.trim(), { attachmentIds: [attachment.attachmentId], broadcast });
      if (failure) setNote(failure);
      else setText('');
    } catch (error) {
      console.warn('[chat] attachment not uploaded', error);
      setNote(error instanceof HttpError && error.code ? error.message : t('composer.uploadFailed', { name: file.name }));
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <form
      className="border-t border-sand-200 bg-white px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {note ? (
        <p role="alert" className="mb-2 text-sm text-red-800">
          {note}
        </p>
      ) : null}
      {uploading ? (
        <p role="status" className="mb-2 text-sm text-ink-muted">
          {t('composer.uploading', { name: uploading })}
        </p>
      ) : null}
      {broadcast ? <p className="mb-2 text-xs text-ink-muted">{t('composer.broadcast')}</p> : null}
      <div className="flex items-end gap-2">
        <input ref={fileInput} type="file" className="hidden" accept="image/*,application/pdf,.doc,.docx,.xls,.xlsx,.csv,.txt" onChange={(event) => void attach(event.target.files?.[0])} data-testid="attach-input" />
        <Button
          aria-label={t('composer.attach')}
          isDisabled={uploading !== null}
          onPress={() => fileInput.current?.click()}
          className="mb-0.5 rounded-full p-2.5 text-moss-800 outline-none hover:bg-sand-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600 data-[disabled]:opacity-50"
        >
          <PaperclipIcon />
        </Button>
        <TextField value={text} onChange={changed} aria-label={t('composer.label')} className="min-w-0 flex-1" maxLength={CHAT_BODY_MAX_CHARS}>
          <Label className="sr-only">{t('composer.label')}</Label>
          <TextArea
            dir="auto"
            rows={1}
            data-testid="composer-input"
            placeholder={t('composer.placeholder')}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void send();
              }
            }}
            onBlur={stopTyping}
            className="block max-h-40 min-h-11 w-full resize-none rounded-2xl border border-sand-300 bg-sand-50 px-4 py-2.5 text-base outline-none [field-sizing:content] placeholder:text-ink-muted focus:border-moss-600 focus:bg-white"
          />
        </TextField>
        <Button
          type="submit"
          aria-label={t('composer.send')}
          isDisabled={!text.trim()}
          data-testid="composer-send"
          className="mb-0.5 rounded-full bg-moss-700 p-2.5 text-white outline-none hover:bg-moss-800 data-[disabled]:bg-sand-300 data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600 data-[focus-visible]:ring-offset-2"
        >
          <SendIcon className="rtl:-scale-x-100" />
        </Button>
      </div>
    </form>
  );
}
