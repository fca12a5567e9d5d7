import { PASSWORD_GATE_ERROR_MS, type Language } from '@tessera/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { API_PATHS } from '../../lib/http';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { LockIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';

/**
 * POST /v1/site/unlock; the server sets the sitePass cookie when the password is right. A refusal's
 * `message` is the server's text in the request's language ("Please Enter Valid Password" for a wrong
 * password): the gate, on every page, does not carry the error texts of all four languages.
 */
export type UnlockResult = { status: 'ok' } | { status: 'invalid'; message?: string } | { status: 'failed'; message?: string };

export async function unlockSite(password: string, language: Language, fetchImpl: typeof fetch = fetch): Promise<UnlockResult> {
  try {
    const response = await fetchImpl(API_PATHS.siteUnlock, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', language, platform: '3' },
      body: JSON.stringify({ password }),
      credentials: 'same-origin',
    });
    if (response.ok) return { status: 'ok' };
    // Every refusal (wrong password, too many attempts…) carries a translated message.
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? { message: body.message } : {};
    if (response.status === 400 || response.status === 401 || response.status === 403) return { status: 'invalid', ...message };
    return { status: 'failed', ...message };
  } catch {
    return { status: 'failed' };
  }
}

/**
 * The site password gate (seed §2): one password field and a Continue button. A wrong entry shows
 * "Please Enter Valid Password" for 1.5 seconds; the right one reloads into the site.
 */
export function PasswordGate() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const hydrated = useHydrated();
  const inputId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  function showError(message: string) {
    clearTimeout(timer.current);
    setError(message);
    timer.current = setTimeout(() => setError(null), PASSWORD_GATE_ERROR_MS);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await unlockSite(password, language);
    if (result.status === 'ok') {
      window.location.reload();
      return;
    }
    setBusy(false);
    showError(result.message ?? (result.status === 'invalid' ? t('gate.invalid') : t('gate.network')));
    input.current?.focus();
    input.current?.select();
  }

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-sand-100 px-4 py-12">
      <div className="w-full max-w-md rounded-3xl border border-sand-200 bg-white p-8 shadow-xl shadow-moss-900/5 sm:p-10">
        <div>
          <Logo />
        </div>
        <span className="mt-8 flex h-11 w-11 items-center justify-center rounded-full bg-moss-50 text-moss-700">
          <LockIcon width={22} height={22} />
        </span>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">{t('gate.title')}</h1>
        <p className="mt-3 text-ink-muted">{t('gate.lead')}</p>
        <form method="post" className="mt-8" onSubmit={onSubmit} noValidate data-testid="password-gate">
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
            {t('gate.label')}
          </label>
          <input
            ref={input}
            id={inputId}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`field mt-2 h-12 ${error ? 'border-clay-600' : ''}`}
          />
          <p id={errorId} role="alert" aria-live="assertive" className="mt-2 min-h-6 text-sm font-semibold text-clay-700" data-testid="gate-error">
            {error}
          </p>
          <Button type="submit" className="mt-4 w-full" disabled={!hydrated || busy}>
            {busy ? t('gate.checking') : t('gate.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
