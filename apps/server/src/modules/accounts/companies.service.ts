import {
  COMPANY_DOCUMENT_MAX_BYTES,
  COMPANY_LOGO_MAX_BYTES,
  type Language,
  type TCompanyApplication,
  type TCompanyRegistrationFields,
  type TReviewDecision,
} from '@tessera/contracts';
import { createCursorCodec, isTimeIdPosition, type CursorCodec, type TimeIdPosition } from '../../lib/cursor.js';
import { AppError, InvalidField } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { UploadRejected } from '../uploads/uploads.service.js';
import type { AccountsRepository } from './accounts.repository.js';
import { toCompanySummary } from './accounts.service.js';
import type { Notifier } from './credentials.service.js';

export interface CompanyFiles {
  logo: { data: Buffer; filename: string } | undefined;
  document: { data: Buffer; filename: string } | undefined;
}

/** Retailer and distributor companies: registration with documents, and the store team's review. */
export class CompaniesService {
  private readonly cursors: CursorCodec<TimeIdPosition>;

  constructor(private readonly deps: { repository: AccountsRepository; uploads: UploadsService; notifier: Notifier; cursorKey: Uint8Array }) {
    this.cursors = createCursorCodec<TimeIdPosition>({ key: deps.cursorKey, purpose: 'company-queue', field: 'query.cursor' });
  }

