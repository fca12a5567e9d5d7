import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { ArrowIcon } from '../../ui/icons';
import { refusable, type Refusable } from '../../lib/route-data';
import { portalClient } from './clients';
import { usePortalSession } from './session';
import { PageTitle } from '../../ui/bits';
import type { Page } from '../accounts/admin/review';

/** Counts one page of up to 100 pending applications; "100+" when there are more. */
const COUNT_LIMIT = 100;

type PendingCount = Refusable<{ count: number; more: boolean }>;

/** A queue's pending count; the server's refusal shows in its tile, not instead of the dashboard. */
async function pendingCount(path: string, signal: AbortSignal): Promise<PendingCount> {
  return refusable(
    portalClient('admin')
      .get<{ data: Page<unknown> }>(`${path}?status=pending&limit=${COUNT_LIMIT}`, { signal })
      .then((answer) => ({ count: answer.data.items.length, more: answer.data.nextCursor !== null })),
  );
}

/** The dashboard's counts, for the route's clientLoader. */
export async function loadDashboard(signal: AbortSignal) {
  const [companies, sellers] = await Promise.all([pendingCount('/v1/admin/companies', signal), pendingCount('/v1/admin/sellers', signal)]);
  return { companies, sellers };
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

/** The approval queues with a tile each: the page's address, the title, the test id. */
const QUEUES = [
  ['companies', 'admin.dashboard.pendingCompanies', 'pending-companies'],
  ['sellers', 'admin.dashboard.pendingSellers', 'pending-sellers'],
] as const;

export function AdminDashboard({ companies, sellers }: { companies: PendingCount; sellers: PendingCount }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  // Moderators do not read the outbox (the API answers them 403): no tile leading there.
  const readsOutbox = usePortalSession().profile?.teamRole !== 'moderator';

  function show(resource: PendingCount): ReactNode {
    if (!resource.data) return <span className="text-base font-sans font-medium text-clay-700">{resource.problem.message}</span>;
    const count = formatNumber(resource.data.count, language);
    return resource.data.more ? t('admin.dashboard.atLeast', { value: count }) : count;
  }

  return (
    <div>
      <PageTitle title={t('admin.dashboard.title')} lead={t('admin.dashboard.lead')} />
      <div className="grid gap-5 sm:grid-cols-2">
        {QUEUES.map(([queue, title, testId]) => {
          const pending = queue === 'companies' ? companies : sellers;
          return (
            <Tile
              key={queue}
              title={t(title)}
              value={show(pending)}
              to={`/admin/${queue}`}
              action={t('admin.dashboard.openQueue')}
              testId={testId}
              highlight={(pending.data?.count ?? 0) > 0}
            />
          );
        })}
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
