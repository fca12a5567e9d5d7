import type { TProfile } from '@tessera/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { browserCookies } from '../../lib/cookies';
import type { HttpClient } from '../../lib/http';
import {
  adminProfileOf,
  portalClient,
  portalLogout,
  readPortalSession,
  storeAdminProfile,
  type AdminProfile,
  type Portal,
  type PortalSessionState,
} from './clients';

export interface PortalSession extends PortalSessionState {
  portal: Portal;
  /** The portal's API client (browser only). */
  client(): HttpClient;
  /** After a login or signup: the portal shows its pages. */
  signedInAs(user: TProfile): void;
  /** The session is gone (no token, or refused): the login form comes back. */
  expire(): void;
  /** The team role changed meanwhile (admin): keep the console's buttons right. */
  updateProfile(profile: AdminProfile): void;
  logout(): Promise<void>;
}

const PortalSessionContext = createContext<PortalSession | null>(null);

export function PortalSessionProvider({ portal, initial, children }: { portal: Portal; initial: PortalSessionState; children: ReactNode }) {
  const [state, setState] = useState<PortalSessionState>(initial);
  const { revalidate } = useRevalidator();

  // The cookies are the truth: a login in another tab, or cookies the server did not see.
  useEffect(() => {
    setState(readPortalSession(portal, browserCookies));
  }, [portal]);

  const signedInAs = useCallback(
    (user: TProfile) => {
      setState({ signedIn: true, profile: portal === 'admin' ? adminProfileOf(user) : null });
      // The pages' loaders run again as this member (what they hold may be someone else's).
      void revalidate();
    },
    [portal, revalidate],
  );
  const expire = useCallback(() => {
    portalClient(portal).clearSession();
    setState({ signedIn: false, profile: null });
  }, [portal]);
  const updateProfile = useCallback((profile: AdminProfile) => {
    storeAdminProfile(profile);
    setState((s) => ({ ...s, profile }));
  }, []);
  const logout = useCallback(async () => {
    // Seed §4: the push topic is unsubscribed first (a failure is logged and the logout goes on).
    try {
      // Drivers have no chat.
      if (portal !== 'driver') {
        const { endChatSession } = await import('../chat/session');
        await endChatSession(portal);
      }
    } catch (error) {
      console.warn('Chat session not ended; logging out anyway', error);
    }
    await portalLogout(portal);
    setState({ signedIn: false, profile: null });
  }, [portal]);

  const value = useMemo<PortalSession>(
    () => ({ ...state, portal, client: () => portalClient(portal), signedInAs, expire, updateProfile, logout }),
    [state, portal, signedInAs, expire, updateProfile, logout],
  );
  return <PortalSessionContext.Provider value={value}>{children}</PortalSessionContext.Provider>;
}

export function usePortalSession(): PortalSession {
  const value = useContext(PortalSessionContext);
  if (!value) throw new Error('usePortalSession needs a PortalSessionProvider');
  return value;
}
