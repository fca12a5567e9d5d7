import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddressInputSchema,
  ZAddressSchema,
  ZCompanyRegistrationFieldsSchema,
  ZForgotPasswordRequestSchema,
  ZInstitutionBuyerSchema,
  ZLoginRequestSchema,
  ZMessageResponseSchema,
  ZProfileResponseSchema,
  ZProfileUpdateSchema,
  ZResetPasswordRequestSchema,
  ZSendCodeResponseSchema,
  ZSessionResponseSchema,
  ZSignupRequestSchema,
  ZVerifyCodeRequestSchema,
  COMPANY_DOCUMENT_MAX_BYTES,
  COMPANY_LOGO_MAX_BYTES,
  UPLOAD_RULES,
  zId,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { parseFields } from '../../http/parse-fields.js';
import { AppError, InvalidField } from '../../lib/errors.js';
import type { AuthService } from '../auth/index.js';
import { readMultipartFiles, registerMultipart, type UploadsService } from '../uploads/index.js';
import type { AccountsService } from './accounts.service.js';
import type { AddressesService } from './addresses.service.js';
import type { CompaniesService } from './companies.service.js';
import type { CredentialsService } from './credentials.service.js';
import { openSessionResponse } from './session-response.js';

export interface AccountsRouteDeps {
  auth: AuthService;
  accounts: AccountsService;
  credentials: CredentialsService;
  companies: CompaniesService;
  addresses: AddressesService;
  uploads: UploadsService;
}

const ZIdParamsSchema = z.object({ id: zId() });
const PROFILE_PICTURE_MAX_BYTES = UPLOAD_RULES['profile-picture'].maxBytes;

/** Refuses (400 naming profilePic) an upload id that is not an image uploaded by the caller. */
async function assertOwnImage(uploads: UploadsService, id: string, requester: { userId: string; userType: string }): Promise<void> {
  const upload = await uploads.get({ id, requester }).catch(() => undefined);
  if (!upload || upload.ownerId !== requester.userId || !upload.contentType.startsWith('image/')) throw new AppError('VALIDATION', 'profilePic');
}

