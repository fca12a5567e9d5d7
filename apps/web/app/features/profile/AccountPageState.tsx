import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { Problem } from '../../lib/route-data';
import { Alert } from '../../ui/Alert';
import { LoadFailed, Pending } from '../../ui/PageState';
import { AccountLayout } from './AccountLayout';

/**
 * An account page's route states (docs/web.md "Loading and submitting data"): the account frame stays
 * while the route's clientLoader runs (HydrateFallback) and when it failed (ErrorBoundary, whose retry
 * revalidates the loader). The title is a `<Trans>`: these render outside the page component.
 */
export function AccountPending({ title, testId }: { title: ReactNode; testId?: string }) {
  return (
    <AccountLayout title={title} testId={testId}>
      <Pending />
    </AccountLayout>
  );
}

export function AccountLoadFailed({ title, testId }: { title: ReactNode; testId?: string }) {
  const revalidator = useRevalidator();
  return (
    <AccountLayout title={title} testId={testId}>
      <LoadFailed onRetry={() => void revalidator.revalidate()} />
    </AccountLayout>
  );
}

/** A read the server refused (a request that is not there, or not this buyer's), in the server's words. */
export function AccountRefused({ title, problem, testId }: { title: ReactNode; problem: Problem; testId?: string }) {
  return (
    <AccountLayout title={title} testId={testId}>
      <Alert tone="error" testId="page-refused">
        {problem.message}
      </Alert>
    </AccountLayout>
  );
}
