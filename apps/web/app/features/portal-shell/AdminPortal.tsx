import type { TeamRole, TTeamMember } from '@tessera/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useMatches } from 'react-router';
import { NotSignedIn } from '../../lib/http';
import { LoginForm } from './auth/LoginForm';
import { browserCookies } from '../../lib/cookies';
import { PORTAL_KEYS, portalClient, readPortalSession, tokenSubject, type AdminProfile, type PortalSessionState } from './clients';
import { PortalSessionProvider, usePortalSession } from './session';
import { PortalShell } from './PortalShell';

/** What each team role may do in the console; the server enforces the same (403 otherwise). */
export function permissionsOf(role: TeamRole | undefined) {
  return {
    /** Approve or reject companies and stores: owners and moderators. */
    canReview: role === 'owner' || role === 'moderator',
    /** Invite, change roles, remove: owners only. */
    canManageTeam: role === 'owner',
  };
}

export function useAdmin() {
  const session = usePortalSession();
  const role = session.profile?.teamRole;
  return { session, profile: session.profile, role, ...permissionsOf(role) };
}

function isPublicPage(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((match) => (match.handle as { public?: boolean } | undefined)?.public === true);
}

/** The signed-in member as the team list has them now, or why not (nothing while signed out, or before the first load). */
export interface LoadedMember {
  data?: AdminProfile;
  error?: unknown;
}

/**
 * The admin layout route's clientLoader part (docs/web.md "Loading and submitting data"): roles change
 * without new tokens, so the console reads the member's current role from the team list. A failure is
 * kept, not thrown: the frame stays; a refused token brings the login form back. No token: no request.
 */
export async function loadAdminMember(signal: AbortSignal): Promise<LoadedMember> {
  const { signedIn, profile } = readPortalSession('admin', browserCookies);
  const id = profile?.id ?? (signedIn ? tokenSubject(browserCookies.get(PORTAL_KEYS.admin.token)) : null);
  if (!id) return {};
  try {
    const me = (await portalClient('admin').get<{ data: TTeamMember[] }>('/v1/admin/team', { signal })).data.find((member) => member.id === id);
    if (!me) return {};
    const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email || '';
    return { data: { id: me.id, name: profile?.name ?? name, email: me.email, teamRole: me.teamRole } };
  } catch (error) {
    if (signal.aborted) throw error;
    return { error };
  }
}

/** Keeps the console's buttons right when the loader found another role, and shows the login form when the token was refused. */
function useLoadedMember(loaded: LoadedMember) {
  const session = usePortalSession();
  // The session's latest, read once per load: after a login the old load's answer must not undo the new session.
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });
  useEffect(() => {
    const { profile, updateProfile, expire } = latest.current;
    if (loaded.error instanceof NotSignedIn) return expire();
    const me = loaded.data;
    if (me && (!profile || me.teamRole !== profile.teamRole)) updateProfile(me);
  }, [loaded]);
}

function AdminFrame({ member, children }: { member: LoadedMember; children: ReactNode }) {
  const { t } = useTranslation('portal');
  const { t: tCatalog } = useTranslation('adminCatalog');
  const { t: tRoot } = useTranslation();
  const { t: tBlog } = useTranslation('blog');
  const { t: tSocial } = useTranslation('social');
  const { t: tQuotes } = useTranslation('quotations');
  const { t: tComm } = useTranslation('commissions');
  const session = usePortalSession();
  const matches = useMatches();
  const publicPage = isPublicPage(matches);
  useLoadedMember(member);
  const profile = session.profile;

  const identity = profile ? (
    <span className="flex flex-wrap items-center gap-2 md:justify-end">
      <span className="font-semibold text-white" data-testid="admin-name">
        {profile.name}
      </span>
      <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold text-white" data-testid="admin-role">
        {t(`admin.roles.${profile.teamRole}`)}
      </span>
    </span>
  ) : null;

  return (
    <PortalShell
      title={t('common.adminConsole')}
      identity={identity}
      sidebar
      nav={[
        { to: '/admin', label: t('admin.nav.dashboard'), end: true },
        { to: '/admin/companies', label: t('admin.nav.companies') },
        { to: '/admin/sellers', label: t('admin.nav.sellers') },
        { to: '/admin/orders', label: tRoot('portalOrders.nav') },
        { to: '/admin/catalog', label: tCatalog('nav.catalog') },
        { to: '/admin/team', label: t('admin.nav.team') },
        { to: '/admin/currencies', label: t('admin.nav.currencies') },
        // Owners and support read the outbox; moderators have no need to (docs/security.md).
        ...(profile?.teamRole === 'moderator' ? [] : [{ to: '/admin/outbox', label: t('admin.nav.outbox') }]),
        { to: '/admin/messages', label: tRoot('header.menu.messages') },
        { to: '/admin/reviews', label: tSocial('admin.nav') },
        { to: '/admin/quotations', label: tQuotes('admin.title') },
        { to: '/admin/commissions', label: tComm('admin.title') },
        { to: '/admin/blog', label: tBlog('admin.nav') },
        // Owners and support answer the contact form (the server refuses moderators).
        ...(profile?.teamRole === 'moderator' ? [] : [{ to: '/admin/contact', label: tBlog('admin.inboxNav') }]),
      ]}
    >
      {session.signedIn || publicPage ? children : <LoginForm />}
    </PortalShell>
  );
}

/** The admin console around its pages: the team member's own session, layout and navigation. */
export function AdminPortal({ initial, member, children }: { initial: PortalSessionState; member: LoadedMember; children: ReactNode }) {
  return (
    <PortalSessionProvider portal="admin" initial={initial}>
      <AdminFrame member={member}>{children}</AdminFrame>
    </PortalSessionProvider>
  );
}
