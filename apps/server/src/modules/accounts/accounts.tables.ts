/** Tables the accounts module owns besides `users` (declared with the foundation). */

export interface CompaniesTable {
  id: string;
  user_id: string;
  /** retailer | distributor */
  role: string;
  name: string;
  registration_number: string;
  /** YYYY-MM-DD */
  registration_expiry: string;
  logo_upload_id: string;
  document_upload_id: string;
  head_office_number: string;
  office_number: string | null;
  headquarters_address: string;
  website: string | null;
  /** JSON array of ISO country codes. */
  countries: string;
  /** JSON array of city names. */
  cities: string;
  contact_name: string;
  contact_mobile: string;
  contact_email: string;
  /** pending | approved | rejected */
  status: string;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface InstitutionProfilesTable {
  user_id: string;
  institution_name: string;
  institution_type: string;
  tax_id: string | null;
  department: string | null;
  updated_at: number;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  name: string;
  country_code: string;
  mobile: string;
  pincode: string;
  locality: string;
  city: string;
  state: string;
  landmark: string | null;
  flat_number: string;
  address_line1: string;
  /** home | work */
  address_type: string;
  /** 1 for the one default address, else 0. */
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface VerificationCodesTable {
  id: string;
  user_id: string;
  /** mobile */
  purpose: string;
  /** The phone number (E.164) the code was sent to. */
  target: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Failed logins of one account from one client address (`address_key` a keyed hash of it), or from
 * every address (`address_key` '*'). See CredentialsService.checkLogin for the rule.
 */
export interface LoginFailuresTable {
  user_id: string;
  address_key: string;
  failures: number;
  last_failure_at: number;
  /** Until then this address (or, for '*', every address the account never logged in from) waits. */
  blocked_until: number | null;
}

/** Addresses an account logged in from (keyed hashes): they keep working while guesses come from elsewhere. */
export interface LoginKnownAddressesTable {
  user_id: string;
  address_key: string;
  last_login_at: number;
}

export interface AccountsTables {
  companies: CompaniesTable;
  institution_profiles: InstitutionProfilesTable;
  addresses: AddressesTable;
  verification_codes: VerificationCodesTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
}
