import {
  type Language,
  type TCompanyApplication,
  type TCompanyRegistrationFields,
  type TReviewDecision,
} from '@tessera/contracts';
import { createCursorCodec, isTimeIdPosition, type CursorCodec, type TimeIdPosition } from '../../lib/cursor.js';
import { AppError, InvalidField } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { UploadsService } from '../uploads/index.js';
import type { AccountsRepository } from './accounts.repository.js';
import { toCompanySummary } from './accounts.service.js';
import type { TransactionalNotifier } from '../notifications/index.js';

export interface CompanyFiles {
  logo: { data: Buffer; filename: string } | undefined;
  document: { data: Buffer; filename: string } | undefined;
}

/** Retailer and distributor companies: registration with documents, and the store team's review. */
export class CompaniesService {
  private readonly cursors: CursorCodec<TimeIdPosition>;

  constructor(private readonly deps: { repository: AccountsRepository; uploads: UploadsService; mailer: TransactionalNotifier; cursorKey: Uint8Array }) {
    this.cursors = createCursorCodec<TimeIdPosition>({ key: deps.cursorKey, purpose: 'company-queue', field: 'query.cursor' });
  }

  /**
   * Registers the buyer's company, pending approval. The commercial registration must not have
   * expired and its number must be new; the logo must be an image and the document an image or a
   * PDF, judged by their content. A buyer whose application was rejected may correct and resubmit
   * it (the rejection e-mail invites it): the new application replaces the rejected one, back to
   * pending, and keeps its logo or document unless a new one is sent.
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
    // A corrected application may keep the rejected one's files: only a file sent replaces one.
    if (!files.logo && !rejected) throw InvalidField('logo', 'COMPANY_LOGO_INVALID');
    if (!files.document && !rejected) throw InvalidField('document', 'COMPANY_DOCUMENT_INVALID');

    const saved: string[] = [];
    const keepOrSave = async (purpose: 'company-logo' | 'company-document', field: 'logo' | 'document', kept: string | undefined) => {
      const file = files[field];
      if (!file) return kept as string;
      const { id } = await this.save(userId, purpose, file, field);
      saved.push(id);
      return id;
    };
    let logoId: string;
    let documentId: string;
    try {
      logoId = await keepOrSave('company-logo', 'logo', rejected?.logo_upload_id);
      documentId = await keepOrSave('company-document', 'document', rejected?.document_upload_id);
    } catch (error) {
      await this.discard(userId, saved);
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
            logo_upload_id: logoId,
            document_upload_id: documentId,
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
      await this.discard(userId, saved);
      const taken = await repository.findCompanyByRegistration(fields.registrationNumber);
      if (taken && taken.user_id !== userId) throw new AppError('REGISTRATION_NUMBER_TAKEN', 'registrationNumber');
      const current = await repository.findCompanyByUser(userId);
      if (current && current.id !== rejected?.id) throw new AppError('COMPANY_EXISTS');
      throw error;
    }
    // The rejected application's files that were replaced go with it.
    if (rejected) await this.discard(userId, [rejected.logo_upload_id, rejected.document_upload_id].filter((id) => id !== logoId && id !== documentId));
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

  /**
   * Approves or rejects a pending company and tells the applicant in their language: the e-mail is
   * queued in the review's transaction, so it exists exactly when the decision does and the events
   * outbox delivers it after the commit (again after a crash).
   */
  async review(options: { companyId: string; reviewerId: string; decision: TReviewDecision }): Promise<void> {
    const { repository } = this.deps;
    const company = await repository.findCompany(options.companyId);
    if (!company) throw new AppError('NOT_FOUND');
    const now = Date.now();
    const approved = options.decision.decision === 'approve';
    const reason = options.decision.decision === 'reject' ? options.decision.reason : '';
    const changed = await repository.transaction(async (trx) => {
      const reviewed = await repository.reviewCompany(
        company.id,
        { status: approved ? 'approved' : 'rejected', rejection_reason: approved ? null : reason, reviewed_by: options.reviewerId, reviewed_at: now, updated_at: now },
        trx,
      );
      if (!reviewed) return false;
      const user = await repository.findUser(company.user_id, trx);
      if (user?.email) {
        await this.deps.mailer.queue({
          trx: trx as never,
          channel: 'email',
          to: user.email,
          userId: user.id,
          language: user.language as Language,
          template: approved ? 'company-approved' : 'company-rejected',
          params: approved ? { companyName: company.name } : { companyName: company.name, reason },
        });
      }
      return true;
    });
    if (!changed) throw new AppError('ALREADY_REVIEWED');
    this.deps.mailer.nudge();
  }

  /** Removes the files of a registration that did not complete; a leftover file is harmless. */
  private async discard(ownerId: string, ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.deps.uploads.delete({ id, requester: { userId: ownerId, userType: 'buyer' } }).catch(() => undefined)));
  }

  /**
   * Keeps a registration file: a picture decoded and re-encoded, a PDF checked by structure. A file
   * of the wrong kind or that does not decode answers the seed's text for its field ('Company Logo
   * Image is not valid'); too many pixels or a PDF with active content say so.
   */
  private async save(ownerId: string, purpose: 'company-logo' | 'company-document', file: { data: Buffer; filename: string }, field: 'logo' | 'document') {
    const invalidMessage = field === 'logo' ? 'COMPANY_LOGO_INVALID' : 'COMPANY_DOCUMENT_INVALID';
    return this.deps.uploads.saveChecked({ ownerId, purpose, data: file.data, originalName: file.filename, field, invalidMessage });
  }
}