  /**
   * Registers the buyer's company, pending approval. The commercial registration must not have
   * expired and its number must be new; the logo must be an image and the document an image or a
   * PDF, judged by their content. A buyer whose application was rejected may apply again (the
   * rejection e-mail invites it): the new application replaces the rejected one and its files.
   */
  async register(options: { userId: string; fields: TCompanyRegistrationFields; files: CompanyFiles; today?: string }): Promise<void> {
    const { repository } = this.deps;
    const { fields, files, userId } = options;
    const existing = await repository.findCompanyByUser(userId);
    if (existing && existing.status !== 'rejected') throw new AppError('COMPANY_EXISTS');
    const rejected = existing;
    const today = options.today ?? new Date().toISOString().slice(0, 10);
    if (fields.registrationExpiry < today) throw new AppError('REGISTRATION_EXPIRED', 'registrationExpiry');
    const holder = await repository.findCompanyByRegistration(fields.registrationNumber);
    if (holder && holder.id !== rejected?.id) throw new AppError('REGISTRATION_NUMBER_TAKEN', 'registrationNumber');
    if (!files.logo) throw InvalidField('logo', 'COMPANY_LOGO_INVALID');
    if (!files.document) throw InvalidField('document', 'COMPANY_DOCUMENT_INVALID');

    const logo = await this.save(userId, 'company-logo', files.logo, ['image'], COMPANY_LOGO_MAX_BYTES, 'logo');
    let document;
    try {
      document = await this.save(userId, 'company-document', files.document, ['image', 'pdf'], COMPANY_DOCUMENT_MAX_BYTES, 'document');
    } catch (error) {
      await this.discard(userId, [logo.id]);
      throw error;
    }
    const now = Date.now();
    try {
      await repository.transaction(async (trx) => {
        if (rejected && !(await repository.deleteRejectedCompany(rejected.id, trx))) throw new AppError('COMPANY_EXISTS');
        await repository.insertCompany(
          {
            id: newId(),
            user_id: userId,
            role: fields.role,
            name: fields.companyName,
            registration_number: fields.registrationNumber,
            registration_expiry: fields.registrationExpiry,
            logo_upload_id: logo.id,
            document_upload_id: document.id,
            head_office_number: fields.headOfficeNumber,
            office_number: fields.officeNumber ?? null,
            headquarters_address: fields.headquartersAddress,
            website: fields.website || null,
            countries: JSON.stringify(fields.countries),
            cities: JSON.stringify(fields.cities),
            contact_name: fields.contactName,
            contact_mobile: fields.contactMobile,
            contact_email: fields.contactEmail,
            status: 'pending',
            rejection_reason: null,
            reviewed_by: null,
            reviewed_at: null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        await repository.updateUser(userId, { buyer_role: fields.role, updated_at: now }, trx);
      });
    } catch (error) {
      // A registration number taken at the same moment by someone else: the unique index decides.
      await this.discard(userId, [logo.id, document.id]);
      const taken = await repository.findCompanyByRegistration(fields.registrationNumber);
      if (taken && taken.user_id !== userId) throw new AppError('REGISTRATION_NUMBER_TAKEN', 'registrationNumber');
      const current = await repository.findCompanyByUser(userId);
      if (current && current.id !== rejected?.id) throw new AppError('COMPANY_EXISTS');
      throw error;
    }
    // The rejected application's files go with it.
    if (rejected) await this.discard(userId, [rejected.logo_upload_id, rejected.document_upload_id]);
  }

  async list(options: { status: 'pending' | 'approved' | 'rejected'; cursor?: string | undefined; limit: number }): Promise<{ items: TCompanyApplication[]; nextCursor: string | null }> {
    const before = options.cursor ? this.cursors.decode(options.cursor, isTimeIdPosition) : undefined;
    const rows = await this.deps.repository.listCompanies({ status: options.status, ...(before ? { before } : {}), limit: options.limit + 1 });
    const page = rows.slice(0, options.limit);
    const items = await Promise.all(
      page.map(async (row) => {
        const user = await this.deps.repository.findUser(row.user_id);
        return {
          ...toCompanySummary(row),
          applicant: {
            id: row.user_id,
            name: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
            email: user?.email ?? null,
            phone: user?.phone ? `${user.country_code ?? ''}${user.phone}` : null,
          },
        };
      }),
    );
    const last = page.at(-1);
    return { items, nextCursor: rows.length > options.limit && last ? this.cursors.encode({ createdAt: Number(last.created_at), id: last.id }) : null };
  }

  /** Approves or rejects a pending company and tells the applicant in their language. */
  async review(options: { companyId: string; reviewerId: string; decision: TReviewDecision }): Promise<void> {
    const { repository } = this.deps;
    const company = await repository.findCompany(options.companyId);
    if (!company) throw new AppError('NOT_FOUND');
    const now = Date.now();
    const approved = options.decision.decision === 'approve';
    const changed = await repository.reviewCompany(company.id, {
      status: approved ? 'approved' : 'rejected',
      rejection_reason: options.decision.decision === 'reject' ? options.decision.reason : null,
      reviewed_by: options.reviewerId,
      reviewed_at: now,
      updated_at: now,
    });
    if (!changed) throw new AppError('ALREADY_REVIEWED');
    const user = await repository.findUser(company.user_id);
    if (user?.email) {
      await this.deps.notifier.send({
        channel: 'email',
        to: user.email,
        userId: user.id,
        language: user.language as Language,
        template: approved ? 'company-approved' : 'company-rejected',
        params: approved ? { companyName: company.name } : { companyName: company.name, reason: options.decision.decision === 'reject' ? options.decision.reason : '' },
      });
    }
  }

  /** Removes the files of a registration that did not complete; a leftover file is harmless. */
  private async discard(ownerId: string, ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.deps.uploads.delete({ id, requester: { userId: ownerId, userType: 'buyer' } }).catch(() => undefined)));
  }

  private async save(
    ownerId: string,
    purpose: string,
    file: { data: Buffer; filename: string },
    accept: readonly ('image' | 'pdf')[],
    maxBytes: number,
    field: 'logo' | 'document',
  ) {
    try {
      return await this.deps.uploads.save({ ownerId, purpose, data: file.data, originalName: file.filename, accept, maxBytes, field });
    } catch (error) {
      if (error instanceof UploadRejected) throw InvalidField(field, field === 'logo' ? 'COMPANY_LOGO_INVALID' : 'COMPANY_DOCUMENT_INVALID');
      throw error;
    }
  }
}
