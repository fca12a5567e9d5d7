import type { TeamRole, TTeamMember } from '@tessera/contracts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { NotSignedIn } from '../../lib/http';
import { LoginForm } from './auth/LoginForm';
import { browserCookies } from '../../lib/cookies';
import { PORTAL_KEYS, tokenSubject, type PortalSessionState } from './clients';
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

/** Roles change without new tokens: the console reads the member's current role from the team list. */
function useCurrentRole() {
  const session = usePortalSession();
  const { signedIn, profile, updateProfile, expire } = session;
  const id = profile?.id ?? (signedIn ? tokenSubject(browserCookies.get(PORTAL_KEYS.admin.token)) : null);
  useEffect(() => {
    if (!signedIn || !id) return;
    const controller = new AbortController();
    session
      .client()
      .get<{ data: TTeamMember[] }>('/v1/admin/team', { signal: controller.signal })
      .then((answer) => {
        const me = answer.data.find((member) => member.id === id);
        if (!me) return;
        if (!profile || me.teamRole !== profile.teamRole) {
          const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email || '';
          updateProfile({ id: me.id, name: profile?.name ?? name, email: me.email, teamRole: me.teamRole });
        }
      })
      .catch((error: unknown) => {
        if (error instanceof NotSignedIn) expire();
      });
    return () => controller.abort();
    // Once per signed-in member; the profile object itself changes when the role is updated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, id]);
}

function AdminFrame({ children }: { children: ReactNode }) {
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
  useCurrentRole();
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
export function AdminPortal({ initial, children }: { initial: PortalSessionState; children: ReactNode }) {
  return (
    <PortalSessionProvider portal="admin" initial={initial}>
      <AdminFrame>{children}</AdminFrame>
    </PortalSessionProvider>
  );
}
