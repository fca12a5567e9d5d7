import type { TCompanyRegistrationFields, TProfile } from '@tessera/contracts';
import { api } from '../../lib/api';
import { setProfile } from '../auth/account';

export const COMPANY_PATH = '/v1/customer/company';

/** The registration form as the server reads it: text fields (lists as JSON) plus `logo` and `document`. */
export interface CompanyRegistration {
  fields: Omit<TCompanyRegistrationFields, 'countries' | 'cities'> & { countries: string[]; cities: string[] };
  /** Null when a corrected application keeps the file already on file. */
  logo: File | null;
  document: File | null;
}

export function companyFormData({ fields, logo, document }: CompanyRegistration): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === '') continue;
    form.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  if (logo) form.append('logo', logo, logo.name);
  if (document) form.append('document', document, document.name);
  return form;
}

/** Registers the buyer's company (pending approval); answers the updated profile. */
export async function registerCompany(registration: CompanyRegistration): Promise<TProfile> {
  const profile = (await api().post<{ data: TProfile }>(COMPANY_PATH, companyFormData(registration))).data;
  setProfile(profile);
  return profile;
}
