import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPath, useAccount, type AccountState } from './account';

/**
 * The account of a page that needs a signed-in buyer: a guest is sent to the login page, which
 * comes back here afterwards (/login?next=…). Right after a logout the header goes home instead.
 */
export function useBuyerAccount(options: { fresh?: boolean } = {}): AccountState {
  const account = useAccount(options);
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    if (account.ready && !account.signedIn && !account.loggedOut) void navigate(loginPath(here), { replace: true });
  }, [account.ready, account.signedIn, account.loggedOut, navigate, here]);
  return account;
}
