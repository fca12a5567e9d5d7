import { useEffect } from 'react';
import { useRevalidator, useRouteError } from 'react-router';
import { browserCookies } from '../../lib/cookies';
import { HttpError, NotSignedIn } from '../../lib/http';
import { LoadFailed, Pending } from '../../ui/PageState';
import { PORTAL_KEYS } from './clients';
import { usePortalSession } from './session';

const signedOut = (error: unknown) => error instanceof NotSignedIn || (error instanceof HttpError && error.status === 401);

/**
 * The ErrorBoundary of a portal page's route (docs/web.md "Loading and submitting data"). A loader or
 * action that found no session: with no token the portal shows its login form (session.expire); with a
 * token (the member has just logged in) the page loads again. Any other failure: the shared error
 * state with a retry.
 */
export function PortalRouteError() {
  const error = useRouteError();
  const session = usePortalSession();
  const revalidator = useRevalidator();
  const lost = signedOut(error);
  useEffect(() => {
    if (!lost) return;
    if (browserCookies.get(PORTAL_KEYS[session.portal].token)) void revalidator.revalidate();
    else session.expire();
    // Once per error: the revalidation brings new data (or a new error).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  if (lost) return <Pending />;
  console.error(error);
  return <LoadFailed onRetry={() => void revalidator.revalidate()} />;
}
