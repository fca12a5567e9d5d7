import { TEAM_ROLES, VALIDATION_MESSAGES, ZTeamInviteRequestSchema, type TeamRole, type TTeamMember } from '@tessera/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import { fieldErrorsFromIssues } from '../../../lib/errors';
import { useDraft } from '../../../lib/draft-field';
import { useAction, type ActionHandlers } from '../../../lib/route-data';
import { portalClient } from '../../portal-shell/clients';
import { usePortalSession } from '../../portal-shell/session';
import { Badge, Card, Notice, PageTitle, TableHead } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/fields';
import { useAdmin } from '../../portal-shell/AdminPortal';

const PATH = '/v1/admin/team';

const admin = () => portalClient('admin');

/** The team, for the route's clientLoader. */
export async function loadTeam(signal: AbortSignal): Promise<TTeamMember[]> {
  return (await admin().get<{ data: TTeamMember[] }>(PATH, { signal })).data;
}

/** The owners' changes to the team: the route's clientAction runs them (docs/web.md). */
export const teamActions: ActionHandlers = {
  invite: async (body: unknown) => (await admin().post<{ data: TTeamMember }>(PATH, body)).data,
  role: async ({ id, teamRole }: { id: string; teamRole: TeamRole }) =>
    (await admin().request<{ data: TTeamMember }>('PATCH', `${PATH}/${id}`, { body: { teamRole } })).data,
  remove: async (id: string) => {
    await admin().request('DELETE', `${PATH}/${id}`);
    return id;
  },
};

function memberName(member: TTeamMember): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || member.id;
}

