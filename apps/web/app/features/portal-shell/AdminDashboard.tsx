import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { ArrowIcon } from '../../ui/icons';
import { errorText } from '../../lib/errors';
import { useResource } from '../../lib/resource';
import { usePortalSession } from './session';
import { PageTitle } from '../../ui/bits';
import type { Page } from '../accounts/admin/review';

/** Counts one page of up to 100 pending applications; "100+" when there are more. */
const COUNT_LIMIT = 100;

function usePendingCount(path: string) {
  const session = usePortalSession();
  return useResource<{ count: number; more: boolean }>(
    `${path}:pending`,
    (signal) =>
      session
        .client()
        .get<{ data: Page<unknown> }>(`${path}?status=pending&limit=${COUNT_LIMIT}`, { signal })
        .then((answer) => ({ count: answer.data.items.length, more: answer.data.nextCursor !== null })),
    session.expire,
  );
}

function Tile({
  title,
  value,
  to,
  action,
  testId,
  children,
  highlight = false,
}: {
  title: string;
  value?: ReactNode;
  to: string;
  action: string;
  testId: string;
  children?: ReactNode;
  highlight?: boolean;
}) {
  return (
    <section
      className={`flex flex-col rounded-2xl border p-5 shadow-sm sm:p-6 ${highlight ? 'border-ochre-400 bg-[#fdf6e7]' : 'border-sand-200 bg-white'}`}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h2 id={`${testId}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {value !== undefined ? (
        <p className="mt-3 font-serif text-5xl font-semibold text-moss-900" data-testid={`${testId}-count`}>
          {value}
        </p>
      ) : null}
      {children ? <div className="mt-2 text-ink-muted">{children}</div> : null}
      <Link to={to} className="mt-auto inline-flex items-center gap-2 pt-5 font-semibold text-moss-800 underline-offset-4 hover:underline">
        {action}
        <ArrowIcon width={18} height={18} />
      </Link>
    </section>
  );
}

export function AdminDashboard() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const companies = usePendingCount('/v1/admin/companies');
  const sellers = usePendingCount('/v1/admin/sellers');
  // Moderators do not read the outbox (the API answers them 403): no tile leading there.
  const readsOutbox = usePortalSession().profile?.teamRole !== 'moderator';

  function show(resource: ReturnType<typeof usePendingCount>): ReactNode {
    if (resource.error) return <span className="text-base font-sans font-medium text-clay-700">{errorText(resource.error, t)}</span>;
    if (!resource.data) return <span className="text-ink-muted">…</span>;
    const count = formatNumber(resource.data.count, language);
    return resource.data.more ? t('admin.dashboard.atLeast', { value: count }) : count;
  }

  return (
    <div>
      <PageTitle title={t('admin.dashboard.title')} lead={t('admin.dashboard.lead')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Tile
          title={t('admin.dashboard.pendingCompanies')}
          value={show(companies)}
          to="/admin/companies"
          action={t('admin.dashboard.openQueue')}
          testId="pending-companies"
          highlight={(companies.data?.count ?? 0) > 0}
        />
        <Tile
          title={t('admin.dashboard.pendingSellers')}
          value={show(sellers)}
          to="/admin/sellers"
          action={t('admin.dashboard.openQueue')}
          testId="pending-sellers"
          highlight={(sellers.data?.count ?? 0) > 0}
        />
        {readsOutbox ? (
          <Tile title={t('admin.dashboard.outbox')} to="/admin/outbox" action={t('admin.dashboard.openOutbox')} testId="outbox-tile">
            {t('admin.dashboard.outboxLead')}
          </Tile>
        ) : null}
        <Tile title={t('admin.dashboard.team')} to="/admin/team" action={t('admin.dashboard.openTeam')} testId="team-tile">
          {t('admin.dashboard.teamLead')}
        </Tile>
      </div>
    </div>
  );
}
