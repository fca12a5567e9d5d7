import { useRef, useState } from 'react';
import { HttpError } from '../../lib/http';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/** What a payment request answered: done, or waiting for the card's second step (3-D Secure). */
export type PaymentStep<T> = { done: T } | { actionRef: string };


/**
 * One payment attempt by card or wallet with its idempotency key and its second step (the wallet's
 * top-up, a commission's deposit or balance; checkout has its own, since it places the order again
 * after the second step). The key lives as long as the attempt: a double click or an answer lost on
 * the way is one charge; an answer that came (a refusal) ends the attempt, so the next try is a new
 * payment. A second click while a request runs does nothing (checked synchronously, not by state).
 */
export function useCardPayment<T>({ onDone, onFailed }: { onDone: (value: T) => void; onFailed: (error: unknown) => void }) {
  const [busy, setBusy] = useState(false);
  const [actionRef, setActionRef] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  const inFlight = useRef(false);

  async function run(work: () => Promise<void>, onError: (error: unknown) => void) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onError(error);
      onFailed(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  /** Sends the payment with the attempt's key; a second step opens the dialog (`actionOpen`). */
  const pay = (send: (key: string) => Promise<PaymentStep<T>>) =>
    run(
      async () => {
        const step = await send((attempt.current ??= newIdempotencyKey()));
        if ('actionRef' in step) return setActionRef(step.actionRef);
        attempt.current = null;
        onDone(step.done);
      },
      (error) => {
        if (error instanceof HttpError) attempt.current = null;
      },
    );

  /** The buyer's answer in the second-step dialog, sent for the payment waiting on it. */
  const confirm = (result: 'complete' | 'fail', send: (ref: string, result: 'complete' | 'fail') => Promise<T>) => {
    const ref = actionRef;
    setActionRef(null);
    if (!ref) return Promise.resolve();
    return run(
      async () => {
        const done = await send(ref, result);
        attempt.current = null;
        onDone(done);
      },
      () => {
        attempt.current = null;
      },
    );
  };

  return { busy, actionOpen: actionRef !== null, pay, confirm };
}
