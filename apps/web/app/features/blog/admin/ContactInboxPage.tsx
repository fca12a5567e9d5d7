import { CONTACT_STATUSES, type ContactStatus, type TContactMessage } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useAction } from '../../../lib/route-data';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Tabs } from '../../../ui/Tabs';

/** The team's contact inbox (/admin/contact): new, handled and spam; read, reply by e-mail, mark handled. */
export function ContactInboxPage({ status, messages }: { status: ContactStatus; messages: TContactMessage[] }) {
  const { t } = useTranslation('blog');
  const { language } = usePreferences();
  const [, setSearchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = messages.find((m) => m.id === openId) ?? null;
  const date = (at: number) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  // The route's action answers with the saved message; the list comes back from the loader.
  const action = useAction<TContactMessage>({
    done: (saved, intent) => {
      setOpenId(saved.status === status ? saved.id : null);
      if (intent === 'reply') setReply('');
    },
    failed: (p) => setProblem(p.message),
  });

  function sendReply(event: FormEvent) {
    event.preventDefault();
    if (!open || !reply.trim()) return;
    setProblem(null);
    void action.submit('reply', { id: open.id, body: reply });
  }
  function setHandled(handled: boolean) {
    if (!open) return;
    setProblem(null);
    void action.submit('handled', { id: open.id, handled });
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('inbox.title')}</h1>
      <Tabs
        look="pills"
        className="mt-4"
        label={t('inbox.title')}
        items={CONTACT_STATUSES.map((s) => ({ key: s, label: t(`inbox.tabs.${s}`) }))}
        selected={status}
        onSelect={(s) => {
          setSearchParams(s === 'new' ? {} : { status: s });
          setOpenId(null);
        }}
        panelClassName="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]"
      >
        <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white" data-testid="inbox-list">
          {messages.length === 0 ? <li className="p-4 text-ink-muted">{t('inbox.empty')}</li> : null}
          {messages.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => setOpenId(m.id)}
                className={`block w-full p-4 text-start hover:bg-sand-50 ${m.id === openId ? 'bg-sand-100' : ''}`}
                aria-current={m.id === openId ? 'true' : undefined}
              >
                <span className="block font-semibold">
                  <bdi>{m.subject}</bdi>
                </span>
                <span className="block text-sm text-ink-muted">
                  <bdi>{m.name}</bdi> · {date(m.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="rounded-2xl border border-sand-200 bg-white p-5" data-testid="inbox-message">
          {open ? (
            <div className="space-y-4">
              <div>
                <h2 className="text-xl font-semibold">
                  <bdi>{open.subject}</bdi>
                </h2>
                <p className="text-sm text-ink-muted">
                  {t('inbox.from', { name: isolate(open.name), email: isolate(open.email) })} · {date(open.createdAt)}
                </p>
                <p className="text-sm text-ink-muted">
                  {t('inbox.language', { language: LANGUAGE_NAMES[open.language as keyof typeof LANGUAGE_NAMES] ?? open.language })}
                </p>
              </div>
              <p className="whitespace-pre-wrap" dir="auto">
                {open.message}
              </p>
              {open.replies.length > 0 ? (
                <div>
                  <h3 className="font-semibold">{t('inbox.replies')}</h3>
                  {open.replies.map((r) => (
                    <p key={r.id} className="mt-2 whitespace-pre-wrap rounded-xl bg-sand-50 p-3 text-sm" dir="auto">
                      {r.body}
                      <span className="mt-1 block text-ink-muted">
                        {r.authorName} · {date(r.createdAt)}
                      </span>
                    </p>
                  ))}
                </div>
              ) : null}
              {open.status !== 'spam' ? (
                <form onSubmit={sendReply} className="space-y-2">
                  {problem ? <Alert tone="error" title={problem} /> : null}
                  <label htmlFor="inbox-reply" className="block text-sm font-semibold">
                    {t('inbox.reply')}
                  </label>
                  <p id="inbox-reply-hint" className="text-sm text-ink-muted">
                    {t('inbox.replyHint')}
                  </p>
                  <textarea
                    id="inbox-reply"
                    aria-describedby="inbox-reply-hint"
                    className="field"
                    rows={5}
                    maxLength={5000}
                    value={reply}
                    onChange={(e) => setReply(e.target.value)}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" disabled={!reply.trim() || action.pending}>
                      {t('inbox.send')}
                    </Button>
                    <Button variant="secondary" disabled={action.pending} onClick={() => setHandled(open.status !== 'handled')}>
                      {open.status === 'handled' ? t('inbox.markNew') : t('inbox.markHandled')}
                    </Button>
                  </div>
                </form>
              ) : null}
            </div>
          ) : (
            <p className="text-ink-muted">{t('inbox.select')}</p>
          )}
        </div>
      </Tabs>
    </section>
  );
}

/** A sender's name or address inside a translated sentence: isolated (FSI … PDI) so a Latin name keeps its place in Arabic. */
const isolate = (text: string) => `\u2068${text}\u2069`;
