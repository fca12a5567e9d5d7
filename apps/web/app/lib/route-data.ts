import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { HttpError } from './http';

/**
 * Submitting data (docs/web.md "Loading and submitting data"): a page's writes go to its route's
 * `clientAction`, which runs one named intent through `runAction`; React Router then revalidates the
 * route's loaders, so the page shows the server's state without a hand-written reload.
 */

/** What the server said was wrong with a submission: shown beside the field, or above the form. */
export interface Problem {
  field?: string;
  message: string;
}

export type ActionResult<T = unknown> = { ok: true; intent: string; data: T } | { ok: false; intent: string; problem: Problem };

/** One intent of a route's action: the submitted input in, the server's answer out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares its own input type
export type ActionHandlers = Record<string, (input: any) => Promise<unknown>>;

/** The server's refusal as a Problem (field and translated message), or the error's text. */
export function problemOf(error: unknown): Problem {
  if (error instanceof HttpError) return { ...(error.field ? { field: error.field } : {}), message: error.message };
  return { message: String(error) };
}

/**
 * The body of a route's clientAction: reads `{ intent, input }` (JSON, from `useAction().submit`) or
 * form data with an `intent` field (uploads), runs the intent's handler and answers an ActionResult
 * (or the handler's own `redirect(…)`).
 * A refusal (4xx but 401) is data the page shows; a lost session or a failure throws to the route's
 * ErrorBoundary.
 */
export async function runAction(request: Request, handlers: ActionHandlers): Promise<ActionResult | Response> {
  let intent: string;
  let input: unknown;
  if ((request.headers.get('content-type') ?? '').includes('application/json')) {
    ({ intent, input } = (await request.json()) as { intent: string; input: unknown });
  } else {
    const form = await request.formData();
    intent = String(form.get('intent'));
    input = form;
  }
  const handler = handlers[intent];
  if (!handler) throw new Error(`No action named ${intent}`);
  try {
    const data = await handler(input);
    // A handler may answer redirect(…): the page goes there (after a delete, to the list).
    if (data instanceof Response) return data;
    return { ok: true, intent, data };
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      return { ok: false, intent, problem: problemOf(error) };
    }
    throw error;
  }
}

/**
 * A page's way to submit to its route's action: `submit(intent, input)`, `pending` meanwhile, then
 * `done(data, intent)` or `failed(problem, intent)` once the action has run and the loaders have
 * brought the new state.
 */
export function useAction<T = unknown>(callbacks: { done?: (data: T, intent: string) => void; failed?: (problem: Problem, intent: string) => void } = {}) {
  const fetcher = useFetcher<ActionResult<T>>();
  const latest = useRef(callbacks);
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) latest.current.done?.(result.data, result.intent);
    else latest.current.failed?.(result.problem, result.intent);
  }, [fetcher.state, fetcher.data]);
  return {
    pending: fetcher.state !== 'idle',
    submit(intent: string, input?: unknown) {
      return fetcher.submit({ intent, input: input ?? null } as never, { method: 'post', encType: 'application/json' });
    },
    upload(intent: string, form: FormData) {
      form.set('intent', intent);
      return fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
    },
  };
}

/** What a loader read, or the server's refusal (a 4xx but a lost session) that the page shows in its own words. */
export type Refusable<T> = { data: T; problem: null } | { data: null; problem: Problem };

/**
 * Runs a loader's call; a refusal (an order that is not there, a filter the server will not take)
 * becomes data for the page, as the pages did before the loaders: a lost session or a failure still throws
 * to the route's ErrorBoundary (login form, or the shared error state).
 */
export async function refusable<T>(call: Promise<T>): Promise<Refusable<T>> {
  try {
    return { data: await call, problem: null };
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 401) return { data: null, problem: problemOf(error) };
    throw error;
  }
}