/** Buyers: signup, login, verification, passwords, profile, company registration and addresses. */
export function accountsRoutes(deps: AccountsRouteDeps): FastifyPluginAsync {
  const { auth, accounts, credentials, companies, addresses, uploads } = deps;
  return async (app) => {
    await registerMultipart(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const signIn = { rateLimit: app.signInRateLimit } as const;
    const buyerOnly = { access: ['buyer'] } as const;

    typed.post(
      '/v1/customer/signup',
      {
        config: { access: 'public', ...signIn },
        schema: {
          tags: ['accounts'],
          summary: "Sign up as a buyer; a guest's token, when sent, keeps the guest's cart and searches",
          body: ZSignupRequestSchema,
          response: { 200: ZSessionResponseSchema },
        },
      },
      async (request) => {
        const guest = await auth.identify({ accessToken: request.headers.authorization });
        const guestId = guest?.userType === 'guest' ? guest.userId : undefined;
        const userId = await accounts.signUpBuyer({ input: request.body, language: requestLanguage(request), ...(guestId ? { guestId } : {}) });
        if (guest && guestId === userId) await auth.logout({ auth: guest });
        return openSessionResponse({ request, auth, accounts, userId, userType: 'buyer', message: 'Signed up' });
      },
    );

    typed.post(
      '/v1/customer/login',
      {
        config: { access: 'public', ...signIn },
        schema: { tags: ['accounts'], summary: 'Log in as a buyer by e-mail or mobile number', body: ZLoginRequestSchema, response: { 200: ZSessionResponseSchema } },
      },
      async (request) => {
        const user = await credentials.checkLogin({ input: request.body, allowed: ['buyer'], address: request.ip });
        const guest = await auth.identify({ accessToken: request.headers.authorization });
        if (guest?.userType === 'guest') {
          await accounts.mergeGuest({ guestId: guest.userId, userId: user.id });
          await auth.logout({ auth: guest });
        }
        return openSessionResponse({ request, auth, accounts, userId: user.id, userType: 'buyer', message: 'Logged in' });
      },
    );

    typed.post(
      '/v1/password/forgot',
      {
        config: { access: 'public', ...signIn },
        schema: {
          tags: ['accounts'],
          summary: 'Send a password-reset link to the e-mail, when it belongs to an account',
          body: ZForgotPasswordRequestSchema.extend({ portal: z.enum(['buyer', 'seller', 'team']).default('buyer') }),
          response: { 200: ZMessageResponseSchema },
        },
      },
      async (request) => {
        const resetPath = { buyer: '/reset-password', seller: '/seller/reset-password', team: '/admin/set-password' }[request.body.portal];
        // Not awaited: the answer comes as fast whether or not the e-mail has an account.
        credentials.requestPasswordReset({ email: request.body.email, resetPath }).catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'));
        return { message: 'If an account uses this e-mail, a link to reset its password is on its way.' };
      },
    );

    typed.post(
      '/v1/password/reset',
      {
        config: { access: 'public', ...signIn },
        schema: { tags: ['accounts'], summary: 'Set a new password with a reset link; ends every session', body: ZResetPasswordRequestSchema, response: { 200: ZMessageResponseSchema } },
      },
      async (request) => {
        await credentials.resetPassword({ token: request.body.token, password: request.body.password });
        return { message: 'Password changed. Log in with the new password.' };
      },
    );

    typed.get(
      '/v1/customer/profile',
      { config: buyerOnly, schema: { tags: ['accounts'], summary: 'The signed-in buyer’s profile', response: { 200: ZProfileResponseSchema } } },
      async (request) => ({ message: 'ok', data: await accounts.getProfile({ userId: request.auth.userId, language: requestLanguage(request) }) }),
    );

    typed.patch(
      '/v1/customer/profile',
      { config: buyerOnly, schema: { tags: ['accounts'], summary: 'Change name, e-mail, phone, picture, language or currency', body: ZProfileUpdateSchema, response: { 200: ZProfileResponseSchema } } },
      async (request) => {
        // A picture is one of the buyer's own uploaded images, never an id of someone else's file.
        if (typeof request.body.profilePic === 'string') await assertOwnImage(uploads, request.body.profilePic, request.auth);
        return {
          message: 'Profile updated',
          data: await accounts.updateProfile({ userId: request.auth.userId, changes: request.body, language: requestLanguage(request) }),
        };
      },
    );

    typed.post(
      '/v1/customer/profile/picture',
      {
        config: buyerOnly,
        schema: { tags: ['accounts'], summary: 'Upload a profile picture (multipart field "picture")', consumes: ['multipart/form-data'], response: { 200: ZProfileResponseSchema } },
      },
      async (request) => {
        const form = await readMultipartFiles(request, { maxFileBytes: PROFILE_PICTURE_MAX_BYTES, maxFiles: 1, fileFields: ['picture'], fields: [] });
        const file = form.files[0];
        if (!file) throw InvalidField('picture', 'IMAGE_FORMAT_INVALID');
        // Decoded and re-encoded: only the picture's pixels are kept, never the bytes as sent.
        const saved = await uploads.saveChecked({ ownerId: request.auth.userId, purpose: 'profile-picture', data: file.data, originalName: file.filename, field: 'picture' });
        return {
          message: 'Profile picture updated',
          data: await accounts.updateProfile({ userId: request.auth.userId, changes: { profilePic: saved.id }, language: requestLanguage(request) }),
        };
      },
    );

    typed.patch(
      '/v1/customer/institutionBuyer',
      { config: buyerOnly, schema: { tags: ['accounts'], summary: 'Register as an institution buyer', body: ZInstitutionBuyerSchema, response: { 200: ZProfileResponseSchema } } },
      async (request) => ({
        message: 'Institution details saved',
        data: await accounts.setInstitutionBuyer({ userId: request.auth.userId, input: request.body, language: requestLanguage(request) }),
      }),
    );

    typed.post(
      '/v1/customer/mobile/sendCode',
      { config: { ...buyerOnly, ...signIn }, schema: { tags: ['accounts'], summary: 'Send a 6-digit code to the mobile number', response: { 200: ZSendCodeResponseSchema } } },
      async (request) => ({ message: 'Code sent', data: await credentials.sendMobileCode({ userId: request.auth.userId }) }),
    );

    typed.post(
      '/v1/customer/mobile/verify',
      { config: { ...buyerOnly, ...signIn }, schema: { tags: ['accounts'], summary: 'Verify the mobile number with the code', body: ZVerifyCodeRequestSchema, response: { 200: ZProfileResponseSchema } } },
      async (request) => {
        await credentials.verifyMobileCode({ userId: request.auth.userId, code: request.body.code });
        return { message: 'Mobile number verified', data: await accounts.getProfile({ userId: request.auth.userId, language: requestLanguage(request) }) };
      },
    );

    typed.post(
      '/v1/customer/company',
      {
        config: buyerOnly,
        schema: {
          tags: ['accounts'],
          summary: 'Register the buyer’s company as a retailer or distributor (multipart: the fields, "logo" and "document")',
          description: 'The company waits for the store team’s approval; until then the buyer can browse and chat but not check out.',
          consumes: ['multipart/form-data'],
          response: { 200: ZProfileResponseSchema },
        },
      },
      async (request) => {
        const form = await readMultipartFiles(request, {
          maxFileBytes: COMPANY_DOCUMENT_MAX_BYTES,
          // Each file's own limit, counted as it streams in: a 3 MB logo stops at its 2 MB.
          maxBytesByField: { logo: COMPANY_LOGO_MAX_BYTES, document: COMPANY_DOCUMENT_MAX_BYTES },
          tooLarge: (field) => InvalidField(field, field === 'logo' ? 'COMPANY_LOGO_INVALID' : 'COMPANY_DOCUMENT_INVALID'),
          maxFiles: 2,
          fileFields: ['logo', 'document'],
          fields: Object.keys(ZCompanyRegistrationFieldsSchema.shape),
        });
        const fields = parseFields(ZCompanyRegistrationFieldsSchema, form.fields);
        const file = (name: string) => form.files.find((f) => f.field === name);
        await companies.register({ userId: request.auth.userId, fields, files: { logo: file('logo'), document: file('document') } });
        return { message: 'Company registered: pending approval', data: await accounts.getProfile({ userId: request.auth.userId, language: requestLanguage(request) }) };
      },
    );

    // Addresses

    typed.get(
      '/v1/customer/addresses',
      { config: buyerOnly, schema: { tags: ['addresses'], summary: 'The buyer’s addresses, default first', response: { 200: z.object({ message: z.string(), data: z.array(ZAddressSchema) }) } } },
      async (request) => ({ message: 'ok', data: await addresses.list({ userId: request.auth.userId }) }),
    );

    typed.post(
      '/v1/customer/addresses',
      { config: buyerOnly, schema: { tags: ['addresses'], summary: 'Add an address (the first one becomes the default)', body: ZAddressInputSchema, response: { 200: z.object({ message: z.string(), data: ZAddressSchema }) } } },
      async (request) => ({ message: 'Address added', data: await addresses.add({ userId: request.auth.userId, input: request.body }) }),
    );

    typed.put(
      '/v1/customer/addresses/:id',
      {
        config: buyerOnly,
        schema: { tags: ['addresses'], summary: 'Edit an address', params: ZIdParamsSchema, body: ZAddressInputSchema, response: { 200: z.object({ message: z.string(), data: ZAddressSchema }) } },
      },
      async (request) => ({ message: 'Address updated', data: await addresses.update({ userId: request.auth.userId, id: request.params.id, input: request.body }) }),
    );

    typed.put(
      '/v1/customer/addresses/:id/default',
      { config: buyerOnly, schema: { tags: ['addresses'], summary: 'Make an address the default', params: ZIdParamsSchema, response: { 200: z.object({ message: z.string(), data: ZAddressSchema }) } } },
      async (request) => ({ message: 'Default address set', data: await addresses.setDefault({ userId: request.auth.userId, id: request.params.id }) }),
    );

    typed.delete(
      '/v1/customer/addresses/:id',
      { config: buyerOnly, schema: { tags: ['addresses'], summary: 'Delete an address', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await addresses.remove({ userId: request.auth.userId, id: request.params.id });
        return { message: 'Address deleted' };
      },
    );
  };
}
