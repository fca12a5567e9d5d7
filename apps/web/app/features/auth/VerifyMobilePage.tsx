import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../lib/http';
import { Alert, FormError } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { describeFailure, useFormState } from '../../ui/form';
import { useSnackbar } from '../../ui/snackbar';
import { safeNext } from './account';
import { sendMobileCode, verifyMobileCode } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';
import { showFailure } from './auth-form';
import { AccountLoading } from './AccountLoading';
import { useBuyerAccount } from './useBuyerAccount';

/** When the last code was sent, so that a reload neither re-sends nor forgets the countdown. */
const SENT_KEY = 'mobileCodeSent';
const DEFAULT_RESEND_SECONDS = 60;

interface SentRecord {
  at: number;
  resendAfterSeconds: number;
  sentTo: string;
  userId: string;
}

function readSent(userId: string): SentRecord | null {
  try {
    const record = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? 'null') as SentRecord | null;
    return record && record.userId === userId ? record : null;
  } catch {
    return null;
  }
}

function writeSent(record: SentRecord): void {
  try {
    sessionStorage.setItem(SENT_KEY, JSON.stringify(record));
  } catch {
    // Without storage the countdown just starts over on a reload.
  }
}

/** m:ss */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Mobile verification: a 6-digit code by SMS, with a resend countdown (issue #3 §1). */
export function VerifyMobilePage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const account = useBuyerAccount({ fresh: true });
  const profile = account.profile;
  const [sent, setSent] = useState<SentRecord | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const form = useFormState({ code: '' });
  const restored = useRef(false);

  const resendAt = sent ? sent.at + sent.resendAfterSeconds * 1000 : 0;
  const waiting = Math.max(0, (resendAt - now) / 1000);

  useEffect(() => {
    if (waiting <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = useCallback(
    async (userId: string, announce: boolean) => {
      setSending(true);
      try {
        const answer = await sendMobileCode();
        const record = { at: Date.now(), resendAfterSeconds: answer.resendAfterSeconds, sentTo: answer.sentTo, userId };
        writeSent(record);
        setSent(record);
        setNow(Date.now());
        if (announce) snackbar(t('auth.verify.sent', { phone: answer.sentTo }));
      } catch (error) {
        if (error instanceof HttpError && error.code === 'RESEND_TOO_SOON') {
          // A code went out moments ago (another tab, a reload): wait for the countdown.
          const record = { at: Date.now(), resendAfterSeconds: DEFAULT_RESEND_SECONDS, sentTo: sent?.sentTo ?? '', userId };
          setSent(record);
          setNow(Date.now());
        }
        snackbar(describeFailure(error, [], t('form.network')).message, { variant: 'error' });
      } finally {
        setSending(false);
      }
    },
    [snackbar, t, sent?.sentTo],
  );

  // On arrival: nothing is sent (a visit, a reload or a back button must not cost an SMS); a code this
  // browser asked for earlier is remembered, with what is left of its countdown.
  useEffect(() => {
    if (!profile || profile.phoneVerified || restored.current) return;
    restored.current = true;
    const previous = readSent(profile.id);
    if (previous) {
      setSent(previous);
      setNow(Date.now());
    }
  }, [profile]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = form.values.code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      form.showErrors({ code: t('auth.verify.codeInvalid') });
      return;
    }
    setBusy(true);
    try {
      await verifyMobileCode(code);
      snackbar(t('auth.verify.verified'));
      try {
        sessionStorage.removeItem(SENT_KEY);
      } catch {
        // Nothing to clean.
      }
      void navigate(next, { replace: true });
    } catch (error) {
      showFailure(error, ['code'], form, snackbar, t('form.network'));
      setBusy(false);
    }
  }

  if (!profile) return <AccountLoading failed={account.failed} />;

  const phone = `${profile.countryCode ?? ''}${profile.phone ?? ''}`;
  if (profile.phoneVerified) {
    return (
      <AuthCard title={t('auth.verify.title')} testId="verify-page">
        <Alert tone="success" testId="phone-verified">
          {t('auth.verify.alreadyVerified', { phone: `\u2066${phone}\u2069` })}
        </Alert>
        <Link to={next} className={`mt-6 inline-block ${TEXT_LINK}`}>
          {t('auth.verify.continue')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.verify.title')}
      lead={
        sent?.sentTo ? t('auth.verify.lead', { phone: `\u2066${sent.sentTo}\u2069` }) : t('auth.verify.leadNoCode', { phone: `\u2066${phone}\u2069` })
      }
      testId="verify-page"
      footer={
        <Link to={next} className={TEXT_LINK}>
          {t('auth.verify.later')}
        </Link>
      }
    >
      {sent ? null : (
        <Button className="mb-6 w-full" disabled={sending} onClick={() => void send(profile.id, true)} data-testid="send-code">
          {sending ? t('auth.verify.sending') : t('auth.verify.send')}
        </Button>
      )}
      <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={t('auth.verify.code')}
          hint={t('auth.verify.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          ltr
          inputClassName="text-center text-2xl font-semibold tracking-[0.5em] rtl:text-center"
          {...form.bind('code')}
        />
        <FormError message={form.errors.form} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('auth.verify.submitting') : t('auth.verify.submit')}
        </Button>
      </form>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-sand-200 pt-5 text-sm" aria-live="polite">
        {waiting > 0 ? (
          <p className="text-ink-muted" data-testid="resend-countdown">
            {t('auth.verify.resendIn', { time: formatCountdown(waiting) })}
          </p>
        ) : (
          <p className="text-ink-muted">{sent ? t('auth.verify.noCode') : null}</p>
        )}
        {sent ? (
          <Button variant="secondary" className="px-4 py-1.5 text-sm" disabled={waiting > 0 || sending} onClick={() => void send(profile.id, true)}>
            {t('auth.verify.resend')}
          </Button>
        ) : null}
      </div>
    </AuthCard>
  );
}
