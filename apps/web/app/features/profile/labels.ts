import type { BuyerRole, TCompanySummary } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';

/** "Retailer", "Distributor", "Institution buyer" or "Buyer", translated. */
export function useRoleLabel(): (role: BuyerRole | null | undefined) => string {
  const { t } = useTranslation();
  return (role) => {
    switch (role) {
      case 'retailer':
        return t('profile.roles.retailer');
      case 'distributor':
        return t('profile.roles.distributor');
      case 'institution':
        return t('profile.roles.institution');
      default:
        return t('profile.roles.buyer');
    }
  };
}

/** "Waiting for approval", "Approved", "Not approved", translated. */
export function useCompanyStatusLabel(): (status: TCompanySummary['status']) => string {
  const { t } = useTranslation();
  return (status) => {
    switch (status) {
      case 'pending':
        return t('company.status.pending');
      case 'approved':
        return t('company.status.approved');
      case 'rejected':
        return t('company.status.rejected');
    }
  };
}
