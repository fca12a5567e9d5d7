import { useCallback, useEffect, useRef, useState } from 'react';
import { NotSignedIn } from './http';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
  /** Replaces the data without a request (after a change the server confirmed). */
  setData(update: (current: T | undefined) => T | undefined): void;
}

/**
 * Loads data in the browser once `key` is set, and again whenever the key changes or `reload()` is
 * called. A NotSignedIn error calls `onSignedOut` (the portal shows its login form).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, onSignedOut?: () => void): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: key !== null,
  });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  const signedOutRef = useRef(onSignedOut);
  useEffect(() => {
    loadRef.current = load;
    signedOutRef.current = onSignedOut;
  });

  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof NotSignedIn) signedOutRef.current?.();
        setState((s) => ({ ...s, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: update(s.data) })), []);
  return { ...state, reload, setData };
}
