import { SNACKBAR_TIMEOUT_MS } from '@tessera/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

export type SnackbarVariant = 'success' | 'error' | 'info';

/** The seed's snackBarConfig: position, message, variant, timeout and open flag. */
export interface SnackbarConfig {
  vertical: 'top';
  horizontal: 'right';
  message: string;
  variant: SnackbarVariant;
  timeout: number;
  open: boolean;
  /** Changes with every message so that the same text shown twice restarts its timer. */
  id: number;
}

export interface ShowSnackbar {
  (message: string, options?: { variant?: SnackbarVariant; timeout?: number }): void;
}

interface SnackbarContextValue {
  show: ShowSnackbar;
  close(): void;
  config: SnackbarConfig;
}

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

const CLOSED: SnackbarConfig = {
  vertical: 'top',
  horizontal: 'right',
  message: '',
  variant: 'success',
  timeout: SNACKBAR_TIMEOUT_MS,
  open: false,
  id: 0,
};

export function SnackbarProvider({ children, defaultTimeout = SNACKBAR_TIMEOUT_MS }: { children: ReactNode; defaultTimeout?: number }) {
  const [config, setConfig] = useState<SnackbarConfig>(CLOSED);
  const counter = useRef(0);

  const show = useCallback<ShowSnackbar>(
    (message, options = {}) => {
      counter.current += 1;
      setConfig({
        ...CLOSED,
        message,
        variant: options.variant ?? 'success',
        timeout: options.timeout ?? defaultTimeout,
        open: true,
        id: counter.current,
      });
    },
    [defaultTimeout],
  );
  const close = useCallback(() => setConfig((c) => ({ ...c, open: false })), []);

  useEffect(() => {
    if (!config.open || config.timeout <= 0) return;
    const timer = setTimeout(close, config.timeout);
    return () => clearTimeout(timer);
  }, [config.open, config.id, config.timeout, close]);

  const value = useMemo(() => ({ show, close, config }), [show, close, config]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <SnackbarView config={config} onClose={close} />
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): ShowSnackbar {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error('useSnackbar needs a SnackbarProvider');
  return context.show;
}

const VARIANT_CLASSES: Record<SnackbarVariant, string> = {
  success: 'border-moss-600 bg-moss-800 text-white',
  info: 'border-moss-600 bg-moss-800 text-white',
  error: 'border-clay-700 bg-clay-700 text-white',
};

/**
 * Top corner at the end of the reading direction: top-right in left-to-right pages, top-left in
 * Arabic. Both live regions stay in the document so that screen readers announce new messages.
 */
function SnackbarView({ config, onClose }: { config: SnackbarConfig; onClose(): void }) {
  const { t } = useTranslation();
  const isError = config.variant === 'error';
  const message = config.open ? (
    <div
      key={config.id}
      data-testid="snackbar"
      data-variant={config.variant}
      className={`animate-snackbar pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 shadow-lg sm:w-auto sm:min-w-72 sm:max-w-md ${VARIANT_CLASSES[config.variant]}`}
    >
      <span className="mt-0.5 shrink-0">{isError ? <AlertIcon /> : <CheckIcon />}</span>
      <p className="flex-1 text-sm font-medium leading-6">{config.message}</p>
      <button
        type="button"
        onClick={onClose}
        className="-me-1 shrink-0 rounded-full p-1 text-white/90 hover:bg-white/15 hover:text-white"
        aria-label={t('common.dismiss')}
      >
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  ) : null;

  return (
    <div
      className="pointer-events-none fixed inset-x-3 top-3 z-50 flex flex-col items-stretch sm:inset-x-auto sm:end-4 sm:top-4 sm:items-end"
      data-vertical={config.vertical}
      data-horizontal={config.horizontal}
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {!isError && message}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {isError && message}
      </div>
    </div>
  );
}
