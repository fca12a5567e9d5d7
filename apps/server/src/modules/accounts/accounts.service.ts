import type { Kysely, Transaction } from 'kysely';
import {
  errorMessage,
  isLanguage,
  type BuyerRole,
  type Language,
  type TCompanySummary,
  type TInstitutionBuyer,
  type TProfile,
  type TProfileUpdate,
  type TSignupRequest,
  type TeamRole,
  type UserType,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { AccountsRepository, type CompanyRow, type UserRow } from './accounts.repository.js';
import { hashPassword } from './passwords.js';
import { uploadPath } from '../uploads/index.js';

export interface NewAccount {
  type: Exclude<UserType, 'guest'>;
  email: string;
  firstName: string;
  lastName: string;
  countryCode?: string;
  phone?: string;
  password?: string;
  buyerRole?: BuyerRole;
  teamRole?: TeamRole;
  language?: Language;
}

export interface Account {
  id: string;
  type: UserType;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  language: Language;
  teamRole: TeamRole | null;
}

/** Something another module keeps for a guest (a cart, recent searches) that must follow it into an account. */
export type GuestMergeHandler = (options: { guestId: string; userId: string; trx: Transaction<Database> }) => Promise<void>;

export const uploadUrl = (id: string | null): string | null => (id ? uploadPath(id) : null);

/** Accounts of every kind: anonymous guests, buyers, sellers and the store team. */
export class AccountsService {
  readonly repository: AccountsRepository;
  private readonly guestMergeHandlers: GuestMergeHandler[] = [];
  private readonly nameChangeHandlers: Array<(userId: string) => Promise<void>> = [];

  constructor(db: Kysely<Database>) {
    this.repository = new AccountsRepository(db);
  }

  /** Lets a module carry its guest data over when a guest logs in to an existing account. */
  onGuestMerge(handler: GuestMergeHandler): void {
    this.guestMergeHandlers.push(handler);
  }

  /** Called after a user's first or last name changed (committed): reviews show their author's name. */
  onNameChanged(handler: (userId: string) => Promise<void>): void {
    this.nameChangeHandlers.push(handler);
  }

  /** A guest is a user row too, so that a cart or recent searches can belong to it before signup. */
  async createGuest(options: { language: Language; trx?: Transaction<Database> }): Promise<string> {
    const now = Date.now();
    const id = newId();
    await this.repository.insertUser(
      {
        id,
        type: 'guest',
        email: null,
        first_name: null,
        last_name: null,
        buyer_role: null,
        team_role: null,
        language: options.language,
        created_at: now,
        updated_at: now,
      },
      options.trx,
    );
    return id;
  }

  async createAccount(options: NewAccount & { trx?: Transaction<Database> }): Promise<string> {
    const now = Date.now();
    const id = newId();
    const contacts = { email: options.email, countryCode: options.countryCode, phone: options.phone };
    await this.assertContactsFree(contacts, options.trx);
    const passwordHash = options.password ? await hashPassword(options.password) : null;
    await this.whileContactsFree(contacts, undefined, options.trx, () =>
      this.repository.insertUser(
        {
          id,
          type: options.type,
          email: options.email.trim().toLowerCase(),
          first_name: options.firstName,
          last_name: options.lastName,
          country_code: options.countryCode ?? null,
          phone: options.phone ?? null,
          password_hash: passwordHash,
          buyer_role: options.buyerRole ?? null,
          team_role: options.teamRole ?? null,
          language: options.language ?? 'en',
          created_at: now,
          updated_at: now,
        },
        options.trx,
      ),
    );
    return id;
  }

  /**
   * Buyer signup. When the caller is a guest, its user row becomes the buyer (same id), so its
   * cart and recent searches stay with it; otherwise a new account is created.
   */
  async signUpBuyer(options: { input: TSignupRequest; guestId?: string; language: Language }): Promise<string> {
    const { input } = options;
    const language = input.language ?? options.language;
    if (options.guestId) {
      await this.assertContactsFree(input);
      const passwordHash = await hashPassword(input.password);
      const guestId = options.guestId;
      const upgraded = await this.whileContactsFree(input, guestId, undefined, () =>
        this.repository.upgradeGuest(guestId, {
          type: 'buyer',
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          country_code: input.countryCode,
          phone: input.phone,
          password_hash: passwordHash,
          language,
          updated_at: Date.now(),
        }),
      );
      if (upgraded) return guestId;
    }
    return this.createAccount({ type: 'buyer', ...input, language });
  }

  /** Hands a guest's data to the account it logged in to. */
  async mergeGuest(options: { guestId: string; userId: string }): Promise<void> {
    if (options.guestId === options.userId || this.guestMergeHandlers.length === 0) return;
    await this.repository.transaction(async (trx) => {
      for (const handler of this.guestMergeHandlers) await handler({ ...options, trx });
    });
  }

  async findByEmail(options: { email: string }): Promise<Account | undefined> {
    const row = await this.repository.findUserByEmail(options.email.trim().toLowerCase());
    return row && toAccount(row);
  }

  async findById(options: { id: string }): Promise<Account | undefined> {
    const row = await this.repository.findUser(options.id);
    return row && toAccount(row);
  }

  async hasRegisteredAccounts(): Promise<boolean> {
    return (await this.repository.countRegistered()) > 0;
  }

  /** The caller's own profile, with its approval state in the caller's language. */
  async getProfile(options: { userId: string; language: Language }): Promise<TProfile> {
    const user = await this.repository.findUser(options.userId);
    if (!user) throw new AppError('NOT_FOUND');
    const [company, institution] = await Promise.all([this.repository.findCompanyByUser(user.id), this.repository.findInstitution(user.id)]);
    const approvalStatus = company ? (company.status as 'pending' | 'approved' | 'rejected') : 'none';
    const approved = approvalStatus === 'none' || approvalStatus === 'approved';
    return {
      id: user.id,
      userType: user.type as UserType,
      firstName: user.first_name,
      lastName: user.last_name,
      name: [user.first_name, user.last_name].filter(Boolean).join(' '),
      email: user.email,
      countryCode: user.country_code,
      phone: user.phone,
      phoneVerified: user.phone_verified_at !== null,
      profilePic: uploadUrl(user.profile_pic_upload_id),
      language: isLanguage(user.language) ? user.language : 'en',
      currency: user.currency,
      buyerRole: (user.buyer_role as BuyerRole | null) ?? null,
      teamRole: (user.team_role as TeamRole | null) ?? null,
      approvalStatus,
      approvalMessage: approved ? null : errorMessage('PROFILE_NOT_APPROVED', options.language),
      canCheckout: user.type === 'buyer' && approved,
      company: company ? toCompanySummary(company) : null,
      institution: institution
        ? {
            institutionName: institution.institution_name,
            institutionType: institution.institution_type as TInstitutionBuyer['institutionType'],
            ...(institution.tax_id ? { taxId: institution.tax_id } : {}),
            ...(institution.department ? { department: institution.department } : {}),
          }
        : null,
    };
  }

  /** Refuses checkout to a buyer whose company has not been approved (seed §8). */
  async assertMayCheckOut(options: { userId: string }): Promise<void> {
    const company = await this.repository.findCompanyByUser(options.userId);
    if (company && company.status !== 'approved') throw new AppError('PROFILE_NOT_APPROVED');
  }

  async updateProfile(options: { userId: string; changes: TProfileUpdate; language: Language }): Promise<TProfile> {
    const { changes, userId } = options;
    const user = await this.repository.findUser(userId);
    if (!user) throw new AppError('NOT_FOUND');
    const phoneChanged =
      (changes.phone !== undefined && changes.phone !== user.phone) || (changes.countryCode !== undefined && changes.countryCode !== user.country_code);
    if (phoneChanged && !((changes.phone ?? user.phone) && (changes.countryCode ?? user.country_code))) {
      throw new AppError('VALIDATION', changes.phone === undefined ? 'phone' : 'countryCode');
    }
    const contacts = {
      email: changes.email !== undefined && changes.email !== user.email ? changes.email : undefined,
      countryCode: phoneChanged ? (changes.countryCode ?? user.country_code ?? undefined) : undefined,
      phone: phoneChanged ? (changes.phone ?? user.phone ?? undefined) : undefined,
    };
    await this.assertContactsFree(contacts, undefined, userId);
    const update = {
      ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.countryCode !== undefined ? { country_code: changes.countryCode } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      // A new number has to be verified again.
      ...(phoneChanged ? { phone_verified_at: null } : {}),
      ...(changes.profilePic !== undefined ? { profile_pic_upload_id: changes.profilePic } : {}),
      ...(changes.language !== undefined ? { language: changes.language } : {}),
      ...(changes.currency !== undefined ? { currency: changes.currency } : {}),
      updated_at: Date.now(),
    };
    await this.whileContactsFree(contacts, userId, undefined, () => this.repository.updateUser(userId, update));
    const renamed =
      (changes.firstName !== undefined && changes.firstName !== user.first_name) || (changes.lastName !== undefined && changes.lastName !== user.last_name);
    if (renamed) for (const handler of this.nameChangeHandlers) await handler(userId);
    return this.getProfile({ userId, language: options.language });
  }

  /** The institution-buyer variant: a school, hospital or public body buying for itself. */
  async setInstitutionBuyer(options: { userId: string; input: TInstitutionBuyer; language: Language }): Promise<TProfile> {
    const now = Date.now();
    await this.repository.transaction(async (trx) => {
      await this.repository.upsertInstitution(
        {
          user_id: options.userId,
          institution_name: options.input.institutionName,
          institution_type: options.input.institutionType,
          tax_id: options.input.taxId ?? null,
          department: options.input.department ?? null,
          updated_at: now,
        },
        trx,
      );
      await this.repository.updateUser(options.userId, { buyer_role: 'institution', updated_at: now }, trx);
    });
    return this.getProfile({ userId: options.userId, language: options.language });
  }

  /**
   * Runs a write that sets an e-mail or mobile number checked free just before. When another
   * request took one of them in between, the unique index refuses the write: answer that as
   * EMAIL_TAKEN or PHONE_TAKEN (409), not as a failure of the server. Inside a caller's
   * transaction the failed statement has spoiled it (PostgreSQL), so the error is left as it is.
   */
  private async whileContactsFree<T>(
    contacts: { email?: string | undefined; countryCode?: string | undefined; phone?: string | undefined },
    exceptUserId: string | undefined,
    trx: Transaction<Database> | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!trx) await this.assertContactsFree(contacts, undefined, exceptUserId);
      throw error;
    }
  }

  /** E-mail and mobile number each belong to one account. */
  private async assertContactsFree(
    contacts: { email?: string | undefined; countryCode?: string | undefined; phone?: string | undefined },
    trx?: Transaction<Database>,
    exceptUserId?: string,
  ): Promise<void> {
    if (contacts.email) {
      const owner = await this.repository.findUserByEmail(contacts.email.trim().toLowerCase(), trx);
      if (owner && owner.id !== exceptUserId) throw new AppError('EMAIL_TAKEN', 'email');
    }
    if (contacts.countryCode && contacts.phone) {
      const owner = await this.repository.findUserByPhone(contacts.countryCode, contacts.phone, trx);
      if (owner && owner.id !== exceptUserId) throw new AppError('PHONE_TAKEN', 'phone');
    }
  }
}

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    type: row.type as UserType,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    language: isLanguage(row.language) ? row.language : 'en',
    teamRole: (row.team_role as TeamRole | null) ?? null,
  };
}

export function toCompanySummary(row: CompanyRow): TCompanySummary {
  return {
    id: row.id,
    role: row.role as TCompanySummary['role'],
    companyName: row.name,
    registrationNumber: row.registration_number,
    registrationExpiry: row.registration_expiry,
    headOfficeNumber: row.head_office_number,
    officeNumber: row.office_number,
    headquartersAddress: row.headquarters_address,
    website: row.website,
    countries: JSON.parse(row.countries) as string[],
    cities: JSON.parse(row.cities) as string[],
    contactName: row.contact_name,
    contactMobile: row.contact_mobile,
    contactEmail: row.contact_email,
    logoUrl: uploadPath(row.logo_upload_id),
    documentUrl: uploadPath(row.document_upload_id),
    status: row.status as TCompanySummary['status'],
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
  };
}
