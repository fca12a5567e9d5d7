import { ERROR_MESSAGES, type TProfile } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { usePreferences } from '../../lib/preferences';
import { Alert } from '../../ui/Alert';

/**
 * The approval state of a buyer's company: while it waits or after a rejection, the seed's
 * 'profile not approved (contact customer care)' (the server's translated approvalMessage), with the
 * reason of a rejection.
 */
export function ApprovalBanner({ profile, showLink = true, className = '' }: { profile: TProfile; showLink?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const status = profile.approvalStatus;
  if (status !== 'pending' && status !== 'rejected') return null;
  const message = profile.approvalMessage ?? ERROR_MESSAGES[language].PROFILE_NOT_APPROVED;
  const company = profile.company?.companyName ?? '';
  return (
    <Alert
      tone={status === 'pending' ? 'warning' : 'error'}
      title={
        <span className="block first-letter:uppercase" data-testid="approval-message">
          {message}
        </span>
      }
      testId="approval-banner"
      className={className}
    >
      <p>{status === 'pending' ? t('profile.approval.pendingBody', { company }) : t('profile.approval.rejectedBody', { company })}</p>
      {status === 'rejected' && profile.company?.rejectionReason ? (
        <p className="mt-1" data-testid="rejection-reason">
          <span className="font-semibold">{t('profile.approval.reason')}</span> {profile.company.rejectionReason}
        </p>
      ) : null}
      {showLink ? (
        <Link to="/profile/company" className="mt-2 inline-block font-semibold underline underline-offset-4">
          {t('profile.approval.seeStatus')}
        </Link>
      ) : null}
    </Alert>
  );
}
