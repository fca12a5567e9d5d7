import { VALIDATION_MESSAGES, ZAddressInputSchema, ZCompanyRegistrationFieldsSchema, ZLoginRequestSchema, ZSignupRequestSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http';
import { describeFailure, issuesToErrors, validateWith } from './form';

const signup = {
  firstName: 'Amira',
  lastName: 'Haddad',
  email: 'amira@example.com',
  countryCode: '+60',
  phone: '123456789',
  password: 'linen-2026',
  confirmPassword: 'linen-2026',
};

const company = {
  role: 'distributor',
  companyName: 'Ceramica Norte',
  registrationNumber: 'CR-2026-0001',
  registrationExpiry: '2030-01-31',
  headOfficeNumber: '+60 3 1234 5678',
  headquartersAddress: '1 Jalan Tukang, Kuala Lumpur',
  countries: '["MY"]',
  cities: '["Kuala Lumpur"]',
  contactName: 'Amira Haddad',
  contactMobile: '+60 12 345 6789',
  contactEmail: 'amira@example.com',
};

describe('form validation with the contracts', () => {
  it('accepts a valid signup and answers the parsed data', () => {
    const result = validateWith(ZSignupRequestSchema, signup, 'en', 'check');
    expect(result).toMatchObject({ ok: true, data: { email: 'amira@example.com', phone: '123456789' } });
  });

  it.each(['en', 'es', 'ar', 'ms'] as const)('shows the seed messages in %s beside the fields', (language) => {
    const result = validateWith(ZSignupRequestSchema, { ...signup, firstName: '', email: 'not-an-email' }, language, 'check');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.firstName).toBe(VALIDATION_MESSAGES[language].ENTER_VALID_NAME);
    expect(result.errors.email).toBe(VALIDATION_MESSAGES[language].ENTER_VALID_EMAIL);
  });

  it("says 'At least 1 city should be selected' when no city is chosen", () => {
    const result = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, cities: '[]' }, 'en', 'check');
    expect(result).toEqual({ ok: false, errors: { cities: 'At least 1 city should be selected' } });
    const arabic = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, cities: '[]' }, 'ar', 'check');
    expect(arabic).toEqual({ ok: false, errors: { cities: 'يجب اختيار مدينة واحدة على الأقل' } });
  });

  it('uses "required" for an empty field only, and says what is wrong with a given value', () => {
    const address = {
      name: 'Amira Haddad',
      countryCode: '+60',
      mobile: '123456789',
      pincode: '',
      locality: 'Bangsar',
      city: 'Kuala Lumpur',
      state: 'WP',
      flatNumber: '3A',
      addressLine1: '1 Jalan Tukang',
      addressType: 'home',
    };
    expect(validateWith(ZAddressInputSchema, address, 'es', 'Revisa este campo')).toEqual({ ok: false, errors: { pincode: VALIDATION_MESSAGES.es.REQUIRED } });
    expect(validateWith(ZAddressInputSchema, { ...address, pincode: '#!#!' }, 'es', 'Revisa este campo')).toEqual({ ok: false, errors: { pincode: VALIDATION_MESSAGES.es.INVALID_FORMAT } });
    expect(validateWith(ZAddressInputSchema, { ...address, pincode: '#!' }, 'es', 'Revisa este campo')).toEqual({ ok: false, errors: { pincode: 'Usa al menos 3 caracteres' } });
  });

  it.each([
    ['en', 'Use at most 200 characters (this has 5,000)'],
    ['es', 'Usa como máximo 200 caracteres (tiene 5000)'],
    ['ar', 'استخدم 200 حرفًا على الأكثر (النص الحالي 5,000)'],
    ['ms', 'Gunakan paling banyak 200 aksara (ini ada 5,000)'],
  ] as const)('says a 5,000-character address is too long, not missing (%s)', (language, message) => {
    const address = { name: 'Amira Haddad', countryCode: '+60', mobile: '123456789', pincode: '50450', locality: 'Bangsar', city: 'Kuala Lumpur', state: 'WP', flatNumber: '3A', addressType: 'home' };
    const result = validateWith(ZAddressInputSchema, { ...address, addressLine1: 'x'.repeat(5000) }, language, 'check');
    expect(result).toEqual({ ok: false, errors: { addressLine1: message } });
  });

  it('names each class of mistake: too short, too long where the schema says "required" for empty, wrong format, not a choice', () => {
    const tooLong = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, headquartersAddress: 'Jalan '.repeat(100) }, 'en', 'check');
    expect(tooLong).toEqual({ ok: false, errors: { headquartersAddress: 'Use at most 300 characters (this has 599)' } });
    const tooShort = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, headquartersAddress: 'KL' }, 'en', 'check');
    expect(tooShort).toEqual({ ok: false, errors: { headquartersAddress: 'Use at least 5 characters' } });
    const empty = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, headquartersAddress: '  ' }, 'en', 'check');
    expect(empty).toEqual({ ok: false, errors: { headquartersAddress: 'This field is required' } });
    const format = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, registrationNumber: 'no spaces allowed' }, 'en', 'check');
    expect(format).toEqual({ ok: false, errors: { registrationNumber: 'This is not in the expected format' } });
    const choice = validateWith(ZCompanyRegistrationFieldsSchema, { ...company, role: 'wholesaler' }, 'ar', 'check');
    expect(choice).toEqual({ ok: false, errors: { role: VALIDATION_MESSAGES.ar.INVALID_CHOICE } });
    const password = validateWith(ZLoginRequestSchema, { email: 'amira@example.com', password: 'p'.repeat(129) }, 'en', 'check');
    expect(password).toEqual({ ok: false, errors: { password: 'Use at most 128 characters (this has 129)' } });
  });

  it('keeps the first message of each field', () => {
    const errors = issuesToErrors(
      [
        { path: ['email'], message: 'ENTER_VALID_EMAIL' },
        { path: ['email'], message: 'REQUIRED' },
        { path: [], message: 'PASSWORDS_DO_NOT_MATCH' },
      ],
      'ms',
      { email: 'x' },
      'check',
    );
    expect(errors).toEqual({ email: VALIDATION_MESSAGES.ms.ENTER_VALID_EMAIL, form: VALIDATION_MESSAGES.ms.PASSWORDS_DO_NOT_MATCH });
  });
});

describe('server failures', () => {
  it("puts a server message beside the field it names, when the form has that field", () => {
    const error = new HttpError(400, { code: 'VALIDATION', field: 'logo', message: 'Company Logo Image is not valid' });
    expect(describeFailure(error, ['logo', 'document'], 'offline')).toEqual({ field: 'logo', message: 'Company Logo Image is not valid' });
    expect(describeFailure(error, ['email'], 'offline')).toEqual({ message: 'Company Logo Image is not valid' });
  });

  it('uses the first part of a dotted field, and the network message when there was no answer', () => {
    const error = new HttpError(400, { code: 'VALIDATION', field: 'cities.0', message: 'Check' });
    expect(describeFailure(error, ['cities'], 'offline')).toEqual({ field: 'cities', message: 'Check' });
    expect(describeFailure(new TypeError('Failed to fetch'), ['cities'], 'offline')).toEqual({ message: 'offline' });
    expect(describeFailure(new HttpError(502, 'Bad gateway'), [], 'offline')).toEqual({ message: 'offline' });
  });
});
