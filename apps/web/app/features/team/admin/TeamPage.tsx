import { TEAM_ROLES, VALIDATION_MESSAGES, ZTeamInviteRequestSchema, type TeamRole, type TTeamMember } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import { errorField, errorText, fieldErrorsFromIssues, type FieldErrors } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Badge, Card, Notice, PageTitle, Spinner } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/fields';
import { useAdmin } from '../../portal-shell/AdminPortal';

const PATH = '/v1/admin/team';

function memberName(member: TTeamMember): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || member.id;
}

function InviteForm({ onInvited }: { onInvited(member: TTeamMember): void }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const empty = { firstName: '', lastName: '', email: '', teamRole: 'moderator' as TeamRole };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const bind = (name: 'firstName' | 'lastName' | 'email') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZTeamInviteRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues, language, () => VALIDATION_MESSAGES[language].REQUIRED));
      return;
    }
    setBusy(true);
    try {
      const answer = await session.client().post<{ data: TTeamMember }>(PATH, parsed.data);
      onInvited(answer.data);
      setValues(empty);
      snackbar(t('admin.team.invitationSent', { email: parsed.data.email }));
    } catch (error) {
      const message = errorText(error, t);
      const field = errorField(error);
      if (field) setErrors({ [field]: message });
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-xl font-semibold">
        {t('admin.team.invite')}
      </h2>
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
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const name = memberName(member);
  return (
    <select
      className="select h-10 w-full min-w-28 py-1.5 text-sm"
      aria-label={t('admin.team.roleOf', { name })}
      value={member.teamRole}
      disabled={busy}
      data-testid="member-role"
      onChange={async (event) => {
        const teamRole = event.target.value as TeamRole;
        setBusy(true);
        try {
          const answer = await session.client().request<{ data: TTeamMember }>('PATCH', `${PATH}/${member.id}`, { body: { teamRole } });
          onChanged(answer.data);
          snackbar(t('admin.team.roleChanged', { name, role: t(`admin.roles.${teamRole}`) }));
        } catch (error) {
          snackbar(errorText(error, t), { variant: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`admin.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

export function TeamPage() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const { canManageTeam, profile } = useAdmin();
  const team = useResource<TTeamMember[]>(
    'team',
    (signal) =>
      session
        .client()
        .get<{ data: TTeamMember[] }>(PATH, { signal })
        .then((answer) => answer.data),
    session.expire,
  );
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const [busy, setBusy] = useState(false);

  const replace = (member: TTeamMember) => {
    team.setData((list) => list?.map((m) => (m.id === member.id ? member : m)));
    if (member.id === profile?.id && profile) session.updateProfile({ ...profile, teamRole: member.teamRole });
  };

  async function remove(member: TTeamMember) {
    setBusy(true);
    try {
      await session.client().request('DELETE', `${PATH}/${member.id}`);
      team.setData((list) => list?.filter((m) => m.id !== member.id));
      snackbar(t('admin.team.removed', { name: memberName(member) }));
      setRemoving(null);
    } catch (error) {
      snackbar(errorText(error, t), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const when = (time: number | null) => (time ? `${formatDateLabel(time, language)} ${formatTime(time, language)}` : t('admin.team.never'));

  return (
    <div className="space-y-6">
      <PageTitle title={t('admin.team.title')} lead={t('admin.team.lead')} />
      {canManageTeam ? (
        <InviteForm onInvited={(member) => team.setData((list) => [...(list ?? []), member])} />
      ) : (
        <Notice tone="neutral" testId="owners-only">
          {t('admin.team.ownersOnly')}
        </Notice>
      )}
      <Card aria-labelledby="members-title" padded={false} className="overflow-hidden">
        <h2 id="members-title" className="px-5 pt-5 text-xl font-semibold sm:px-6 sm:pt-6">
          {t('admin.team.members')}
        </h2>
        {team.data ? (
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid="team-table">
              <thead className="bg-sand-100 text-ink-muted">
                <tr>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold sm:px-6">
                    {t('admin.team.name')}
                  </th>
                  <th scope="col" className="px-3 py-2.5 text-start font-semibold">
                    {t('admin.team.role')}
                  </th>
                  <th scope="col" className="hidden px-3 py-2.5 text-start font-semibold md:table-cell">
                    {t('admin.team.status')}
                  </th>
                  <th scope="col" className="hidden px-3 py-2.5 text-start font-semibold md:table-cell">
                    {t('admin.team.lastLogin')}
                  </th>
                  {canManageTeam ? (
                    <th scope="col" className="px-5 py-2.5 text-end font-semibold sm:px-6">
                      <span className="sr-only">{t('admin.team.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-200">
                {team.data.map((member) => {
                  const self = member.id === profile?.id;
                  return (
                    <tr key={member.id} data-testid="member-row" data-email={member.email ?? ''}>
                      <th scope="row" className="px-5 py-3 text-start font-normal sm:px-6">
                        <span className="font-semibold text-ink">{memberName(member)}</span>
                        {self ? <span className="ms-1 text-ink-muted">({t('admin.team.you')})</span> : null}
                        <span className="block text-ink-muted [overflow-wrap:anywhere]">{member.email}</span>
                        <span className="mt-1.5 flex flex-wrap items-center gap-2 text-ink-muted md:hidden">
                          <Badge tone={member.active ? 'approved' : 'pending'}>
                            {member.active ? t('admin.team.active') : t('admin.team.invited')}
                          </Badge>
                          <span>
                            {t('admin.team.lastLogin')}: {when(member.lastLoginAt)}
                          </span>
                        </span>
                      </th>
                      <td className="px-3 py-3 align-top">
                        {canManageTeam ? <RoleSelect member={member} onChanged={replace} /> : t(`admin.roles.${member.teamRole}`)}
                      </td>
                      <td className="hidden px-3 py-3 md:table-cell">
                        <Badge tone={member.active ? 'approved' : 'pending'}>
                          {member.active ? t('admin.team.active') : t('admin.team.invited')}
                        </Badge>
                      </td>
                      <td className="hidden px-3 py-3 text-ink-muted md:table-cell">{when(member.lastLoginAt)}</td>
                      {canManageTeam ? (
                        <td className="px-5 py-3 text-end sm:px-6">
                          {!self ? (
                            <Button
                              variant="ghost"
                              className="px-3 py-1.5 text-sm text-clay-700 hover:bg-clay-50"
                              onClick={() => setRemoving(member)}
                            >
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
        ) : team.error ? (
          <div className="p-5 sm:p-6">
            <Notice tone="rejected" title={t('common.loadError')}>
              <p>{errorText(team.error, t)}</p>
            </Notice>
          </div>
        ) : (
          <div className="px-5 sm:px-6">
            <Spinner label={t('common.loading')} />
          </div>
        )}
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
          <Button className="bg-clay-700 hover:bg-clay-600" disabled={busy} onClick={() => removing && void remove(removing)}>
            {t('admin.team.confirmRemove')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