function InviteForm() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const empty = { firstName: '', lastName: '', email: '', teamRole: 'moderator' as TeamRole };
  const { values, setValues, setErrors, bind } = useDraft(empty);
  // The address as the schema read it, for the confirmation.
  const sentTo = useRef('');
  const inviting = useAction({
    done: () => {
      setValues(empty);
      snackbar(t('admin.team.invitationSent', { email: sentTo.current }));
    },
    failed: (problem) => {
      if (problem.field) setErrors({ [problem.field]: problem.message });
      snackbar(problem.message, { variant: 'error' });
    },
  });
  const busy = inviting.pending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZTeamInviteRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues, language, () => VALIDATION_MESSAGES[language].REQUIRED));
      return;
    }
    sentTo.current = parsed.data.email;
    void inviting.submit('invite', parsed.data);
  }

  return (
    <Card title={t('admin.team.invite')}>
      <p className="mt-1 text-ink-muted">{t('admin.team.inviteLead')}</p>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-[1fr_1fr_1.4fr_10rem_auto] xl:items-start"
        onSubmit={submit}
        noValidate
        data-testid="invite-form"
      >
        <TextField label={t('admin.team.firstName')} autoComplete="off" {...bind('firstName')} />
        <TextField label={t('admin.team.lastName')} autoComplete="off" {...bind('lastName')} />
        <TextField label={t('admin.team.email')} type="email" inputMode="email" autoComplete="off" {...bind('email')} />
        <SelectField
          label={t('admin.team.role')}
          name="teamRole"
          value={values.teamRole}
          onChange={(e) => setValues((v) => ({ ...v, teamRole: e.target.value as TeamRole }))}
        >
          {TEAM_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2 xl:col-span-1 xl:pt-7">
          <Button type="submit" disabled={busy} className="w-full xl:w-auto">
            {busy ? t('admin.team.inviting') : t('admin.team.sendInvite')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function RoleSelect({ member, onChanged }: { member: TTeamMember; onChanged(member: TTeamMember): void }) {
  const { t } = useTranslation('portal');
  const snackbar = useSnackbar();
  const name = memberName(member);
  const changing = useAction<TTeamMember>({
    done: (saved) => {
      onChanged(saved);
      snackbar(t('admin.team.roleChanged', { name, role: t(`admin.roles.${saved.teamRole}`) }));
    },
    failed: (problem) => snackbar(problem.message, { variant: 'error' }),
  });
  return (
    <select
      className="select h-10 w-full min-w-28 py-1.5 text-sm"
      aria-label={t('admin.team.roleOf', { name })}
      value={member.teamRole}
      disabled={changing.pending}
      data-testid="member-role"
      onChange={(event) => void changing.submit('role', { id: member.id, teamRole: event.target.value as TeamRole })}
    >
      {TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`admin.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

/** The console's team (/admin/team): the members from the route's loader; owners invite, change roles and remove. */
export function TeamPage({ team }: { team: TTeamMember[] }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const { canManageTeam, profile } = useAdmin();
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const removal = useAction({
    done: () => {
      if (removing) snackbar(t('admin.team.removed', { name: memberName(removing) }));
      setRemoving(null);
    },
    failed: (problem) => snackbar(problem.message, { variant: 'error' }),
  });
  const busy = removal.pending;

  // A member who changed their own role: the console's menus follow at once.
  const replace = (member: TTeamMember) => {
    if (member.id === profile?.id && profile) session.updateProfile({ ...profile, teamRole: member.teamRole });
  };

  const when = (time: number | null) => (time ? `${formatDateLabel(time, language)} ${formatTime(time, language)}` : t('admin.team.never'));

  return (
    <div className="space-y-6">
      <PageTitle title={t('admin.team.title')} lead={t('admin.team.lead')} />
      {canManageTeam ? (
        <InviteForm />
      ) : (
        <Notice tone="neutral" testId="owners-only">
          {t('admin.team.ownersOnly')}
        </Notice>
      )}
      <Card aria-labelledby="members-title" padded={false} className="overflow-hidden">
        <h2 id="members-title" className="px-5 pt-5 text-xl font-semibold sm:px-6 sm:pt-6">
          {t('admin.team.members')}
        </h2>
        <div className="relative mt-4 overflow-x-auto">
          <table className="w-full text-start text-sm" data-testid="team-table">
            <TableHead
              columns={[
                { label: t('admin.team.name'), className: 'px-5 text-start sm:px-6' },
                { label: t('admin.team.role'), className: 'px-3 text-start' },
                { label: t('admin.team.status'), className: 'hidden px-3 text-start md:table-cell' },
                { label: t('admin.team.lastLogin'), className: 'hidden px-3 text-start md:table-cell' },
                canManageTeam && { label: <span className="sr-only">{t('admin.team.actions')}</span>, className: 'px-5 text-end sm:px-6' },
              ]}
            />
            <tbody className="divide-y divide-sand-200">
              {team.map((member) => {
                const self = member.id === profile?.id;
                return (
                  <tr key={member.id} data-testid="member-row" data-email={member.email ?? ''}>
                    <th scope="row" className="px-5 py-3 text-start font-normal sm:px-6">
                      <span className="font-semibold text-ink">{memberName(member)}</span>
                      {self ? <span className="ms-1 text-ink-muted">({t('admin.team.you')})</span> : null}
                      <span className="block text-ink-muted [overflow-wrap:anywhere]">{member.email}</span>
                      <span className="mt-1.5 flex flex-wrap items-center gap-2 text-ink-muted md:hidden">
                        <Badge tone={member.active ? 'approved' : 'pending'}>{member.active ? t('admin.team.active') : t('admin.team.invited')}</Badge>
                        <span>
                          {t('admin.team.lastLogin')}: {when(member.lastLoginAt)}
                        </span>
                      </span>
                    </th>
                    <td className="px-3 py-3 align-top">
                      {canManageTeam ? <RoleSelect member={member} onChanged={replace} /> : t(`admin.roles.${member.teamRole}`)}
                    </td>
                    <td className="hidden px-3 py-3 md:table-cell">
                      <Badge tone={member.active ? 'approved' : 'pending'}>{member.active ? t('admin.team.active') : t('admin.team.invited')}</Badge>
                    </td>
                    <td className="hidden px-3 py-3 text-ink-muted md:table-cell">{when(member.lastLoginAt)}</td>
                    {canManageTeam ? (
                      <td className="px-5 py-3 text-end sm:px-6">
                        {!self ? (
                          <Button variant="ghost" className="px-3 py-1.5 text-sm text-clay-700 hover:bg-clay-50" onClick={() => setRemoving(member)}>
                            {t('admin.team.remove')}
                            <span className="sr-only"> {memberName(member)}</span>
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>
      <Dialog
        open={removing !== null}
        title={removing ? t('admin.team.removeTitle', { name: memberName(removing) }) : ''}
        description={t('admin.team.removeBody')}
        onClose={() => setRemoving(null)}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => setRemoving(null)}>
            {t('common.cancel')}
          </Button>
          <Button className="bg-clay-700 hover:bg-clay-600" disabled={busy} onClick={() => removing && void removal.submit('remove', removing.id)}>
            {t('admin.team.confirmRemove')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
